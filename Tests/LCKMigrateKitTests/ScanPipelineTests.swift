import Foundation
import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKTestSupport
import Testing

@testable import LCKMigrateKit

/// Reports every occurrence of the bytes "CXProvider" so tests get findings without the real analyzers.
private let providerSpotter = TestAnalyzer("test_bytes") { context in
    let file = context.file
    let needle = Array("CXProvider".utf8)
    var findings: [Finding] = []
    var index = 0
    while index + needle.count <= file.bytes.count {
        if file.bytes[index..<(index + needle.count)].elementsEqual(needle) {
            findings.append(
                Finding(
                    ruleID: "test_provider", severity: .warning, message: "provider",
                    range: ByteRange(start: index, end: index + needle.count), mappingKind: .merge))
            index += needle.count
        } else {
            index += 1
        }
    }
    return findings
}

@Suite struct ScanPipelineTests {
    private func request(
        _ tree: TemporaryTree, jobs: Int, analyzers: [any Analyzer] = [providerSpotter]
    ) -> ScanRequest {
        ScanRequest(paths: ["."], currentDirectory: tree.root, jobs: jobs, analyzer: .testing(analyzers))
    }

    @Test func locatesFindingsWithOneBasedLinesAndUTF8ByteColumns() throws {
        let tree = try TemporaryTree()
        // "é" is two bytes, so the column after it counts 2.
        try tree.file("A.swift", "import CallKit\nlet é = CXProvider(configuration: c)\n")
        let report = ScanPipeline.run(request(tree, jobs: 1))
        #expect(report.findings.count == 1)
        let finding = try #require(report.findings.first)
        #expect(finding.path == "A.swift")
        #expect(finding.start == SourcePosition(line: 2, column: 10))
        #expect(finding.end == SourcePosition(line: 2, column: 20))
        #expect(report.filesScanned == 1)
        #expect(report.linesScanned == 2)
        #expect(report.filesWithCallKit == 1)
    }

    @Test func outputDoesNotDependOnJobCount() throws {
        let tree = try TemporaryTree()
        for index in 0..<40 {
            let body = String(repeating: "let p\(index) = CXProvider()\n", count: index % 5 + 1)
            try tree.file("dir\(index % 3)/File\(index).swift", body)
        }
        try tree.file("Plain.swift", "let nothing = 0")
        let one = ScanPipeline.run(request(tree, jobs: 1))
        let four = ScanPipeline.run(request(tree, jobs: 4))
        #expect(one.findings == four.findings)
        #expect(one.findings.count == (0..<40).reduce(0) { $0 + $1 % 5 + 1 })
        #expect(one.filesScanned == 41)
        #expect(four.filesScanned == 41)
        #expect(one.filesWithCallKit == 40)
        #expect(one.linesScanned == four.linesScanned)
        // Sorted by path bytes, then position.
        let sorted = one.findings.sorted(by: Finding.reportOrder)
        #expect(one.findings == sorted)
        #expect(one.findings.first?.path == "dir0/File0.swift")
    }

    /// The pipeline runs the pre-pass's steps: a helper in a file naming no CallKit type is read in a
    /// helper round, and its summary decides the handler's finding in the other file.
    @Test func thePrePassReadsTheHelperFilesTheHandlersCall() throws {
        let handler = """
            import CallKit
            final class Delegate: NSObject, CXProviderDelegate {
                let client = RoomClient()
                func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                    client.connect(room: "r") { ok in ok ? action.fulfill() : action.fail() }
                }
            }

            """
        func unresolved(helperGuard: String, jobs: Int) throws -> [Finding] {
            let tree = try TemporaryTree()
            try tree.file("Delegate.swift", handler)
            try tree.file(
                "Room/RoomClient.swift",
                "final class RoomClient {\n    func connect(room: String, completion: @escaping (Bool) -> Void) {\n"
                    + helperGuard + "        completion(true)\n    }\n}\n")
            let request = ScanRequest(paths: ["."], currentDirectory: tree.root, jobs: jobs)
            return ScanPipeline.run(request).findings.filter { $0.ruleID == "unresolved_action" }
        }
        for jobs in [1, 2] {
            let leaks = try unresolved(helperGuard: "        guard !room.isEmpty else { return }\n", jobs: jobs)
            #expect(leaks.count == 1)
            #expect(leaks.first?.path == "Delegate.swift")
            #expect(leaks.first?.message.contains("RoomClient.swift:3 returns without calling it") == true)
            #expect(try unresolved(helperGuard: "", jobs: jobs).isEmpty)
        }
    }

