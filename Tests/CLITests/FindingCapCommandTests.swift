import Foundation
import LCKTestSupport
import Testing

/// `--max-file-findings` and `--max-findings` (issue 15): a one-line note names the file, the
/// summary says findings were capped, the JSON report stays whole, and a bad value is a usage error.
@Suite struct FindingCapCommandTests {
    @Test func capNoteSummaryAndWholeReport() throws {
        let tree = try TemporaryTree()
        _ = try tree.file(
            "Calls.swift",
            "import CallKit\n" + String(repeating: "let p = CXProvider(configuration: c)\n", count: 30))
        let result = try CLI.run(
            ["scan", ".", "--format", "json", "--max-file-findings", "10", "--fail-on", "never"], in: tree.root)
        #expect(result.status == 0)
        #expect(
            result.standardError.contains(
                "lckmigrate: note: Calls.swift: findings capped: rule matching stopped early, 10 kept "
                    + "(a file keeps at most 10, --max-file-findings; a token at most 64 mapping findings)\n"))
        #expect(result.standardError.contains("; findings capped in 1 file\n"))
        let report = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        #expect((report?["findings"] as? [Any])?.count == 10)
        let problems = report?["problems"] as? [[String: Any]]
        #expect(problems?.first?["kind"] as? String == "truncated")
    }

    @Test func badCountIsAUsageError() throws {
        let tree = try TemporaryTree()
        let result = try CLI.run(["scan", ".", "--max-findings", "0"], in: tree.root)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("lckmigrate: error: --max-findings needs a positive number"))
    }
}
