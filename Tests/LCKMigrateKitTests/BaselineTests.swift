import LCKCore
import Testing

@testable import LCKMigrateKit

@Suite struct BaselineTests {
    private let original = """
        import CallKit

        final class CallManager {
            func start() {
                let provider = CXProvider(configuration: config)
                let again = CXProvider(configuration: config)
            }
            func duplicate() {
                let p = CXProvider(configuration: config)
                let p = CXProvider(configuration: config)
            }
        }
        """

    @Test func fingerprintsIgnoreLineShiftsAndWhitespaceButNotTheLineOrItsDeclaration() {
        let before = scanSource(original)
        let shifted = scanSource(
            "// A new header comment.\n\nimport Foundation\n"
                + original.replacingOccurrences(of: "    let provider", with: "    let  provider "))
        #expect(before.map(\.start.line) == [5, 6, 9, 10])
        #expect(shifted.map(\.start.line) == [8, 9, 12, 13])
        #expect(before.map(\.fingerprint) == shifted.map(\.fingerprint))
        // Same line text, different enclosing function: different fingerprint.
        #expect(before[0].fingerprint != before[1].fingerprint)
        // Identical line and declaration: one shared fingerprint, told apart by rank.
        #expect(before[2].fingerprint == before[3].sharedFingerprint && before[2].fingerprint != before[3].fingerprint)
        #expect(before.map(\.sharedFingerprint) == shifted.map(\.sharedFingerprint))
        #expect(before.allSatisfy { $0.fingerprint?.utf8.count == 32 })
        let renamed = scanSource(original.replacingOccurrences(of: "func start()", with: "func begin()"))
        #expect(renamed[0].fingerprint != before[0].fingerprint)
        #expect(renamed[2].fingerprint == before[2].fingerprint)
    }

    @Test func enclosingDeclarationSkipsModifiersAttributesAndComments() {
        let outline = SourceLineOutline(
            bytes: Array(
                """
                @MainActor
                public final class A {
                // a comment at a lower indent does not close the class
                    private(set) var x = 1
                    @objc private static func f() {
                        body()

                    }
                }
                """.utf8),
            lines: LineTable(
                Array(
                    """
                    @MainActor
                    public final class A {
                    // a comment at a lower indent does not close the class
                        private(set) var x = 1
                        @objc private static func f() {
                            body()

                        }
                    }
                    """.utf8)))
        #expect(outline.enclosingDeclaration(ofLine: 4) == 2)
        #expect(outline.enclosingDeclaration(ofLine: 6) == 5)
        #expect(outline.enclosingDeclaration(ofLine: 7) == 5)
        #expect(outline.enclosingDeclaration(ofLine: 8) == 2)
        #expect(outline.enclosingDeclaration(ofLine: 9) == nil)
        #expect(outline.normalizedLine(5) == "@objc private static func f() {")
    }

    @Test func roundTripMatchesAfterInsertionsAndTellsDuplicatesApart() throws {
        let findings = scanSource(original)
        let baseline = Baseline(findings: findings)
        #expect(baseline.version == 2 && baseline.entries.map(\.count) == [1, 1, 1, 1])
        #expect(Set(findings.compactMap(\.fingerprint)).count == 4, "identical findings get unique fingerprints")
        #expect(findings.filter { $0.sharedFingerprint != nil }.count == 1)
        let reparsed = try Baseline.parse(baseline.serialized(), path: "b.json")
        #expect(reparsed == baseline)

        var shifted = scanSource("import Foundation\n\n" + original)
        let outcome = baseline.apply(to: &shifted)
        #expect(outcome.matched == 4 && outcome.fixed == 0)
        #expect(shifted.allSatisfy { $0.suppression == Suppression(kind: .external, justification: "baseline") })

        // Edit one finding's own line and drop one duplicate: both are new/fixed accordingly.
        var edited = scanSource(
            original
                .replacingOccurrences(
                    of: "let again = CXProvider(configuration: config)",
                    with: "let again = CXProvider(configuration: other)"
                )
                .replacingOccurrences(
                    of: "        let p = CXProvider(configuration: config)\n        let p", with: "        let p"))
        let editedOutcome = baseline.apply(to: &edited)
        #expect(summary(edited) == ["5:test_provider:baseline", "6:test_provider:active", "9:test_provider:baseline"])
        #expect(editedOutcome.matched == 2 && editedOutcome.fixed == 2)
    }

