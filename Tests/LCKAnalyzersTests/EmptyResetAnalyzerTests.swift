import LCKAnalyzers
import LCKCore
import Testing

@Suite struct EmptyResetAnalyzerTests {
    let analyzer = EmptyResetAnalyzer()

    @Test func emptyCommentedAndLogOnlyBodies() {
        let snippet = MarkedSnippet(
            """
            final class Delegate: NSObject, CXProviderDelegate {
                func ↓providerDidReset(_ provider: CXProvider) {
                    // TODO: clean up calls
                }
            }
            extension Center: ConversationManagerDelegate {
                func ↓conversationManagerDidReset(_ manager: ConversationManager) {
                    print("manager reset")
                    Logger.calls.notice("reset")
                    self.log.info("reset \\(manager)")
                }
            }
            """)
        let findings = snippet.findings(analyzer)
        #expect(findings.map(\.range.start) == snippet.markers)
        #expect(
            findings.map { $0.witness.first?.message ?? "" } == [
                "body ending at line 4 is empty: calls and media survive the reset",
                "body ending at line 11 only logs: calls and media survive the reset",
            ])
    }

    @Test func bodiesThatCleanUp() {
        let snippet = MarkedSnippet(
            """
            func providerDidReset(_ provider: CXProvider) {
                media.stopAll()
                calls.removeAll()
            }
            func conversationManagerDidReset(_ manager: ConversationManager) {
                logger.notice("reset")
                callStore.endAll(reason: .failed)
            }
            func providerDidBegin(_ provider: CXProvider) {}
            protocol Resettable { func providerDidReset(_ provider: CXProvider) }
            """)
        #expect(snippet.findings(analyzer).isEmpty)
    }

    @Test func loggerNamedFunctionIsLogOnly() {
        let snippet = MarkedSnippet(
            """
            func ↓providerDidReset(_ provider: CXProvider) {
                AppLogDebug("provider reset")
            }
            func conversationManagerDidReset(_ manager: ConversationManager) {
                catalog.reload()
                login.reset()
            }
            """)
        #expect(snippet.findings(EmptyResetAnalyzer()).map(\.range.start) == snippet.markers)
    }
}
