import LCKAnalyzers
import LCKCore
import Testing

@Suite struct SwallowedReportErrorAnalyzerTests {
    let analyzer = SwallowedReportErrorAnalyzer()

    func check(_ marked: String, witness expected: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        let snippet = MarkedSnippet(marked)
        let findings = snippet.findings(analyzer)
        #expect(findings.map(\.range.start) == snippet.markers, sourceLocation: sourceLocation)
        if !expected.isEmpty {
            #expect(findings.map { $0.witness.first?.message ?? "" } == expected, sourceLocation: sourceLocation)
        }
    }

    @Test func ignoredCompletionParameter() {
        check(
            """
            provider.↓reportNewIncomingCall(with: callID, update: update) { _ in
                completion()
            }
            provider.↓reportNewIncomingCall(with: callID, update: update) { error in
                self.media.prepare(callID)
            }
            """,
            witness: ["the completion at line 1 never reads its error", "the completion at line 4 never reads `error`"])
    }

    @Test func tryQuestionMark() {
        check(
            """
            try? await manager.↓reportNewIncomingConversation(uuid: callID, update: update)
            _ = try? await provider.↓reportNewIncomingCall(with: callID, update: update)
            """, witness: ["try? at line 1 discards the error", "try? at line 2 discards the error"])
    }

    /// A Notification Service Extension hands the push to the app with `reportNewIncomingVoIPPushPayload`: it
    /// holds no call state that an error would leave behind, so an ignored error there is not this rule's.
    @Test func forwardingThePushPayloadFromAnExtensionIsNotAReport() {
        check(
            """
            _ = try? await ConversationManager.reportNewIncomingVoIPPushPayload(payload)
            CXProvider.reportNewIncomingVoIPPushPayload(userInfo) { error in print(error as Any) }
            """, witness: [])
    }

    @Test func errorBranchThatOnlyLogs() {
        check(
            """
            provider.↓reportNewIncomingCall(with: callID, update: update) { error in
                if let error = error {
                    print("report failed: \\(error)")
                } else {
                    self.media.prepare(callID)
                }
                completion()
            }
            provider.↓reportNewIncomingCall(with: callID, update: update) { error in
                guard error == nil else { os_log("failed"); return }
                self.media.prepare(callID)
            }
            """,
            witness: [
                "the error branch at line 2 does nothing but log", "the error branch at line 10 does nothing but log",
            ])
    }

    /// An error branch that does more than log, but then falls through to the work of a shown call; the
    /// `error` of a nested closure or `catch` is another value. Forwarding, leaving, and `else` are handled.
    @Test func errorBranchThatFallsThroughToTheSuccessPath() {
        check(
            """
            func ring(completion: @escaping () -> Void) {
                provider.↓reportNewIncomingCall(with: callID, update: update) { error in
                    defer { completion() }
                    if let error = error {
                        self.didFail(error)
                    }
                    self.queue.async {
                        self.media.start { error in guard error == nil else { return } }
                    }
                    do { try self.media.prepare(callID) } catch { self.didFail(error) }
                }
                provider.reportNewIncomingCall(with: callID, update: update) { error in
                    if let error = error {
                        self.didFail(error)
                        return
                    }
                    self.media.prepare(callID)
                }
                provider.reportNewIncomingCall(with: callID, update: update) { error in
                    if let error = error {
                        completion(error)
                    }
                    self.media.prepare(callID)
                }
                provider.reportNewIncomingCall(with: callID, update: update) { error in
                    if let error = error {
                        self.didFail(error)
                    }
                    completion()
                }
            }
            """,
            witness: ["the error branch at line 4 falls through to line 7, which goes on as if the call were shown"])
    }

    @Test func catchThatOnlyLogs() {
        check(
            """
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) async {
                do {
                    try await manager.↓reportNewIncomingConversation(uuid: id, update: update)
                } catch {
                    logger.error("report failed \\(error)")
                }
            }
            """, witness: ["catch at line 4 only logs the error"])
    }

    /// `Logger(…)` made on the spot is still a logger (os.Logger is a value type, often built where it is used).
    @Test func catchThatOnlyLogsThroughAFreshLogger() {
        check(
            """
            func report(_ id: UUID) async -> String {
                do {
                    try await provider.↓reportNewIncomingCall(with: id, update: update)
                    return id.uuidString
                } catch {
                    Logger().error("report failed: \\(error.localizedDescription)")
                    Logger(subsystem: "app", category: "calls").error("again")
                    return id.uuidString
                }
            }
            """, witness: ["catch at line 5 only logs the error"])
    }

    @Test func handledErrors() {
        check(
            """
            provider.reportNewIncomingCall(with: callID, update: update) { error in
                if let error {
                    self.calls.discard(callID, because: error)
                }
                completion()
            }
            do {
                try await manager.reportNewIncomingConversation(uuid: callID, update: update)
            } catch {
                calls.discard(callID, because: error)
            }
            provider.reportNewIncomingCall(with: callID, update: update) { error in
                completion(error)
            }
            provider.reportNewIncomingCall(with: callID, update: update, completion: handleReport)
            func report() async throws {
                try await manager.reportNewIncomingConversation(uuid: callID, update: update)
            }
            """)
    }

    @Test func loggerNamedFunctionsOnlyLog() {
        // CocoaLumberjack-style `DDLogWarn` and an app's own `PhoneLogError` are logging calls.
        check(
            """
            provider.↓reportNewIncomingCall(with: id, update: update) { error in
                if let error {
                    DDLogWarn("report failed: \\(error)")
                }
                self.ringing = true
            }
            callKit.↓reportNewIncomingCall(with: id, update: update) { error in
                if (error != nil) {
                    PhoneLogError("could not report")
                    return
                }
                completion()
            }
            """)
    }
}
