import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKRules
import Testing

/// Confidence from a finding's evidence: a handler that hands work to another runtime (`Rules/bridges.json`)
/// cannot show in Swift whether the action or push is resolved on the other side, so its finding is medium
/// and says what to check there; an open path taken only once `self` is gone is medium too.
@Suite struct FindingConfidenceTests {
    @Test func aFlutterChannelCallMakesAnOpenActionMedium() throws {
        let snippet = MarkedSnippet(
            """
            final class CallPlugin: NSObject, CXProviderDelegate {
                var channel: FlutterMethodChannel?
                func ↓provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                    channel?.invokeMethod("answer", arguments: action.callUUID.uuidString)
                }
                func ↓provider(_ provider: CXProvider, perform action: CXEndCallAction) {
                    media.stop()
                }
            }
            """)
        let findings = snippet.findings(UnresolvedActionAnalyzer())
        #expect(findings.map(\.range.start) == snippet.markers)
        let bridged = try #require(findings.first)
        #expect(bridged.confidence == .medium)
        #expect(
            bridged.message.hasSuffix(
                "; it hands off to Flutter (`channel?.invokeMethod`): check the Dart handler of the channel"))
        #expect(
            bridged.witness.last?.message
                == "hands off to Flutter through `channel?.invokeMethod`: the outcome is decided there; check the Dart handler of the channel"
        )
        #expect(findings.last?.confidence == .high)
        #expect(findings.last?.message.contains("hands off") == false)
    }

    @Test func aValueOfABridgeTypeAndASameFileHelperCount() {
        let snippet = MarkedSnippet(
            """
            final class CallPlugin: NSObject, CXProviderDelegate {
                var eventSink: FlutterEventSink?
                func ↓provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
                    eventSink?(["muted": action.isMuted])
                }
                func ↓provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) {
                    forward(held: action.isOnHold)
                }
                func forward(held: Bool) {
                    eventSink?(["held": held])
                }
            }
            """)
        let findings = snippet.findings(UnresolvedActionAnalyzer())
        #expect(findings.map(\.range.start) == snippet.markers)
        #expect(findings.map(\.confidence) == [.medium, .medium])
        #expect(
            findings.last?.witness.last?.message.hasPrefix("`forward` hands off to Flutter through `eventSink?`")
                == true)
    }

    @Test func aReactNativeEventMakesAMissedPushCompletionMedium() {
        let snippet = MarkedSnippet(
            """
            final class VoipModule: RCTEventEmitter, PKPushRegistryDelegate {
                func ↓pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                    sendEvent(withName: "voipPush", body: payload.dictionaryPayload)
                }
            }
            final class Metrics: NSObject, PKPushRegistryDelegate {
                func ↓pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) {
                    analytics.sendEvent("push")
                }
            }
            """)
        let completion = snippet.findings(PushCompletionNotCalledAnalyzer())
        #expect(completion.count == 1)
        #expect(completion.first?.confidence == .medium)
        #expect(completion.first?.message.contains("check the JavaScript listener of the event") == true)
        // `sendEvent("push")` carries no `withName:` label: an analytics call, not the bridge. (The first
        // handler hands its payload on, which counts as reporting elsewhere.)
        let unreported = snippet.findings(UnreportedVoipPushAnalyzer())
        #expect(unreported.map(\.range.start) == [snippet.markers[1]])
        #expect(unreported.map(\.confidence) == [.high])
    }

    @Test func aCapacitorEventMakesAnUnreportedPushMedium() {
        let snippet = MarkedSnippet(
            """
            final class CallPlugin: CAPPlugin, PKPushRegistryDelegate {
                func ↓pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                    guard let id = payload.dictionaryPayload["id"] as? String else { return }
                    notifyListeners("incomingCall", data: ["id": id])
                    completion()
                }
            }
            """)
        let findings = snippet.findings(UnreportedVoipPushAnalyzer())
        #expect(findings.map(\.range.start) == snippet.markers)
        #expect(findings.map(\.confidence) == [.medium])
        #expect(findings.first?.message.hasSuffix("check the JavaScript listener of the plugin event") == true)
    }

    @Test func aCordovaResultSentBeforeTheWorkMakesAPrematureFulfillMedium() {
        let snippet = MarkedSnippet(
            """
            final class CallKitPlugin: CDVPlugin, CXProviderDelegate {
                func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                    action.↓fulfill()
                    commandDelegate.send(CDVPluginResult(status: CDVCommandStatus_OK), callbackId: answerCallback)
                    media.connect(action.callUUID)
                }
                func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
                    action.↓fulfill()
                    socket.send(payload)
                    media.connect(action.callUUID)
                }
            }
            """)
        let findings = snippet.findings(PrematureFulfillAnalyzer())
        #expect(findings.map(\.range.start) == snippet.markers)
        #expect(findings.map(\.confidence) == [.medium, .medium])
        #expect(findings.first?.message.contains("hands off to Cordova") == true)
        #expect(findings.last?.message.contains("hands off") == false)
    }

    @Test func aWeakSelfGuardInTheCompletionIsTheWitnessAndMakesTheFindingMedium() throws {
        // The open path is the closure's `guard let self`, not the `if` passed on the way to it.
        let snippet = MarkedSnippet(
            """
            func ↓provider(_ provider: CXProvider, perform action: CXStartCallAction) {
                if !from.isEmpty { context["from"] = from }
                client.call(context) { [weak self] error in
                    guard let self = self else { return }
                    if error != nil {
                        action.fail()
                        return
                    }
                    self.active = action.callUUID
                    action.fulfill()
                }
            }
            func ↓provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                client.answer { error in
                    if error == nil { action.fulfill() }
                }
            }
            """)
        let findings = snippet.findings(UnresolvedActionAnalyzer())
        #expect(findings.map(\.range.start) == snippet.markers)
        let weak = try #require(findings.first)
        #expect(
            weak.witness.map(\.message) == [
                "guard at line 4 returns without fulfill() or fail()",
                "handler ends at line 12 without fulfill() or fail()",
            ])
        #expect(weak.confidence == .medium)
        #expect(weak.evidence == ["not high: the open path is taken only once `self` has been released"])
        #expect(findings.last?.confidence == .high)
    }

    /// The findings of `rule` in the first of `sources`, analysed with the project pass over all of them.
    static func projectFindings(_ rule: String, _ sources: [String]) -> [Finding] {
        let files = sources.map { Lexer.tokenize(Array($0.utf8)) }
        let suite = AnalyzerSuite(rules: BuiltinRuleTable.table).projectPass(
            fileCount: files.count, jobs: 1, paths: sources.indices.map { "File\($0).swift" }
        ) { files[$0].bytes }.suite
        return suite.findings(in: files[0]).filter { $0.ruleID == rule }
    }

    @Test func aHelperChosenByNameAmongSeveralDefinitionsMakesThePathFindingMedium() throws {
        let delegate = """
            import CallKit
            final class Delegate: NSObject, CXProviderDelegate {
                let audio: AudioPort = makeAudio()
                func providerDidReset(_ provider: CXProvider) {}
                func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
                    audio.applyMute(action)
                }
            }
            """
        let helper = """
            import CallKit
            final class SpeakerAudio {
                private var activeSession: VoiceSession?
                func applyMute(_ action: CXSetMutedCallAction) {
                    guard let session = activeSession else { return }
                    session.isMuted = action.isMuted
                    action.fulfill()
                }
            }
            """
        let one = try #require(Self.projectFindings("unresolved_action", [delegate, helper]).first)
        #expect(one.confidence == .high)
        #expect(one.evidence.isEmpty)
        let other = helper.replacingOccurrences(of: "SpeakerAudio", with: "HeadsetAudio")
        let two = try #require(Self.projectFindings("unresolved_action", [delegate, helper, other]).first)
        #expect(two.message.hasSuffix("returns without fulfilling or failing it on some path (called at line 6)"))
        #expect(two.confidence == .medium)
        #expect(two.evidence == ["not high: `applyMute(_:)` resolved by name among 2 definitions"])
    }
}
