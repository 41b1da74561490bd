import LCKAnalyzers
import LCKCore
import Testing

@Suite struct PrematureFulfillAnalyzerTests: MarkedSnippetSuite {
    let analyzer = PrematureFulfillAnalyzer()

    @Test func fulfilledBeforeTheTaskConnects() {
        check(
            """
            func conversationManager(_ manager: ConversationManager, perform action: ConversationAction) {
                switch action {
                case let join as JoinConversationAction:
                    join.↓fulfill(dateConnected: Date())
                    Task { try? await media.connect(join.conversationUUID) }
                default:
                    action.fail()
                }
            }
            """, witness: ["the work continues in Task at line 5", "fulfill at line 4 runs without waiting for it"])
    }

    /// A handler that runs in a `Task` first: a further task inside it still finishes after the fulfill, while
    /// awaited work and a callback of a later request do not make the fulfill early.
    @Test func fulfilledInsideATaskBeforeANestedTask() {
        check(
            """
            func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                Task { @MainActor in
                    Task { try await self.room.join(action.callUUID) }
                    action.↓fulfill()
                }
            }
            func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
                Task { @MainActor in
                    try? await self.room.join(action.callUUID)
                    action.fulfill()
                    self.controller.request(CXTransaction(action: CXAnswerCallAction(call: action.callUUID))) { error in
                        print(error as Any)
                    }
                }
            }
            """, witness: ["the work continues in Task at line 3", "fulfill at line 4 runs without waiting for it"])
    }

    @Test func actionTypeBehindATypealiasIsStillAnAnswer() {
        check(
            """
            typealias IncomingAnswer = CXAnswerCallAction
            func provider(_ provider: CXProvider, perform action: IncomingAnswer) {
                action.↓fulfill()
                media.connect(action.callUUID)
            }
            """)
    }

    @Test func fulfilledAfterACompletionBasedCallOutsideItsClosure() {
        check(
            """
            func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                signaling.accept(action.callUUID) { error in
                    if let error { self.report(error) }
                }
                action.↓fulfill(withDateConnected: Date())
            }
            """,
            witness: [
                "the work finishes later in the callback of accept at line 2",
                "fulfill at line 5 runs without waiting for it",
            ])
    }

    @Test func fulfilledInACallbackThatIgnoresTheError() {
        check(
            """
            func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
                client.startCall(to: action.handle.value) { _ in
                    action.↓fulfill()
                }
            }
            """,
            witness: [
                "the completion at line 2 never reads its error",
                "fulfill at line 3 runs whatever startCall at line 2 reports",
            ])
    }

    @Test func endActionsAreLowConfidence() {
        let snippet = MarkedSnippet(
            """
            func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
                Task { await room.leave(action.callUUID) }
                action.↓fulfill()
            }
            """)
        let findings = snippet.findings(analyzer)
        #expect(findings.map(\.range.start) == snippet.markers)
        #expect(findings.first?.confidence == .low)
    }

    @Test func fulfilledAfterTheWork() {
        check(
            """
            func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                media.connect(action.callUUID) { ok in
                    ok ? action.fulfill() : action.fail()
                }
            }
            func conversationManager(_ manager: ConversationManager, perform action: ConversationAction) {
                switch action {
                case let join as JoinConversationAction:
                    Task {
                        do {
                            try await media.connect(join.conversationUUID)
                            join.fulfill(dateConnected: .now)
                        } catch {
                            join.fail()
                        }
                    }
                default:
                    action.fail()
                }
            }
            func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
                action.fulfill()
                media.hangUp(action.callUUID)
            }
            func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                configureAudioSession()
                DispatchQueue.main.async { self.showCallScreen() }
                action.fulfill()
            }
            func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
                Task { await media.setMuted(action.isMuted) }
                action.fulfill()
            }
            """)
    }

    @Test func aFulfillThatReturnsIsNotOnThePathOfLaterWork() {
        check(
            """
            func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
                switch route {
                case .existing:
                    action.fulfill()
                    return
                case .new:
                    break
                }
                client.startCall(action.callUUID) { call in
                    call != nil ? action.fulfill() : action.fail()
                }
            }
            """)
    }

    @Test func errorBranchThatReturnsSkipsTheFulfill() {
        // The failure branch only logs, but it returns: the fulfill runs only after a good answer.
        check(
            """
            func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                line.answer { error in
                    if error != nil {
                        AppLogError("answer failed")
                        return
                    }
                    action.fulfill()
                }
            }
            """)
    }
}
