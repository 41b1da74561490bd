/// `CallingSystemDelegate.swift`: one `perform` switch with a case per action the app handles today.
enum ScaffoldDelegateTemplate {
    /// CallKit action → LiveCommunicationKit action class and the fulfil call that replaces the CallKit one.
    static let actionMap: [String: (lck: [String], fulfill: String)] = [
        "CXAnswerCallAction": (["JoinConversationAction"], "action.fulfill(dateConnected: Date())"),
        "CXStartCallAction": (["StartConversationAction"], "action.fulfill(dateStarted: Date())"),
        "CXEndCallAction": (["EndConversationAction"], "action.fulfill(dateEnded: Date())"),
        "CXSetHeldCallAction": (["PauseConversationAction"], "action.fulfill()"),
        "CXSetMutedCallAction": (["MuteConversationAction"], "action.fulfill()"),
        "CXSetGroupCallAction": (["MergeConversationAction", "UnmergeConversationAction"], "action.fulfill()"),
        "CXPlayDTMFCallAction": (["PlayToneAction"], "action.fulfill()"),
    ]

    /// Actions every calling app must handle, generated even when the CallKit code has no handler.
    static let essentialActions = ["CXStartCallAction", "CXAnswerCallAction", "CXEndCallAction"]

    /// In the two-stack form these cases hand the action to the app's `onAction`, shared with CallKit.
    static let backendActions = [
        "StartConversationAction": "start", "JoinConversationAction": "answer", "EndConversationAction": "end",
    ]

    static let backendActionProperty = """

            /// Set by CallingSystem: the app's logic for start, answer and end, shared with the CallKit backend.
            var onAction: (CallBackendAction) -> Bool = { _ in false }
        """

    static func render(_ facts: ScaffoldFacts) -> String {
        let (cases, unmapped) = actionCases(facts)
        let defaultNotes = defaultNotes(unmapped)
        let resetOrigin =
            facts.callbacks["providerDidReset(_:)"].map {
                " Was providerDidReset(_:) at \(ScaffoldGenerator.comment($0))."
            } ?? ""
        let beginOrigin =
            facts.callbacks["providerDidBegin(_:)"].map {
                " Was providerDidBegin(_:) at \(ScaffoldGenerator.comment($0))."
            } ?? ""
        return ScaffoldGenerator.header + """
            import AVFAudio
            import Foundation
            import LiveCommunicationKit

            /// Every system and in-app action arrives in `perform`: one state machine for all calls.
            /// Every case must end in fulfill or fail on every path; unknown actions fail.
            \(ScaffoldGenerator.availability(facts))final class CallingSystemDelegate: ConversationManagerDelegate {
                /// TODO: set by CallingSystem to stop media and clear the app's call state.
                var onReset: () -> Void = {}
            """ + (facts.usesTwoStacks ? backendActionProperty : "") + """


                    func conversationManager(_ manager: ConversationManager, perform action: ConversationAction) {
                        switch action {

                """ + cases + """
                        default:

                """ + defaultNotes + """
                            action.fail()
                        }
                    }

                    func conversationManager(_ manager: ConversationManager, timedOutPerforming action: ConversationAction) {
                        // A timed-out action must be neither fulfilled nor failed; end or retry the call's own work.
                    }

                    func conversationManager(_ manager: ConversationManager, didActivate audioSession: AVAudioSession) {
                        // TODO: start call audio here, and only here.
                    }

                    func conversationManager(_ manager: ConversationManager, didDeactivate audioSession: AVAudioSession) {
                        // TODO: stop call audio.
                    }

                    func conversationManagerDidBegin(_ manager: ConversationManager) {
                        // The manager is ready.\(beginOrigin)
                    }

                    func conversationManagerDidReset(_ manager: ConversationManager) {
                        // Every call is gone: stop media, end the app's calls, clear the call store.\(resetOrigin)
                        onReset()
                    }

                    func conversationManager(_ manager: ConversationManager, conversationChanged conversation: Conversation) {
                        // TODO: mirror conversation.state into the app's UI.
                    }
                }

                """
    }