    /// Baselines written before duplicates were ranked key identical findings by the fingerprint they
    /// share, with a count: they still match, through `sharedFingerprint`.
    @Test func versionOneBaselinesStillMatch() throws {
        let findings = scanSource(original)
        let entries = findings.map { finding in
            Baseline.Entry(
                key: .init(
                    path: finding.path, ruleID: finding.ruleID,
                    fingerprint: finding.sharedFingerprint ?? finding.fingerprint!),
                count: 1, message: finding.message)
        }
        let text = Baseline(entries: entries, version: 1).serialized()
        let old = try Baseline.parse(text, path: "old.json")
        #expect(old.version == 1 && old.entries.map(\.count).sorted() == [1, 1, 2])
        var shifted = scanSource("import Foundation\n\n" + original)
        #expect(old.apply(to: &shifted) == (matched: 4, fixed: 0))
        // The same file read as version 2 matches only the first of the duplicates' shared fingerprint.
        let misread = try Baseline.parse(
            Array(
                String(decoding: text, as: UTF8.self)
                    .replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2").utf8), path: "old.json")
        var again = scanSource(original)
        #expect(misread.apply(to: &again).matched == 3)
    }

    @Test func inSourceSuppressedFindingsStayOutOfTheBaseline() {
        let findings = scanSource(
            "// lckmigrate:disable-next-line test_provider -- ok\nlet a = CXProvider(c)\nlet b = CXProvider(c)\n")
        let baseline = Baseline(findings: findings)
        #expect(baseline.entries.count == 1)
        #expect(baseline.entries.first?.key.ruleID == "test_provider")
    }

    @Test func serializedFormIsSortedOneEntryPerLine() {
        let baseline = Baseline(entries: [
            .init(key: .init(path: "b/Z.swift", ruleID: "r1", fingerprint: "ff"), count: 1, message: "say \"hi\""),
            .init(key: .init(path: "a/Y.swift", ruleID: "r2", fingerprint: "00"), count: 1, message: "m"),
            .init(key: .init(path: "a/Y.swift", ruleID: "r2", fingerprint: "00"), count: 2, message: "m"),
            .init(key: .init(path: "a/Y.swift", ruleID: "r1", fingerprint: "11"), count: 1, message: "n"),
        ])
        let text = String(decoding: baseline.serialized(), as: UTF8.self)
        #expect(
            text == """
                {
                  "version": 2,
                  "entries": [
                    {"path": "a/Y.swift", "rule": "r1", "fingerprint": "11", "count": 1, "message": "n"},
                    {"path": "a/Y.swift", "rule": "r2", "fingerprint": "00", "count": 3, "message": "m"},
                    {"path": "b/Z.swift", "rule": "r1", "fingerprint": "ff", "count": 1, "message": "say \\"hi\\""}
                  ]
                }

                """)
        #expect(
            String(decoding: Baseline(entries: []).serialized(), as: UTF8.self)
                == "{\n  \"version\": 2,\n  \"entries\": []\n}\n")
    }

    @Test func parseErrorsNameFileLineAndColumn() {
        func message(_ text: String) -> String {
            do {
                _ = try Baseline.parse(Array(text.utf8), path: "base.json")
                return "no error"
            } catch {
                return "\(error.problem.path): \(error.problem.message)"
            }
        }
        #expect(
            message("{\"version\": 3, \"entries\": []}")
                == "base.json:1:13: expected version 1 or 2, found 3; re-create it with --write-baseline")
        #expect(
            message("{\"version\": 1,\n \"entries\": [{\"path\": 3}]}")
                == "base.json:2:23: expected a string for \"path\", found a number")
        #expect(
            message(
                "{\"version\": 1,\n \"entries\": [{\"path\": \"a\", \"rule\": \"r\", \"fingerprint\": \"f\", \"count\": 0}]}"
            )
                == "base.json:2:70: expected a whole number from 1 to 1000000000 for \"count\"; re-create the baseline "
                + "with --write-baseline")
        #expect(message("[1,]").hasPrefix("base.json:1:4: "))
    }

    @Test func keysCompareBytesAndCountsNeverOverflow() {
        let composed = Baseline.Key(path: "caf\u{E9}.swift", ruleID: "r", fingerprint: "f")
        let decomposed = Baseline.Key(path: "cafe\u{301}.swift", ruleID: "r", fingerprint: "f")
        let baseline = Baseline(entries: [
            .init(key: composed, count: 1, message: ""), .init(key: decomposed, count: 1, message: ""),
            .init(key: composed, count: .max, message: ""),
        ])
        // Byte order: "e" (0x65) before "é" (0xC3).
        #expect(baseline.entries.map(\.count) == [1, .max])
        #expect(baseline.entries.map(\.key.path) == ["cafe\u{301}.swift", "caf\u{E9}.swift"])
    }
}