    @Test func unreadableAndNonUTF8FilesBecomeProblemsAndTheRestIsScanned() throws {
        let tree = try TemporaryTree()
        try tree.file("Good.swift", "let p = CXProvider()\n")
        try tree.bytes("Latin1.swift", Array("// ok\nlet x = \"".utf8) + [0xE9, 0x22, 0x0A])
        let files = [
            DiscoveredFile(displayPath: "Good.swift", path: tree.root + "/Good.swift"),
            DiscoveredFile(displayPath: "Latin1.swift", path: tree.root + "/Latin1.swift"),
            DiscoveredFile(displayPath: "Vanished.swift", path: tree.root + "/Vanished.swift"),
        ]
        let report = ScanPipeline.run(files: files, request: request(tree, jobs: 2))
        #expect(report.filesScanned == 1)
        #expect(report.findings.map(\.path) == ["Good.swift"])
        #expect(
            report.problems == [
                FileProblem(
                    path: "Latin1.swift", message: "line 2, column 10: not valid UTF-8; re-save the file as UTF-8"),
                FileProblem(path: "Vanished.swift", message: "cannot read file: no such file or directory"),
            ])
        #expect(FailThreshold.never.exitStatus(for: report) == .failure)
    }

    @Test func everyAnalyzerContributesAndTheReportIsSorted() throws {
        let tree = try TemporaryTree()
        try tree.file("B.swift", "let p = CXProvider()\n")
        try tree.file("A.swift", "let q = CXProvider()\n")
        let fileStart = TestAnalyzer("test_start") { _ in
            [Finding(ruleID: "test_start", severity: .note, message: "start", range: ByteRange(start: 0, end: 3))]
        }
        let report = ScanPipeline.run(request(tree, jobs: 2, analyzers: [providerSpotter, fileStart]))
        let summary = report.findings.map { "\($0.path):\($0.start.line):\($0.start.column) \($0.ruleID)" }
        #expect(
            summary == [
                "A.swift:1:1 test_start", "A.swift:1:9 test_provider", "B.swift:1:1 test_start",
                "B.swift:1:9 test_provider",
            ])
        #expect(FailThreshold.warning.exitStatus(for: report) == .findings)
        #expect(FailThreshold.error.exitStatus(for: report) == .success)
    }

    /// Discovery's lists are sorted and unique, so the pipeline only joins per-file results; a list built
    /// by a caller in another order, or naming one file twice, must still come out in report order.
    @Test func callerBuiltFileListsInAnyOrderGiveReportOrder() throws {
        let tree = try TemporaryTree()
        try tree.file("a/One.swift", "let p = CXProvider()\nlet q = CXProvider()\n")
        try tree.file("b/Two.swift", "\n\nlet r = CXProvider()\n")
        try tree.file("c.swift", "let s = CXProvider()\n")
        let sorted = ["a/One.swift", "b/Two.swift", "c.swift"].map {
            DiscoveredFile(displayPath: $0, path: tree.root + "/" + $0)
        }
        let reference = ScanPipeline.run(files: sorted, request: request(tree, jobs: 1))
        #expect(
            reference.findings.map { "\($0.path):\($0.start.line)" } == [
                "a/One.swift:1", "a/One.swift:2", "b/Two.swift:3", "c.swift:1",
            ])
        for jobs in [1, 3] {
            let reversed = ScanPipeline.run(files: sorted.reversed(), request: request(tree, jobs: jobs))
            #expect(reversed.findings == reference.findings)
            let twice = ScanPipeline.run(files: [sorted[2], sorted[0], sorted[2]], request: request(tree, jobs: jobs))
            #expect(
                twice.findings.map { "\($0.path):\($0.start.line)" } == [
                    "a/One.swift:1", "a/One.swift:2", "c.swift:1", "c.swift:1",
                ])
        }
    }

    @Test func lineCountIgnoresTheFinalTerminator() {
        func count(_ text: String) -> Int {
            let bytes = Array(text.utf8)
            return SourceReader.lineCount(bytes, table: LineTable(bytes))
        }
        #expect(count("") == 0)
        #expect(count("a") == 1)
        #expect(count("a\n") == 1)
        #expect(count("a\r\nb") == 2)
        #expect(count("a\n\n") == 2)
    }
}

@Suite struct FailThresholdTests {
    private func report(_ severities: [Severity], suppressedLast: Bool = false) -> ScanReport {
        var findings = severities.map {
            Finding(ruleID: "r", severity: $0, message: "m", range: ByteRange(start: 0, end: 1))
        }
        if suppressedLast, !findings.isEmpty {
            findings[findings.count - 1].suppression = Suppression(kind: .inSource, justification: "")
        }
        return ScanReport(findings: findings, rules: [], filesScanned: 1)
    }

    @Test func findingsAtOrAboveTheThresholdFail() {
        #expect(FailThreshold.error.exitStatus(for: report([.warning, .note])) == .success)
        #expect(FailThreshold.error.exitStatus(for: report([.error])) == .findings)
        #expect(FailThreshold.warning.exitStatus(for: report([.warning])) == .findings)
        #expect(FailThreshold.warning.exitStatus(for: report([.note])) == .success)
        #expect(FailThreshold.note.exitStatus(for: report([.note])) == .findings)
        #expect(FailThreshold.never.exitStatus(for: report([.error])) == .success)
        #expect(FailThreshold.error.exitStatus(for: report([.note, .error], suppressedLast: true)) == .success)
        #expect(ExitStatus.findings.code == 1 && ExitStatus.failure.code == 2 && ExitStatus.success.code == 0)
    }
}

@Suite struct UTF8ValidationTests {
    @Test func acceptsWellFormedAndRejectsMalformedSequences() {
        #expect(UTF8Validation.firstInvalidOffset(in: Array("aé€😀".utf8)) == nil)
        #expect(UTF8Validation.firstInvalidOffset(in: [0xEF, 0xBB, 0xBF, 0x61]) == nil)  // BOM
        #expect(UTF8Validation.firstInvalidOffset(in: [0x61, 0xC0, 0x80]) == 1)  // overlong NUL
        #expect(UTF8Validation.firstInvalidOffset(in: [0xE0, 0x80, 0x80]) == 0)  // overlong 3-byte
        #expect(UTF8Validation.firstInvalidOffset(in: [0xED, 0xA0, 0x80]) == 0)  // surrogate
        #expect(UTF8Validation.firstInvalidOffset(in: [0xF4, 0x90, 0x80, 0x80]) == 0)  // past U+10FFFF
        #expect(UTF8Validation.firstInvalidOffset(in: [0x61, 0x62, 0xE2, 0x82]) == 2)  // truncated
        #expect(UTF8Validation.firstInvalidOffset(in: [0x80]) == 0)  // stray continuation
    }
}
