/// The two-stack period, for an app whose deployment target is below iOS 17.4 (or unknown): a small
/// `CallBackend` protocol, the CallKit implementation the app keeps for older systems, the
/// LiveCommunicationKit one (`CallingSystem`, marked `@available(iOS 17.4, *)`), and a factory that
/// picks one with `#available`. The app's call logic sits behind `onAction`, written once for both.
enum ScaffoldTwoStackTemplate {
    /// What marks each LiveCommunicationKit declaration in the two-stack form.
    static let availability = "@available(iOS 17.4, *)\n"

    /// The deployment target as the generated comments and `TODO.md` state it.
    static func targetPhrase(_ facts: ScaffoldFacts) -> String {
        facts.deploymentTarget.map { "the deployment target is iOS \($0)" }
            ?? "the deployment target is unknown (no settings file named one), and this form is correct on any"
    }

    /// `CallBackend.swift`: the protocol, the actions that come back, and the factory.
    static func callBackend(_ facts: ScaffoldFacts) -> String {
        ScaffoldGenerator.header + """
            import Foundation

            /// The system call UI the app drives, whichever framework draws it: CallKit before iOS 17.4,
            /// LiveCommunicationKit from 17.4. Both ship while \(targetPhrase(facts)).
            /// Create one with `makeCallBackend()` at launch, keep it, and route every call through it.
            protocol CallBackend: AnyObject {
                /// A system action (from the call UI, Siri, Recents or the app's own request) for the app to carry
                /// out; return false to fail it. Both backends call it, so the app's call logic is written once.
                var onAction: (CallBackendAction) -> Bool { get set }
                /// The system ended every call: stop media and clear the app's call state.
                var onReset: () -> Void { get set }

                /// Reports a VoIP push's call; await it before the PushKit handler returns.
                func reportIncomingCall(uuid: UUID, callerID: String, callerName: String?, hasVideo: Bool) async throws
                func startOutgoingCall(to calleeID: String, isVideo: Bool) async throws -> UUID
                func endCall(_ uuid: UUID) async throws
            }

            /// What the system asks the app to do, by call UUID.
            enum CallBackendAction {
                case start(UUID)
                case answer(UUID)
                case end(UUID)
            }

            /// LiveCommunicationKit where the system has it, CallKit before. When the deployment target reaches
            /// iOS 17.4, delete the CallKit branch and CallKitCallBackend.swift.
            func makeCallBackend() -> any CallBackend {
                if #available(iOS 17.4, *) {
                    return CallingSystem()
                }
                return CallKitCallBackend()
            }

            """
    }

    /// `CallingSystem`'s conformance, appended to `CallingSystem.swift`.
    static let liveCommunicationKitConformance = """

        /// The LiveCommunicationKit side of `CallBackend`.
        @available(iOS 17.4, *)
        extension CallingSystem: CallBackend {
            var onAction: (CallBackendAction) -> Bool {
                get { delegate.onAction }
                set { delegate.onAction = newValue }
            }

            var onReset: () -> Void {
                get { delegate.onReset }
                set { delegate.onReset = newValue }
            }

            func reportIncomingCall(uuid: UUID, callerID: String, callerName: String?, hasVideo: Bool) async throws {
                let caller = handles.account(callerID, displayName: callerName)
                let update = Conversation.Update(
                    localMember: nil, members: [caller], activeRemoteMembers: nil, capabilities: hasVideo ? [.video] : [])
                try await manager.reportNewIncomingConversation(uuid: uuid, update: update)
            }

            func startOutgoingCall(to calleeID: String, isVideo: Bool) async throws -> UUID {
                try await startConversation(with: handles.account(calleeID), isVideo: isVideo)
            }

            func endCall(_ uuid: UUID) async throws {
                try await endConversation(uuid)
            }
        }

        """

    /// `CallKitCallBackend.swift`: the CallKit path for systems before iOS 17.4, configured like the app's
    /// `CXProviderConfiguration` (literals copied, other values left as TODOs).
    static func callKitBackend(_ facts: ScaffoldFacts) -> String {
        ScaffoldGenerator.header + """
            import AVFAudio
            import CallKit
            import Foundation

            /// The CallKit side of `CallBackend`, for systems before iOS 17.4: move the app's CallKit code here,
            /// and delete this file when the deployment target reaches iOS 17.4.
            final class CallKitCallBackend: NSObject, CallBackend, CXProviderDelegate {
                var onAction: (CallBackendAction) -> Bool = { _ in false }
                var onReset: () -> Void = {}
                private let provider: CXProvider
                private let controller = CXCallController()

                override init() {
                    let configuration = CXProviderConfiguration()

            """ + configurationLines(facts) + """
                        provider = CXProvider(configuration: configuration)
                        super.init()
                        provider.setDelegate(self, queue: nil)
                    }

                    deinit {
                        // CallKit: a provider must be invalidated before it is deallocated.
                        provider.invalidate()
                    }

                    func reportIncomingCall(uuid: UUID, callerID: String, callerName: String?, hasVideo: Bool) async throws {
                        let update = CXCallUpdate()
                        update.remoteHandle = CXHandle(type: .generic, value: callerID)  // TODO: the kind HandleMapper uses.
                        update.localizedCallerName = callerName
                        update.hasVideo = hasVideo
                        try await provider.reportNewIncomingCall(with: uuid, update: update)
                    }

                    func startOutgoingCall(to calleeID: String, isVideo: Bool) async throws -> UUID {
                        let uuid = UUID()
                        let action = CXStartCallAction(call: uuid, handle: CXHandle(type: .generic, value: calleeID))
                        action.isVideo = isVideo
                        try await controller.request(CXTransaction(action: action))
                        return uuid
                    }

                    func endCall(_ uuid: UUID) async throws {
                        try await controller.request(CXTransaction(action: CXEndCallAction(call: uuid)))
                    }


                """ + delegateMethods(facts)
    }

