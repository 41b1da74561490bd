import LCKCore
import LCKLexer
import Testing

@testable import LCKAnalyzers
@testable import LCKProjectModel

/// A file of many copies of one push class (issue 29, the `samples-apps` shape): every copy's handler
/// calls the same-named helper and id producer, which used to be expanded, listed and traced once per
/// copy, each time over every copy. Work counted, not time: N and 2N copies must cost about twice.
@Suite struct RegeneratedIDLinearityTests {
    static func source(copies: Int) -> String {
        let push = """
            final class VoipPushes: NSObject, PKPushRegistryDelegate {
                func pushRegistry(_ r: PKPushRegistry, didReceiveIncomingPushWith p: PKPushPayload, for t: PKPushType, completion: @escaping () -> Void) {
                    showIncoming(p)
                    provider.reportNewIncomingCall(with: makeCallID(), update: CXCallUpdate()) { _ in completion() }
                }
                func showIncoming(_ p: PKPushPayload) { log(p) }
                func makeCallID() -> UUID { UUID() }
            }

            """
        return "import CallKit\nimport PushKit\n" + String(repeating: push, count: copies)
    }

    static func run(copies: Int) -> (examined: Int, findings: Int) {
        let context = AnalysisContext(
            file: Lexer.tokenize(Array(source(copies: copies).utf8)), rules: AnalyzerTestSupport.rules)
        let examined = Counter()
        var findings: [Finding] = []
        RegeneratedIncomingUUIDAnalyzer().analyze(context, into: &findings, examined: examined)
        return (examined.value, findings.count)
    }

    @Test func copiesOfOnePushClassCostLinearWork() {
        let small = Self.run(copies: 100)
        let large = Self.run(copies: 200)
        // The producers' `UUID()`s are reported up to the provenance walk's budget, the same at both sizes.
        #expect(small.findings > 0)
        #expect(large.findings == small.findings)
        #expect(small.examined > 0)
        #expect(Double(large.examined) <= 2.3 * Double(small.examined), "\(small.examined) → \(large.examined)")
    }
}
