import LCKCore
import Testing

@testable import LCKReporters

@Suite struct TerminalStyleTests {
    @Test func autoFollowsTheTerminalAndTheEnvironment() {
        #expect(ColorChoice.auto.colours(isTerminal: true, environment: [:]))
        #expect(!ColorChoice.auto.colours(isTerminal: false, environment: [:]))
        #expect(!ColorChoice.auto.colours(isTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(ColorChoice.auto.colours(isTerminal: true, environment: ["NO_COLOR": ""]), "empty NO_COLOR is unset")
        #expect(ColorChoice.auto.colours(isTerminal: false, environment: ["CLICOLOR_FORCE": "1"]))
        #expect(!ColorChoice.auto.colours(isTerminal: false, environment: ["CLICOLOR_FORCE": "0"]))
        #expect(!ColorChoice.auto.colours(isTerminal: false, environment: ["CLICOLOR_FORCE": ""]))
        #expect(!ColorChoice.auto.colours(isTerminal: true, environment: ["NO_COLOR": "x", "CLICOLOR_FORCE": "1"]))
    }

    @Test func explicitChoicesWinOverEverything() {
        #expect(ColorChoice.always.colours(isTerminal: false, environment: ["NO_COLOR": "1"]))
        #expect(!ColorChoice.never.colours(isTerminal: true, environment: ["CLICOLOR_FORCE": "1"]))
    }

    @Test func plainStyleLeavesTheBytesOfEveryFormatUnchanged() {
        let report = SampleReport.report
        #expect(XcodeReporter(style: .plain).render(report) == XcodeReporter().render(report))
        #expect(TextReporter(style: .plain).render(report) == TextReporter().render(report))
        let colored = String(decoding: TextReporter(style: .colored).render(report), as: UTF8.self)
        #expect(colored.contains("\u{1B}[1m"))
        #expect(TerminalStyle.plain.severity(.error, "error:") == "error:")
        #expect(TerminalStyle.colored.severity(.error, "error:") == "\u{1B}[1;31merror:\u{1B}[0m")
    }

    /// A control character in a file name is escaped before colour is added, so it cannot end the colour early.
    @Test func controlCharactersInPathsStayEscapedWhenColoured() throws {
        var finding = try #require(SampleReport.report.findings.first { $0.suppression == nil })
        finding.path = "Evil\u{1B}[31m.swift"
        var report = SampleReport.report
        report.findings = [finding]
        let text = String(decoding: XcodeReporter(style: .colored).render(report), as: UTF8.self)
        #expect(text.contains("Evil\\x1B[31m.swift"))
    }
}
