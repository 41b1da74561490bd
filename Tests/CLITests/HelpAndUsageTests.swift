import Foundation
import Testing

@Suite struct HelpAndUsageTests {
    private let directory = FileManager.default.temporaryDirectory.path

    @Test func rootHelpIsGeneratedFromTheCommandList() throws {
        let result = try CLI.run(["--help"], in: directory)
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        try expectGolden(result.standardOutput, named: "root-help.txt")
        #expect(try CLI.run(["-h"], in: directory).standardOutput == result.standardOutput)
        #expect(try CLI.run(["help"], in: directory).standardOutput == result.standardOutput)
    }

    @Test func commandHelpIsTheSameEveryWayItIsAskedFor() throws {
        for command in ["scan", "tokens"] {
            let direct = try CLI.run([command, "--help"], in: directory)
            #expect(direct.status == 0)
            try expectGolden(direct.standardOutput, named: "\(command)-help.txt")
            let viaHelp = try CLI.run(["help", command], in: directory)
            #expect(viaHelp.status == 0)
            #expect(viaHelp.standardOutput == direct.standardOutput)
            // Arguments are read in order: an unknown option before -h is still an error, positionals are not.
            #expect(try CLI.run([command, "--bogus", "-h"], in: directory).status == 2)
            #expect(try CLI.run([command, "x", "-h"], in: directory).standardOutput == direct.standardOutput)
        }
    }

    @Test func versionPrintsNameAndVersion() throws {
        let result = try CLI.run(["--version"], in: directory)
        #expect(result.status == 0)
        let parts = result.standardOutput.split(separator: " ")
        #expect(parts.first == "lckmigrate")
        #expect(result.standardOutput.hasSuffix("\n"))
        #expect(parts.count == 2 && parts[1].dropLast().split(separator: ".").count == 3)
    }

    @Test func unknownCommandIsAOneLineErrorWithUsage() throws {
        let result = try CLI.run(["scna", "Samples"], in: directory)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        try expectGolden(result.standardError, named: "unknown-command.stderr.txt")
    }

    @Test func unknownOptionsAreUsageErrors() throws {
        let scan = try CLI.run(["scan", "--jbos", "2", "."], in: directory)
        #expect(scan.status == 2)
        #expect(
            scan.standardError.hasPrefix(
                "lckmigrate: error: unknown option '--jbos' for 'lckmigrate scan'; did you mean '--jobs'?\n"))
        #expect(scan.standardError.contains("Usage: lckmigrate scan [options] PATH...\n"))
        let root = try CLI.run(["--frobnicate"], in: directory)
        #expect(root.status == 2)
        #expect(root.standardError.hasPrefix("lckmigrate: error: unknown option '--frobnicate'\n"))
        let flagWithValue = try CLI.run(["scan", "--quiet=yes", "."], in: directory)
        #expect(flagWithValue.status == 2)
        #expect(flagWithValue.standardError.hasPrefix("lckmigrate: error: option --quiet takes no value\n"))
    }

    @Test func badOptionValuesNameTheChoices() throws {
        let cases: [([String], String)] = [
            (
                ["scan", "--format", "xml", "."],
                "lckmigrate: error: unknown format 'xml' for --format; use one of: text, xcode, json,"
            ),
            (
                ["scan", "--fail-on=fatal", "."],
                "lckmigrate: error: unknown level 'fatal' for --fail-on; use error, warning, note or never\n"
            ),
            (["scan", "--jobs", "0", "."], "lckmigrate: error: --jobs needs a whole number from 1 to 1024, not '0'\n"),
            (["scan", "--jobs"], "lckmigrate: error: option --jobs needs a value (-j, --jobs N)\n"),
            (["scan"], "lckmigrate: error: missing PATH; give Swift files or folders, such as 'lckmigrate scan .'\n"),
            (["tokens"], "lckmigrate: error: missing FILE; give one or more Swift files\n"),
            ([], "lckmigrate: error: missing command; try 'lckmigrate scan PATH'\n"),
        ]
        for (arguments, expectedStart) in cases {
            let result = try CLI.run(arguments, in: directory)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError.hasPrefix(expectedStart), "\(arguments): \(result.standardError)")
            #expect(result.standardOutput.isEmpty)
        }
    }
}
