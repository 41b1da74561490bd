import LCKAnalyzers
import LCKCore
import Testing

@Suite struct UnresolvedActionAnalyzerTests: MarkedSnippetSuite {
    let analyzer = UnresolvedActionAnalyzer()

    @Test func guardReturnWithoutResolving() {
        check(
            """
            final class CallDelegate: NSObject, CXProviderDelegate {
                func ↓provider(_ provider: CXProvider, perform action: CXEndCallAction) {
                    guard let call = calls[action.callUUID] else { return }
                    call.hangUp()
                    action.fulfill()
                }
            }
            """, witness: ["guard at line 3 returns without fulfill() or fail()"])
    }

    @Test func guardThatFailsIsFine() {
        check(
            """
            func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
                guard let call = calls[action.callUUID] else {
                    action.fail()
                    return
                }
                call.hangUp()
                action.fulfill()
            }
            """)
    }

    @Test func emptyAndLogOnlyHandlers() {
        check(
            """
            func ↓provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) {
            }
            func ↓provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
                print("muted", action.isMuted)
            }
            """, witness: ["handler ends at line 2 without fulfill() or fail()"])
    }

    @Test func lckSwitchDefaultBreak() {
        check(
            """
            extension CallCenter: ConversationManagerDelegate {
                func ↓conversationManager(_ manager: ConversationManager, perform action: ConversationAction) {
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
                    case let end as EndConversationAction:
                        end.fulfill(dateEnded: .now)
                    default:
                        break
                    }
                }
            }
            """,
            witness: [
                "default: at line 15 ends without fulfill() or fail()",
                "handler ends at line 18 without fulfill() or fail()",
            ])
    }

    @Test func lckSwitchEveryCaseResolves() {
        check(
            """
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
            """)
    }

    @Test func catchThatOnlyLogsInsideTask() {
        check(
            """
            func ↓provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                Task {
                    do {
                        try await media.connect(action.callUUID)
                        action.fulfill()
                    } catch {
                        print(error)
                    }
                }
            }
            """,
            witness: [
                "catch at line 6 ends without fulfill() or fail()",
                "handler ends at line 10 without fulfill() or fail()",
            ])
    }

    @Test func uncaughtTryInTask() {
        check(
            """
            func ↓provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                Task {
                    try await media.connect(action.callUUID)
                    action.fulfill()
                }
            }
            """)
    }

    @Test func completionFailureBranchDoesNothing() {
        check(
            """
            func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
                audio.setMuted(action.isMuted)
                action.fulfill()
            }
            func ↓provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                media.connect(action.callUUID) { result in
                    if case .success = result { action.fulfill() }
                }
            }
            """)
    }

    @Test func completionSwitchResolvesEveryCase() {
        check(
            """
            func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                media.connect(action.callUUID) { result in
                    switch result {
                    case .success: action.fulfill()
                    case .failure: action.fail()
                    }
                }
            }
            """)
    }

    @Test func conditionalCompilationDropsTheAction() {
        check(
            """
            func ↓provider(_ provider: CXProvider, perform action: CXPlayDTMFCallAction) {
                #if os(iOS)
                tones.play(action.digits)
                action.fulfill()
                #endif
            }
            """,
            witness: [
                "#if at line 2 has no #else: builds without it skip fulfill() or fail()",
                "handler ends at line 6 without fulfill() or fail()",
            ])
    }

    @Test func storedOrHandedOffActionsAreNotFlagged() {
        check(
            """
            func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                pendingAnswers[action.callUUID] = action
            }
            func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
                callManager.start(action)
            }
            func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
                guard let call = calls[action.callUUID] else { fatalError("unknown call") }
                call.end()
                action.fulfill()
            }
            """)
    }

    @Test func sameFileHelperMustResolveOnEveryPath() {
        check(
            """
            func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
                finish(action)
            }
            func ↓provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                answer(action: action)
            }
            func finish(_ end: CXEndCallAction) {
                defer { end.fulfill() }
                media.stop()
            }
            func answer(action: CXAnswerCallAction) {
                if ready { action.fulfill() }
            }
            """)
    }

    @Test func answerThatFailsOnEveryErrorAndFulfillsAfterTheJoin() {
        check(
            """
            func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                guard let call = calls.call(with: action.callUUID) else {
                    action.fail()
                    return
                }
                call.answer { error in
                    if let error {
                        self.log(error)
                        action.fail()
                        return
                    }
                    self.media.join(call) { joined in
                        guard joined else { action.fail(); return }
                        action.fulfill(withDateConnected: Date())
                    }
                }
            }
            """)
    }

