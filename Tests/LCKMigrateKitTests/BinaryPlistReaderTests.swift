import LCKCore
import LCKTestSupport
import Testing

@testable import LCKMigrateKit

/// Binary property lists: read as the XML form is, and every damaged one a problem (a one-line note),
/// never a wrong answer, a crash or a hang.
@Suite struct BinaryPlistReaderTests {
    static let infoPlist = BinaryPlistValue.dictionary([
        ("CFBundleName", .string("Caller")),
        ("UIBackgroundModes", .array([.string("audio"), .string("voip")])),
        ("NSMicrophoneUsageDescription", .string("Für Anrufe")),
        ("com.apple.developer.dialing-app", .bool(false)),
        ("LSRequiresIPhoneOS", .bool(true)),
        ("Nested", .dictionary([("NSCameraUsageDescription", .string("not top level"))])),
        ("Build", .int(42)),
    ])

    @Test(arguments: [1, 2])
    func keysArraysAndFalseValuesAsInTheXMLForm(referenceSize: Int) throws {
        let document = try PlistScanner.scan(Self.infoPlist.binaryPlist(referenceSize: referenceSize)).get()
        #expect(
            document.keys.keys.sorted() == [
                "Build", "CFBundleName", "LSRequiresIPhoneOS", "NSMicrophoneUsageDescription", "Nested",
                "UIBackgroundModes",
            ])
        #expect(document.arrays == ["UIBackgroundModes": ["audio", "voip"]])
        #expect(document.keys["NSCameraUsageDescription"] == nil)
    }

    @Test func utf16StringsAndCountsPastFourteen() throws {
        let modes = (0..<20).map { BinaryPlistValue.string("mode\($0)") } + [.string("vöip ☎︎")]
        let keys = (0..<30).map { ("Key\($0)", BinaryPlistValue.bool(true)) }
        let bytes = BinaryPlistValue.dictionary(keys + [("Schlüssel", .array(modes))]).binaryPlist()
        let document = try PlistScanner.scan(bytes).get()
        #expect(document.keys.count == 31)
        #expect(document.keys["Schlüssel"] != nil)
        #expect(document.arrays["Schlüssel"]?.count == 21)
        #expect(document.arrays["Schlüssel"]?.last == "vöip ☎︎")
    }

    @Test func everyTruncationIsAProblem() {
        let bytes = Self.infoPlist.binaryPlist()
        for length in BinaryPlistReader.magic.count..<bytes.count {
            guard case .failure(let problem) = PlistScanner.scan(Array(bytes[..<length])) else {
                Issue.record("a binary plist cut at \(length) of \(bytes.count) bytes was accepted")
                continue
            }
            #expect(problem.message.hasPrefix("binary property list"))
        }
    }

    /// Damage at known places: each is refused with its reason.
    @Test func damagedTrailersOffsetsAndReferencesAreRefused() {
        let good = Self.infoPlist.binaryPlist()
        let trailer = good.count - 32
        var cases: [(String, [UInt8])] = []
        var bytes = good
        bytes[trailer + 6] = 0
        cases.append(("trailer is damaged", bytes))
        bytes = good
        bytes[trailer + 8..<trailer + 16] = ArraySlice(BinaryPlistValue.bigEndian(Int(UInt32.max), size: 8))
        cases.append(("do not fit", bytes))
        bytes = good
        bytes[trailer + 16..<trailer + 24] = ArraySlice(BinaryPlistValue.bigEndian(1, size: 8))
        cases.append(("not a dictionary", bytes))  // object 1 is the first key
        bytes = good
        let table = good[(trailer + 24)...].reduce(0) { $0 << 8 | Int($1) }  // the offset table's start
        bytes[table] = 0xFF  // object 0's offset, now past the table
        cases.append(("outside the file", bytes))
        bytes = good
        bytes[8] = 0xDF  // the root dictionary's count: a length marker follows…
        bytes[9] = 0x13  // … of eight bytes
        cases.append(("runs past", bytes))
        bytes = good
        bytes[10] = 0x7F  // the root's first key reference
        cases.append(("outside the file", bytes))
        for (words, damaged) in cases {
            guard case .failure(let problem) = BinaryPlistReader.read(damaged) else {
                Issue.record("damage '\(words)' was accepted")
                continue
            }
            #expect(problem.message.contains(words), "\(problem.message)")
            #expect(
                problem.note(path: "App/Info.plist", bytes: damaged).message.hasPrefix("line 1: binary property list"))
        }
    }

    /// Random damage: every result is a problem or a document; nothing traps and nothing loops (each
    /// object is read at most once per reference, so this finishes at the speed of the reads).
    @Test func randomDamageNeverTraps() {
        let good = Self.infoPlist.binaryPlist()
        var random = SeededRandom(seed: 26)
        var accepted = 0
        for _ in 0..<5_000 {
            var bytes = good
            for _ in 0...random.below(4) { bytes[random.below(bytes.count)] = random.byte() }
            if case .success = BinaryPlistReader.read(bytes) { accepted += 1 }
        }
        #expect(accepted < 5_000)
    }

    @Test func aScanReadsABinaryInfoPlistAndNotesAnUnreadableOne() throws {
        let tree = try TemporaryTree()
        try tree.file("App/Push.swift", "import PushKit\nfunc go(r: PKPushRegistry) { r.desiredPushTypes = [.voIP] }\n")
        let withVoip = BinaryPlistValue.dictionary([
            ("UIBackgroundModes", .array([.string("voip")])), ("NSMicrophoneUsageDescription", .string("m")),
        ])
        try tree.bytes("App/Info.plist", withVoip.binaryPlist())
        var report = ScanPipeline.run(ScanRequest(paths: [tree.root], currentDirectory: tree.root))
        #expect(!report.findings.contains { $0.ruleID == "missing_voip_background_mode" })
        #expect(report.problems.isEmpty)
        let withoutVoip = BinaryPlistValue.dictionary([("NSMicrophoneUsageDescription", .string("m"))])
        try tree.bytes("App/Info.plist", withoutVoip.binaryPlist())
        report = ScanPipeline.run(ScanRequest(paths: [tree.root], currentDirectory: tree.root))
        #expect(report.findings.contains { $0.ruleID == "missing_voip_background_mode" && $0.path == "App/Info.plist" })
        var damaged = withVoip.binaryPlist()
        damaged[damaged.count - 25] = 9
        try tree.bytes("App/Info.plist", damaged)
        report = ScanPipeline.run(ScanRequest(paths: [tree.root], currentDirectory: tree.root))
        #expect(report.problems.map(\.path) == ["App/Info.plist"])
        #expect(report.problems.first?.message.hasPrefix("line 1: binary property list: ") == true)
        #expect(!report.findings.contains { $0.path == "App/Info.plist" })
    }
}
