import Foundation
import Testing

/// Compares output with `Goldens/<name>`; re-records only when `LCKMIGRATE_RECORD=1`.
///
/// A mismatch prints a line diff with context so the change can be read in the test log.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    static func check(_ actual: [UInt8], named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["LCKMIGRATE_RECORD"] == "1" {
            do {
                try Data(actual).write(to: url)
                Issue.record(
                    "recorded \(name); run again without LCKMIGRATE_RECORD to compare", sourceLocation: sourceLocation)
            } catch {
                Issue.record("could not record \(url.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = FileManager.default.contents(atPath: url.path) else {
            Issue.record(
                "missing golden \(url.path); record it with LCKMIGRATE_RECORD=1", sourceLocation: sourceLocation)
            return
        }
        if [UInt8](expected) != actual {
            let diff = lineDiff(
                expected: String(decoding: expected, as: UTF8.self),
                actual: String(decoding: actual, as: UTF8.self))
            Issue.record(
                "\(name) differs from its golden (- golden, + actual):\n\(diff)", sourceLocation: sourceLocation)
        }
    }

    /// The differing middle of two texts, after their common leading and trailing lines, with
    /// up to three lines of context on each side.
    static func lineDiff(expected: String, actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var prefix = 0
        while prefix < old.count && prefix < new.count && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix && suffix < new.count - prefix
            && old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        { suffix += 1 }
        var lines = ["@@ line \(prefix + 1) @@"]
        for line in old[max(0, prefix - 3)..<prefix] { lines.append("  \(line)") }
        for line in old[prefix..<(old.count - suffix)] { lines.append("- \(line)") }
        for line in new[prefix..<(new.count - suffix)] { lines.append("+ \(line)") }
        for line in old[(old.count - suffix)..<min(old.count, old.count - suffix + 3)] { lines.append("  \(line)") }
        return lines.joined(separator: "\n")
    }
}