    @Test func switchOverActionTypeInCallKit() {
        check(
            """
            func provider(_ provider: CXProvider, perform action: CXAction) {
                if let answer = action as? CXAnswerCallAction {
                    answer.fulfill()
                } else if let end = action as? CXEndCallAction {
                    end.fulfill()
                } else {
                    action.fail()
                }
            }
            """)
    }

    @Test func describingTheActionIsNoHandOff() {
        // The lookup only logs the action's type; it neither resolves nor keeps it, so the bare
        // `return` of the guard leaves the start action hanging.
        check(
            """
            final class Lines: NSObject, CXProviderDelegate {
                func ↓provider(_ provider: CXProvider, perform action: CXStartCallAction) {
                    guard let line = line(for: action) else { return }
                    line.dial { ok in ok ? action.fulfill() : action.fail() }
                }
                private func line(for action: CXCallAction) -> Line? {
                    Log.info("looking up line for \\(type(of: action))")
                    return lines[action.callUUID]
                }
            }
            """, witness: ["guard at line 3 returns without fulfill() or fail()"])
    }

    @Test func guardOnAHelperThatFailsTheAction() {
        // `lineOrFail` fails the action exactly when it returns nil, so the guard's else owes nothing.
        check(
            """
            final class Lines: NSObject, CXProviderDelegate {
                func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
                    guard let line = lineOrFail(action) else { return }
                    line.muted = action.isMuted
                    action.fulfill()
                }
                private func lineOrFail(_ pending: CXCallAction) -> Line? {
                    guard let line = lines[pending.callUUID] else {
                        pending.fail()
                        return nil
                    }
                    return line
                }
            }
            """)
    }

    @Test func answerTakenLaterFromPendingCallActions() {
        // The handler only starts signalling; the answer is fulfilled when the media is up, by
        // looking it up with pendingCallActions(of:withCall:).
        check(
            """
            final class Phone: NSObject, CXProviderDelegate {
                func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                    signaling.accept(action.callUUID)
                }
                func mediaDidConnect(_ id: UUID) {
                    for pending in provider.pendingCallActions(of: CXAnswerCallAction.self, withCall: id) {
                        pending.fulfill()
                    }
                }
            }
            """)
    }

    @Test func loggerNamedFunctionInAFailureBranch() {
        // `AppLogError` is a logging function by its name; the failure branch drops the action.
        check(
            """
            func ↓provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                sip.answer(action.callUUID) { error in
                    if error != nil {
                        AppLogError("answer failed")
                        return
                    }
                    action.fulfill()
                }
            }
            """)
    }

    @Test func ifExpressionWhoseBranchesResolve() {
        // Each branch of the `if` expression builds a request whose completion resolves the action.
        check(
            """
            func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
                work.run {
                    let request =
                        if self.isRinging {
                            Request(kind: .decline, done: { action.fulfill() })
                        } else {
                            Request(kind: .hangUp, done: { action.fulfill() })
                        }
                    self.queue.add(request)
                }
            }
            """)
        // One branch forgets the action: still a finding.
        check(
            """
            func ↓provider(_ provider: CXProvider, perform action: CXEndCallAction) {
                work.run {
                    let request = if self.isRinging {
                        Request(kind: .decline, done: { action.fulfill() })
                    } else {
                        Request(kind: .hangUp, done: { print("hung up") })
                    }
                    self.queue.add(request)
                }
            }
            """)
    }

    @Test func closureKeptForLaterHandsTheActionOn() {
        // The stored callback runs when the account connects, possibly several times; it resolves.
        check(
            """
            func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                DispatchQueue.main.async {
                    self.whenOnline = { account in
                        guard account.isOnline else { return }
                        self.whenOnline = nil
                        self.media.accept { ok in ok ? action.fulfill() : action.fail() }
                    }
                    self.goOnline()
                }
            }
            """)
    }

    @Test func breakOutsideALoopIsReportedNotACrash() {
        // The compiler rejects the `break`; the path it ends still leaves the action open.
        check(
            """
            func ↓provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                break
            }
            """, witness: ["handler ends at line 3 without fulfill() or fail()"])
    }
}
