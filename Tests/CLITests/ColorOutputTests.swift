import Foundation
import LCKTestSupport
import Testing

/// `--color`: ANSI only when asked or on a terminal, and piped output byte-identical to `--color never`.
@Suite struct ColorOutputTests {
    private let sample = PackageRoot.path + "/Samples/Wrappers"
    /// The test process may itself run under NO_COLOR or CLICOLOR_FORCE: each run sets both.
    private let neutral = ["NO_COLOR": "", "CLICOLOR_FORCE": ""]
    private let escape = "\u{1B}["

    private func scan(_ extra: [String], environment: [String: String] = [:]) throws -> CLI.Result {
        try CLI.run(
            ["scan", sample] + extra, in: PackageRoot.path, environment: neutral.merging(environment) { $1 })
    }

    @Test(arguments: ["text", "xcode", "summary"])
    func alwaysColoursAndNeverMatchesPipedOutput(format: String) throws {
        let piped = try scan(["--format", format])
        let never = try scan(["--format", format, "--color", "never"])
        let always = try scan(["--format", format, "--color", "always"])
        #expect(!piped.standardOutput.contains(escape) && !piped.standardError.contains(escape))
        #expect(piped.standardOutput == never.standardOutput && piped.standardError == never.standardError)
        #expect(always.standardOutput.contains(escape))
        #expect(always.standardError.contains(escape), "the summary line is coloured too")
        #expect(always.status == never.status)
        // Colour only wraps parts of lines: removing it gives the plain bytes back.
        #expect(Self.strippingColour(always.standardOutput) == never.standardOutput)
        #expect(Self.strippingColour(always.standardError) == never.standardError)
    }

    @Test func colouredLinesMarkSeverityRuleAndPath() throws {
        let line = try #require(
            try scan(["--color", "always"]).standardOutput.split(separator: "\n").first { $0.contains("error:") })
        #expect(line.hasPrefix("\u{1B}[1m" + "Samples/Wrappers/") || line.contains("\u{1B}[1m"))
        #expect(line.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        #expect(line.contains("[\u{1B}[35m"))
    }

    @Test func environmentDecidesOnlyInAuto() throws {
        #expect(!(try scan([], environment: ["NO_COLOR": "1"]).standardOutput.contains(escape)))
        #expect(!(try scan([], environment: ["NO_COLOR": "1", "CLICOLOR_FORCE": "1"]).standardOutput.contains(escape)))
        #expect(try scan([], environment: ["CLICOLOR_FORCE": "1"]).standardOutput.contains(escape))
        #expect(!(try scan([], environment: ["CLICOLOR_FORCE": "0"]).standardOutput.contains(escape)))
        #expect(try scan(["--color", "always"], environment: ["NO_COLOR": "1"]).standardOutput.contains(escape))
        #expect(
            !(try scan(["--color", "never"], environment: ["CLICOLOR_FORCE": "1"]).standardOutput.contains(escape)))
    }

    @Test func filesNeverGetColour() throws {
        let tree = try TemporaryTree()
        let result = try scan(["--color", "always", "--output", "xcode=\(tree.root)/out.txt"])
        #expect(result.standardOutput.contains(escape))
        #expect(!(try String(contentsOfFile: tree.root + "/out.txt", encoding: .utf8)).contains(escape))
    }

    @Test func reportColoursItsSummaryLineOnlyWhenAsked() throws {
        let tree = try TemporaryTree()
        let plain = try CLI.run(
            ["report", sample, "--output", tree.root + "/a.html"], in: PackageRoot.path, environment: neutral)
        let always = try CLI.run(
            ["report", sample, "--output", tree.root + "/b.html", "--color", "always"], in: PackageRoot.path,
            environment: neutral)
        #expect(!plain.standardError.contains(escape))
        #expect(always.standardError.contains(escape))
        #expect(Self.strippingColour(always.standardError) == plain.standardError)
    }

    @Test func unknownValueIsAUsageError() throws {
        let result = try scan(["--color", "sometimes"])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("lckmigrate: error: unknown value 'sometimes' for --color"))
    }

    /// `text` without its `ESC[…m` sequences.
    static func strippingColour(_ text: String) -> String {
        var out: [UInt8] = []
        var bytes = Array(text.utf8)[...]
        while let byte = bytes.first {
            if byte == 0x1B, bytes.dropFirst().first == UInt8(ascii: "[") {
                bytes = bytes.drop { $0 != UInt8(ascii: "m") }.dropFirst()
            } else {
                out.append(byte)
                bytes = bytes.dropFirst()
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
