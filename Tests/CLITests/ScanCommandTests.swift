import Foundation
import LCKTestSupport
import Testing

@Suite struct ScanCommandTests {
    @Test func listFilesSkipsExcludedFoldersInByteOrder() throws {
        let tree = try TemporaryTree()
        try tree.file("App/Zeta.swift")
        try tree.file("App/alpha.swift")
        try tree.file("App/Sub/Call.swift")
        try tree.file("App/Sub-Extra/More.swift")
        try tree.file("App/notes.md")
        for excluded in [".build", "Pods", "Carthage", "DerivedData", ".git", ".swiftpm"] {
            try tree.file("App/\(excluded)/Vendored.swift")
        }
        let result = try CLI.run(["scan", "--list-files", "App"], in: tree.root)
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(
            result.standardOutput == "App/Sub-Extra/More.swift\nApp/Sub/Call.swift\nApp/Zeta.swift\nApp/alpha.swift\n")
        let dotted = try CLI.run(["scan", "--list-files", "./App/Sub/"], in: tree.root)
        #expect(dotted.standardOutput == "App/Sub/Call.swift\n")
    }

    @Test func doubleDashEndsOptions() throws {
        let tree = try TemporaryTree()
        try tree.file("-odd.swift")
        let result = try CLI.run(["scan", "--list-files", "--jobs=1", "--", "-odd.swift"], in: tree.root)
        #expect(result.status == 0)
        #expect(result.standardOutput == "-odd.swift\n")
    }

    @Test func missingPathIsReportedAndTheOtherPathsStillScanned() throws {
        let tree = try TemporaryTree()
        try tree.file("Good.swift")
        let result = try CLI.run(["scan", "Nope", "Good.swift"], in: tree.root)
        #expect(result.status == 2)
        #expect(
            result.standardError.hasPrefix(
                "lckmigrate: error: Nope: no such file or directory; check the path (relative paths start at the current directory)\n"
            ))
        #expect(result.standardError.contains("scanned 1 file (1 line)"))
    }

    @Test func nonUTF8FileIsReportedWithItsLine() throws {
        let tree = try TemporaryTree()
        try tree.bytes("Legacy.swift", Array("let a = 1\nlet b = \"".utf8) + [0xFF, 0x22, 0x0A])
        let result = try CLI.run(["scan", "--quiet", "Legacy.swift"], in: tree.root)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "lckmigrate: error: Legacy.swift: line 2, column 10: not valid UTF-8; re-save the file as UTF-8\n")
    }

    @Test func cleanTreeExitsZeroAndQuietSilencesTheSummary() throws {
        let tree = try TemporaryTree()
        try tree.file("A.swift", "struct A {}\n\n")
        let loud = try CLI.run(["scan", "."], in: tree.root)
        #expect(loud.status == 0)
        #expect(loud.standardError == "lckmigrate: scanned 1 file (2 lines): 0 errors, 0 warnings, 0 notes\n")
        let quiet = try CLI.run(["scan", "-q", "--fail-on", "note", "."], in: tree.root)
        #expect(quiet.status == 0)
        #expect(quiet.standardError.isEmpty)
    }

    @Test func jobCountDoesNotChangeAnyOutput() throws {
        let tree = try TemporaryTree()
        for index in 0..<30 {
            try tree.file(
                "Module\(index % 4)/File\(index).swift",
                String(repeating: "let x\(index) = \(index)\n", count: index + 1))
        }
        try tree.bytes("Module1/Broken.swift", [0xC0, 0x80])
        var outputs: [CLI.Result] = []
        for jobs in ["--jobs=1", "-j2", "-j7"] {
            for format in ["text", "json"] {
                outputs.append(try CLI.run(["scan", jobs, "--format", format, "."], in: tree.root))
            }
        }
        for (index, result) in outputs.enumerated() {
            #expect(result.status == 2)
            #expect(result.standardOutput == outputs[index % 2].standardOutput)
            #expect(result.standardError == outputs[index % 2].standardError)
        }
        // 1 + 2 + … + 30 lines in 30 readable files; the broken one is a problem, not a crash.
        #expect(
            outputs[0].standardError.hasSuffix(
                "scanned 30 files (465 lines): 0 errors, 0 warnings, 0 notes; 1 file problem\n"))
        #expect(
            outputs[0].standardError.hasPrefix(
                "lckmigrate: error: Module1/Broken.swift: line 1, column 1: not valid UTF-8"))
    }

    @Test func anUnwritableOutputIsAnErrorWhileTheScanStillReports() throws {
        let tree = try TemporaryTree()
        try tree.file("A.swift")
        // The scan goes on: "Nope" gets its own error, then the output's, then the summary.
        let result = try CLI.run(["scan", "--output", "A.swift/report.txt", "A.swift", "Nope"], in: tree.root)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "lckmigrate: error: Nope: no such file or directory; check the path (relative paths start at the "
                + "current directory)\n"
                + "lckmigrate: error: A.swift/report.txt: cannot write here (a component of the path is not a "
                + "directory); check that the folder exists and is writable\n"
                + "lckmigrate: scanned 1 file (1 line): 0 errors, 0 warnings, 0 notes; 1 file problem\n")
        #expect(try tree.entries() == ["A.swift"])
    }

    @Test func outputFileIsWrittenAtomicallyWithNoTemporaryLeft() throws {
        let tree = try TemporaryTree()
        try tree.file("src/A.swift")
        try tree.file("out/report.txt", "previous report")
        let result = try CLI.run(["scan", "-o", "out/report.txt", "--list-files", "src"], in: tree.root)
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty)
        #expect(try String(contentsOfFile: tree.root + "/out/report.txt", encoding: .utf8) == "src/A.swift\n")
        #expect(try tree.entries("out") == ["report.txt"])
        let scan = try CLI.run(["scan", "--quiet", "--output=out/scan.json", "--format", "json", "src"], in: tree.root)
        #expect(scan.status == 0)
        #expect(try tree.entries("out") == ["report.txt", "scan.json"])
    }

    @Test func folderWithoutSwiftFilesIsAnError() throws {
        let tree = try TemporaryTree()
        try tree.file("docs/README.md", "# docs\n")
        let result = try CLI.run(["scan", "docs"], in: tree.root)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("lckmigrate: error: docs: no Swift files found in this directory"))
    }
}

@Suite struct TokensCommandTests {
    @Test func unreadableFileIsReportedAndTheOthersStillPrinted() throws {
        let tree = try TemporaryTree()
        try tree.file("A.swift", "let a = 1\n")
        let result = try CLI.run(["tokens", "Missing.swift", "A.swift", "."], in: tree.root)
        #expect(result.status == 2)
        #expect(
            result.standardError == "lckmigrate: error: Missing.swift: cannot read file: no such file or directory\n"
                + "lckmigrate: error: .: cannot read file: is a directory\n")
        let good = try CLI.run(["tokens", "A.swift"], in: tree.root)
        #expect(good.status == 0)
        #expect(good.standardError.isEmpty)
        // Every line, once the lexer lands, starts with the path exactly as given.
        for line in good.standardOutput.split(separator: "\n") { #expect(line.hasPrefix("A.swift\t")) }
    }
}
