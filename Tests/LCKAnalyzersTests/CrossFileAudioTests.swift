import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKRules
import Testing

/// Audio activated by a helper in another file, which an action handler calls, is reported at the helper's
/// activation with the handler's call as its witness; helpers nobody's handler calls are left alone.
@Suite struct CrossFileAudioTests {
    static let handler = """
        import CallKit
        final class ProviderDelegate: NSObject, CXProviderDelegate {
            func providerDidReset(_ provider: CXProvider) {}
            func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) {
                if !action.isOnHold { startAudio() }
                action.fulfill()
            }
        }

        """
    static let audio = """
        import AVFoundation
        func startAudio() {
            try? AVAudioSession.sharedInstance().setActive(true)
        }
        func startRecorderForNotes() {
            try? AVAudioSession.sharedInstance().setActive(true)
        }

        """

    func audioFindings(_ sources: [String]) -> [[Finding]] {
        let files = sources.map { Lexer.tokenize(Array($0.utf8)) }
        let suite = AnalyzerSuite(rules: BuiltinRuleTable.table).projectPass(
            fileCount: files.count, jobs: 1, paths: ["Delegate.swift", "Audio.swift"]
        ) { files[$0].bytes }.suite
        return files.map { suite.findings(in: $0).filter { $0.ruleID == "audio_outside_activation" } }
    }

    @Test func theHelpersActivationIsReportedWithTheHandlersCall() throws {
        let found = audioFindings([Self.handler, Self.audio])
        #expect(found[0].isEmpty)
        try #require(found[1].count == 1)
        #expect(found[1][0].message.contains("called from Delegate.swift:5"))
        #expect(found[1][0].witness.first?.path == "Delegate.swift")
    }

    @Test func withoutTheHandlersCallNothingIsReported() {
        let noCall = Self.handler.replacingOccurrences(of: "if !action.isOnHold { startAudio() }", with: "")
        let found = audioFindings([noCall, Self.audio])
        #expect(found[0].isEmpty && found[1].isEmpty)
    }
}