    /// One `case` per LiveCommunicationKit action the app's handlers (and the essential ones) map to, and
    /// the handlers with no mapped action, which the `default` case notes.
    private static func actionCases(_ facts: ScaffoldFacts) -> (cases: String, unmapped: [ScaffoldFacts.Handler]) {
        var cases = ""
        var seen: Set<String> = []
        var unmapped: [ScaffoldFacts.Handler] = []
        // Every call needs start (CallingSystem performs it), join and end, handled today or not.
        var handlers = facts.handlers
        for essential in Self.essentialActions where !handlers.contains(where: { $0.actionType == essential }) {
            handlers.append(ScaffoldFacts.Handler(actionType: essential, function: "", location: ""))
        }
        for handler in handlers {
            guard let mapped = actionMap[handler.actionType] else {
                unmapped.append(handler)
                continue
            }
            let origin =
                handler.function.isEmpty
                ? "The app has no \(handler.actionType) handler today; every call needs this one."
                : "Was \(ScaffoldGenerator.comment(handler.function)) for \(handler.actionType) at \(ScaffoldGenerator.comment(handler.location))."
            for lck in mapped.lck where seen.insert(lck).inserted {
                if facts.usesTwoStacks, let backendCase = backendActions[lck] {
                    cases += """
                                case let action as \(lck):
                                    // \(origin)
                                    if onAction(.\(backendCase)(action.conversationUUID)) { \(mapped.fulfill) } else { action.fail() }

                        """
                    continue
                }
                cases += """
                            case let action as \(lck):
                                // \(origin)
                                // TODO: port that handler's body; resolve every path, then \(mapped.fulfill).
                                action.fail()

                    """
            }
        }
        return (cases, unmapped)
    }

    /// Comment lines in the `default` case for handlers whose action has no direct case.
    private static func defaultNotes(_ unmapped: [ScaffoldFacts.Handler]) -> String {
        var defaultNotes = ""
        for handler in unmapped {
            defaultNotes +=
                "            // \(handler.actionType) was handled by \(ScaffoldGenerator.comment(handler.function)) at "
            defaultNotes += "\(ScaffoldGenerator.comment(handler.location))"
            defaultNotes +=
                handler.actionType == "CXSetTranslatingCallAction"
                ? ": on iOS 26 check `action as? SetTranslatingAction` here.\n" : ": no direct case; handle it here.\n"
        }
        return defaultNotes
    }
}

/// `TODO.md`: what the scaffold could not translate and needs a human.
enum ScaffoldTODO {
    /// Actions every calling app must handle, generated even when the CallKit code has no handler.
    static let essentialActions = ["CXStartCallAction", "CXAnswerCallAction", "CXEndCallAction"]

    /// In the two-stack form these cases hand the action to the app's `onAction`, shared with CallKit.
    static let backendActions = [
        "StartConversationAction": "start", "JoinConversationAction": "answer", "EndConversationAction": "end",
    ]

    static let backendActionProperty = """

            /// Set by CallingSystem: the app's logic for start, answer and end, shared with the CallKit backend.
            var onAction: (CallBackendAction) -> Bool = { _ in false }
        """

    static func render(_ facts: ScaffoldFacts) -> String {
        var text = "# LiveCommunicationKit migration: what needs a human\n\n"
        text += "Generated by `lckmigrate scaffold`. The Swift files compile against LiveCommunicationKit (iOS 17.4+) "
        text += "but every action handler fails until its body is ported.\n\n"
        text += "## Checklist\n\n"
        text += "- [ ] Create one `CallingSystem` at launch and keep it; route every call through it.\n"
        text += "- [ ] Port each `perform` case in `CallingSystemDelegate.swift`; resolve every path.\n"
        text += "- [ ] Agree the VoIP payload keys with the server (`IncomingCallPayload`).\n"
        text += "- [ ] Normalise handles in `HandleMapper` the way the server does.\n"
        text += "- [ ] Keep the CallKit path behind a flag until device tests pass.\n"
        if facts.usesTwoStacks { text += ScaffoldTwoStackTemplate.todoSection(facts) }
        let carried = facts.settings.filter { $0.literal == nil }
        if !carried.isEmpty {
            text += "\n## Configuration values to port by hand\n\n"
            for setting in carried {
                text +=
                    "- `\(setting.property)` = `\(ScaffoldGenerator.comment(setting.expression))` (\(setting.location))\n"
            }
        }
        text += "\n## No LiveCommunicationKit equivalent (keep CallKit or redesign)\n\n"
        if facts.noEquivalent.isEmpty { text += "None found.\n" }
        for item in facts.noEquivalent.prefix(500) {
            text +=
                "- \(item.location): `\(ScaffoldGenerator.comment(item.symbol))` — \(ScaffoldGenerator.comment(item.note))\n"
        }
        if facts.noEquivalent.count > 500 { text += "- …and \(facts.noEquivalent.count - 500) more\n" }
        text += "\n## Behaviour changes to review\n\n"
        if facts.semanticChanges.isEmpty { text += "None found.\n" }
        for item in facts.semanticChanges.prefix(500) {
            text +=
                "- \(item.location): `\(ScaffoldGenerator.comment(item.symbol))` → \(ScaffoldGenerator.comment(item.note))\n"
        }
        if facts.semanticChanges.count > 500 { text += "- …and \(facts.semanticChanges.count - 500) more\n" }
        return text
    }
}
