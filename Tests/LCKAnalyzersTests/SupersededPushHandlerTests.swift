import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKProjectModel
import LCKRules
import Testing

/// The deprecated incoming-push callback is dead code on a type that implements the completion variant,
/// whether both sit in one file or the type's extensions are spread over files.
@Suite struct SupersededPushHandlerTests {
    static let deprecated = """
        import PushKit
        extension Dialer: PKPushRegistryDelegate {
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) {
                guard let id = payload.callID else { return }
                provider.reportNewIncomingCall(with: id, update: update) { _ in }
            }
        }
        """
    static let completionVariant = """
        import PushKit
        extension Dialer {
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
                provider.reportNewIncomingCall(with: payload.callID, update: update) { _ in completion() }
            }
        }
        """

    /// `unreported_voip_push` findings per file after the scan's pre-pass over `sources`.
    func unreported(_ sources: [String]) -> [Int] {
        let files = sources.map { Lexer.tokenize(Array($0.utf8)) }
        let suite = AnalyzerSuite(rules: BuiltinRuleTable.table).preparedForProject(fileCount: files.count, jobs: 1) {
            files[$0].bytes
        }
        return files.map { file in suite.findings(in: file).filter { $0.ruleID == "unreported_voip_push" }.count }
    }

    @Test func theDeprecatedCallbackAloneIsReported() {
        #expect(unreported([Self.deprecated]) == [1])
    }

    @Test func aCompletionVariantInAnotherFileSupersedesIt() {
        #expect(unreported([Self.deprecated, Self.completionVariant]) == [0, 0])
        #expect(unreported([Self.completionVariant, Self.deprecated]) == [0, 0])
    }

    @Test func aCompletionVariantOfAnotherTypeDoesNot() {
        let other = Self.completionVariant.replacingOccurrences(of: "extension Dialer", with: "extension Pager")
        #expect(unreported([Self.deprecated, other]) == [1, 0])
    }

    @Test func bothInOneFileNeedNoPrePass() {
        let both =
            Self.deprecated + "\n" + Self.completionVariant.replacingOccurrences(of: "import PushKit\n", with: "")
        let context = AnalysisContext(file: Lexer.tokenize(Array(both.utf8)), rules: BuiltinRuleTable.table)
        var findings: [Finding] = []
        UnreportedVoipPushAnalyzer().analyze(context, into: &findings)
        #expect(findings.isEmpty)
    }
}
