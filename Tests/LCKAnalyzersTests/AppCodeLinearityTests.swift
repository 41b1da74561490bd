import LCKCore
import LCKLexer
import LCKProjectModel
import Testing

@testable import LCKAnalyzers

/// Ordinary app code repeated in one file (issue 29 item 11): every copy declares the same type and the
/// same function names, so a lookup by name finds every copy. The work must grow with the file, not with
/// the copies times the copies.
@Suite struct AppCodeLinearityTests {
    /// A CallKit manager like `Samples/CrossFileHelpers/CallManager.swift`, repeated `copies` times: a
    /// perform handler calling a helper (which starts audio when `audio` is set) that calls another.
    static func repeatedManager(copies: Int, audio: Bool) -> String {
        let start = audio ? "try? session.setActive(true)" : "log()"
        let copy = """
            final class CallManager: NSObject, CXProviderDelegate {
                func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                    prepareAudio()
                    action.fulfill()
                }
                func prepareAudio() {
                    configure()
                    \(start)
                }
                func configure() { pending.insert(id) }
                func reportIncoming(uuid: UUID, completion: @escaping (Error?) -> Void) {
                    provider.reportNewIncomingCall(with: uuid, update: update) { error in
                        if let error { print(error) }
                        finishReport()
                    }
                }
                func finishReport() { pending.remove(id) }
            }

            """
        return "import CallKit\n" + String(repeating: copy, count: copies)
    }

    static func context(_ source: String) -> AnalysisContext {
        AnalysisContext(
            file: Lexer.tokenize(Array(source.utf8)), rules: AnalyzerTestSupport.rules,
            deploymentTarget: OSVersion(15, 0))
    }

    /// Helper functions the audio-activation walk looked at over every root of the file.
    static func helpersExamined(copies: Int, audio: Bool) -> (work: Int, findings: Int) {
        let walk = AudioOutsideActivationAnalyzer().walked(context(repeatedManager(copies: copies, audio: audio)))
        return (walk?.helpersExamined ?? 0, walk?.findings.count ?? 0)
    }

    @Test(arguments: [false, true])
    func audioWalkGrowsWithTheCopiesNotTheirSquare(audio: Bool) {
        let small = Self.helpersExamined(copies: 200, audio: audio)
        let large = Self.helpersExamined(copies: 400, audio: audio)
        #expect(small.work >= 200)
        // Each copy's audio start is reported once, whichever handler reaches it first.
        #expect(small.findings == (audio ? 200 : 0))
        #expect(large.findings == (audio ? 400 : 0))
        #expect(Double(large.work) <= 2.2 * Double(small.work), "helpers examined \(small.work) → \(large.work)")
    }

    /// Capability flags set from `let` constants, as `Samples/ValueProvenance` does, repeated `copies`
    /// times (issue 29, the `samples-apps` shape): every assignment folds its constant.
    static func repeatedCapabilities(copies: Int) -> String {
        let copy = """
            final class CallSetup: NSObject, CXProviderDelegate {
                let holding = false
                static let dtmf = true
                func configure(_ configuration: CXProviderConfiguration) {
                    configuration.supportsHolding = holding
                    configuration.supportsDTMF = Self.dtmf
                }
                func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) { action.fulfill() }
            }

            """
        return "import CallKit\n" + String(repeating: copy, count: copies)
    }

    /// Variables the capability folding read, and the findings (`supportsDTMF` has no handler).
    static func capabilityWork(copies: Int) -> (work: Int, findings: Int) {
        let work = Counter()
        var findings: [Finding] = []
        MissingActionHandlerAnalyzer().analyze(
            context(repeatedCapabilities(copies: copies)), project: nil, into: &findings, work: work)
        return (work.value, findings.filter { $0.message.contains("supportsDTMF") }.count)
    }

    @Test func capabilityFoldingGrowsWithTheCopiesNotTheirSquare() {
        let small = Self.capabilityWork(copies: 200)
        let large = Self.capabilityWork(copies: 400)
        #expect(small.work >= 400)
        #expect(small.findings == 200 && large.findings == 400)
        #expect(Double(large.work) <= 2.2 * Double(small.work), "variables read \(small.work) → \(large.work)")
    }
}