    /// The `CXProviderDelegate` half: start, answer and end handed to `onAction`, reset, audio.
    private static func delegateMethods(_ facts: ScaffoldFacts) -> String {
        func origin(_ actionType: String) -> String {
            guard let handler = facts.handlers.first(where: { $0.actionType == actionType }) else {
                return "The app has no \(actionType) handler today."
            }
            return "Was \(ScaffoldGenerator.comment(handler.function)) at "
                + "\(ScaffoldGenerator.comment(handler.location)); move its body behind onAction."
        }
        return """
                func providerDidReset(_ provider: CXProvider) {
                    onReset()
                }

                func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
                    // \(origin("CXStartCallAction"))
                    // TODO: report reportOutgoingCall(with:startedConnectingAt:) and (with:connectedAt:) as it connects.
                    if onAction(.start(action.callUUID)) { action.fulfill(withDateStarted: Date()) } else { action.fail() }
                }

                func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                    // \(origin("CXAnswerCallAction"))
                    if onAction(.answer(action.callUUID)) { action.fulfill(withDateConnected: Date()) } else { action.fail() }
                }

                func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
                    // \(origin("CXEndCallAction"))
                    if onAction(.end(action.callUUID)) { action.fulfill(withDateEnded: Date()) } else { action.fail() }
                }


            """ + otherHandlers(facts) + """
                    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
                        // TODO: start call audio here, and only here.
                    }

                    func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession) {
                        // TODO: stop call audio.
                    }
                }

                """
    }

    /// A TODO line per handler of an action other than start, answer and end, to move here as it is.
    private static func otherHandlers(_ facts: ScaffoldFacts) -> String {
        var lines = ""
        for handler in facts.handlers where !ScaffoldDelegateTemplate.essentialActions.contains(handler.actionType) {
            lines += "    // TODO: move the app's \(handler.actionType) handler here as it is "
            lines +=
                "(\(ScaffoldGenerator.comment(handler.function)) at \(ScaffoldGenerator.comment(handler.location))).\n"
        }
        return lines.isEmpty ? "" : lines + "\n"
    }

    /// `configuration.… = …` lines: the app's literals, its other values as TODO comments.
    private static func configurationLines(_ facts: ScaffoldFacts) -> String {
        var lines = ""
        let order = [
            "ringtoneSound", "iconTemplateImageData", "maximumCallGroups", "maximumCallsPerCallGroup",
            "includesCallsInRecents", "supportsVideo",
        ]
        for property in order {
            guard let setting = facts.setting(property) else { continue }
            let location = ScaffoldGenerator.comment(setting.location)
            if let literal = setting.literal {
                lines += "        configuration.\(property) = \(literal)  // as at \(location)\n"
            } else {
                lines += "        // TODO: configuration.\(property) = \(ScaffoldGenerator.comment(setting.expression))"
                lines += " (at \(location))\n"
            }
        }
        let kinds = facts.setting("supportedHandleTypes")?.members.filter(ScaffoldFacts.handleKindNames.contains) ?? []
        var unique: [String] = []
        for kind in kinds where !unique.contains(kind) { unique.append(kind) }
        let types = unique.isEmpty ? "[.generic]" : "[" + unique.map { "." + $0 }.joined(separator: ", ") + "]"
        lines += "        configuration.supportedHandleTypes = \(types)\n"
        return lines
    }

    /// The `TODO.md` section on the two stacks.
    static func todoSection(_ facts: ScaffoldFacts) -> String {
        var text = "\n## Two stacks until iOS 17.4\n\n"
        text += "Generated for two stacks because \(targetPhrase(facts)). "
        text += "`makeCallBackend()` picks LiveCommunicationKit with `#available(iOS 17.4, *)`, CallKit before.\n\n"
        text += "- [ ] Create the backend with `makeCallBackend()` and put the app's call logic in `onAction`.\n"
        text += "- [ ] Move the app's CallKit code into `CallKitCallBackend.swift`; report each call through one "
        text += "backend only, never both.\n"
        text += "- [ ] When the deployment target reaches iOS 17.4: delete `CallKitCallBackend.swift`, the CallKit "
        text += "branch of `makeCallBackend()` and the `@available(iOS 17.4, *)` marks.\n"
        return text
    }
}
