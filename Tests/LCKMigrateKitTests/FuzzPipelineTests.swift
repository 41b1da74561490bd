import Foundation
import LCKCore
import LCKLexer
import LCKParser
import LCKTestSupport
import Testing

@testable import LCKMigrateKit

/// Hostile input through the whole pipeline (read → lex → built-in analyzers → locate): no crash,
/// no hang, and a report whose every finding points inside its file. Seeds are fixed, so a failure
/// reproduces; `lckmigrate-bench fuzz --seconds N` is the long mode.
@Suite struct FuzzPipelineTests {
    typealias Random = SeededRandom

    static let samplesRoot = URL(fileURLWithPath: PackageRoot.path).appendingPathComponent("Samples").path

    static func samples() throws -> [[UInt8]] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: samplesRoot))
        var found: [[UInt8]] = []
        for case let relative as String in enumerator where relative.hasSuffix(".swift") {
            found.append(Array(try #require(FileManager.default.contents(atPath: samplesRoot + "/" + relative))))
        }
        return found.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Scans `inputs` as one tree and checks the report's invariants.
    private func scanAndCheck(_ inputs: [(String, [UInt8])], jobs: Int = 2) throws {
        let tree = try TemporaryTree()
        for (name, bytes) in inputs { try tree.bytes(name, bytes) }
        let report = ScanPipeline.run(ScanRequest(paths: ["."], currentDirectory: tree.root, jobs: jobs))
        // A file over the findings cap is scanned and noted (`.truncated`); other problems are unreadable files.
        let unread = report.problems.filter { $0.kind != .truncated }
        #expect(report.filesScanned + unread.count == inputs.count)
        let sizes = Dictionary(uniqueKeysWithValues: inputs.map { ($0.0, $0.1.count) })
        for finding in report.findings {
            let size = try #require(sizes[finding.path], "finding for unknown path \(finding.path)")
            #expect(finding.range.start >= 0 && finding.range.start <= finding.range.end && finding.range.end <= size)
            #expect(finding.start.line >= 1 && finding.start.column >= 1)
        }
        for problem in unread {
            #expect(problem.message.contains("UTF-8"), "unexpected problem: \(problem.message)")
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func mutatedSamplesAndRandomBytes(seed: UInt64) throws {
        let samples = try Self.samples()
        try #require(!samples.isEmpty)
        var random = Random(seed: seed)
        var inputs: [(String, [UInt8])] = []
        for index in 0..<40 {
            var bytes = samples[random.below(samples.count)]
            switch index % 4 {
            case 0:
                bytes = (0..<random.below(2048)).map { _ in random.byte() }
            case 1:
                for _ in 0..<(1 + random.below(12)) where !bytes.isEmpty {
                    bytes[random.below(bytes.count)] = random.byte()
                }
            case 2:
                bytes = Array(bytes.prefix(random.below(bytes.count + 1)))
            default:
                let other = samples[random.below(samples.count)]
                bytes = Array(bytes[..<random.below(bytes.count + 1)]) + Array(other[random.below(other.count + 1)...])
            }
            inputs.append(("Input\(index).swift", bytes))
        }
        try scanAndCheck(inputs)
    }

    @Test func deepNestingOfEveryBracketKind() throws {
        let depth = 100_000
        let inputs: [(String, String)] = [
            (
                "Parens.swift",
                "let x = " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth) + "\n"
            ),
            (
                "Braces.swift",
                "func f() " + String(repeating: "{ ", count: depth) + String(repeating: "} ", count: depth) + "\n"
            ),
            ("Brackets.swift", "let a = " + String(repeating: "[", count: depth) + "\n"),
            ("Closures.swift", "let c = " + String(repeating: "{ _ in ", count: depth) + "\n"),
            (
                "Generics.swift",
                "let g: " + String(repeating: "A<", count: depth) + "Int" + String(repeating: ">", count: depth) + "\n"
            ),
            // Kept small: multiple_providers and fingerprinting are quadratic in calls per file/line (reported).
            // Thousands of findings on one line: fingerprints hash the line once, not once per finding.
            ("Calls.swift", "let p = " + String(repeating: "CXProvider(configuration: ", count: 10_000) + "\n"),
        ]
        try scanAndCheck(inputs.map { ($0.0, Array($0.1.utf8)) })
    }

    @Test func hugeLiteralsAndDirectives() throws {
        let megabyte = 1 << 20
        let inputs: [(String, String)] = [
            ("String.swift", "let s = \"" + String(repeating: "a", count: megabyte) + "\"\n"),
            ("Interpolation.swift", "let s = \"" + String(repeating: "\\(", count: 20_000) + "\n"),
            ("Multiline.swift", "let s = \"\"\"\n" + String(repeating: "line \\(x)\n", count: 100_000) + "\"\"\"\n"),
            (
                "Directives.swift",
                String(repeating: "#if A\n", count: 10_000) + "import CallKit\n"
                    + String(repeating: "#endif\n", count: 10_000)
            ),
            ("OpenDirectives.swift", String(repeating: "#if A\nlet x = CXProvider()\n#else\n", count: 10_000)),
            ("Comment.swift", String(repeating: "/*", count: 50_000)),
        ]
        try scanAndCheck(inputs.map { ($0.0, Array($0.1.utf8)) })
    }

    @Test func unterminatedEverything() throws {
        let openers = [
            "\"", "\"\"\"", "#\"", "##\"\"\"", "/*", "#/", "/", "(", "{", "[", "<", "\\(", "`", "#if", "@", "#",
            "CXProvider(", "provider.reportNewIncomingCall(with: uuid, update: update) {", "case", "func f(", "\u{0}",
        ]
        var inputs: [(String, [UInt8])] = []
        for (index, opener) in openers.enumerated() {
            inputs.append(("Open\(index).swift", Array(("import CallKit\nlet value = " + opener).utf8)))
            inputs.append(("OpenTwice\(index).swift", Array((opener + opener + "\n" + opener).utf8)))
        }
        try scanAndCheck(inputs)
    }

    /// Inputs `lckmigrate-bench fuzz` found crashing the parser (minimized): keywords whose `else`, `:`
    /// or attribute lies at or past the end of the construct being parsed.
    @Test(arguments: [
        "guard{guard else{", "func(a:@", "switch{case{var e:", "func f(_ x: @", "guard else", "var a:", "let (b) =",
    ])
    func parserCrashersStayFixed(source: String) {
        let file = Lexer.tokenize(Array(source.utf8))
        let outline = Parser.parse(file)
        #expect(outline.statements.allSatisfy { $0.range.upperBound <= file.tokens.count })
    }

    /// Lexer and parser alone on mutated samples, so parser crashes show up even without analyzers.
    @Test(arguments: [UInt64(11), 12, 13])
    func parserSurvivesMutatedSamples(seed: UInt64) throws {
        let samples = try Self.samples()
        var random = Random(seed: seed)
        let fragments = [
            "{", "}", "(", ")", "[", "]", "\"", "#if X\n", "#endif", "else", "guard", "case", ":", "=", "@", "->", "<",
            ">", "func", "var", "\n",
        ]
        for _ in 0..<150 {
            var bytes = samples[random.below(samples.count)]
            bytes = Array(bytes.prefix(random.below(bytes.count + 1)))
            for _ in 0..<(1 + random.below(20)) {
                bytes.insert(
                    contentsOf: Array(fragments[random.below(fragments.count)].utf8), at: random.below(bytes.count + 1))
            }
            let file = Lexer.tokenize(bytes)
            let outline = Parser.parse(file)
            #expect(outline.statements.allSatisfy { $0.range.upperBound <= file.tokens.count })
        }
    }

    /// The validator's eight-byte ASCII skip must agree with the standard library on every input.
    @Test func utf8ValidationAgreesWithTheStandardLibrary() {
        var random = Random(seed: 99)
        let pieces: [[UInt8]] = [
            Array("abcdefgh".utf8), Array("é".utf8), Array("😀".utf8), [0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80],
            [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], Array("0123456789abcdefXYZ".utf8), [0xFF], [0x0A],
        ]
        for _ in 0..<3000 {
            var bytes: [UInt8] = []
            for _ in 0..<random.below(12) {
                // Mostly valid pieces, so inputs reach deep before their first bad byte.
                let piece = pieces[random.below(random.below(4) == 0 ? pieces.count : 3)]
                bytes += piece
                if random.below(3) == 0 { bytes += pieces[8].prefix(random.below(17)) }
            }
            let offset = UTF8Validation.firstInvalidOffset(in: bytes)
            if let offset {
                #expect(String(validating: bytes, as: UTF8.self) == nil, "\(bytes)")
                #expect(String(validating: bytes[..<offset], as: UTF8.self) != nil, "\(bytes) at \(offset)")
            } else {
                #expect(String(validating: bytes, as: UTF8.self) != nil, "\(bytes)")
            }
        }
    }

    @Test func tenMegabyteFile() throws {
        // Dense with findings: every line is a provider construction (mapping and multiple_providers findings).
        let line = "let provider = CXProvider(configuration: configuration) // \"quoted\" é\n"
        let count = 10_000_000 / line.utf8.count
        try scanAndCheck([("Big.swift", Array(String(repeating: line, count: count).utf8))], jobs: 1)
    }
}
