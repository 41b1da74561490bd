import LCKCore
import LCKLexer
import LCKProjectModel
import LCKRules

/// Which analyzers (and whether mapping detection) can report anything in a file, decided from its
/// tokens alone, before parsing. Most files of an app never mention CallKit, PushKit or LCK: for them
/// the scan skips the parse and every analyzer.
///
/// Sound by construction: an analyzer with trigger names only reports at, or because of, a token
/// spelling one of them, and detection only matches tokens whose name is in the mapping index or is a
/// project typealias of such a name. A name that only member specs skipping unknown receivers know
/// (`value`, `token`, `uuid`) counts only next to a name that can type a receiver as a table type
/// (`MappingIndex.receiverEvidenceNames`).
package struct AnalyzerGate: Sendable {
    /// Bit `i` stands for analyzer `i`; analyzers past the last bit always run.
    package struct Verdict: Sendable, Equatable {
        package var runsDetector: Bool
        var analyzerBits: UInt64
        /// More analyzers than bits: the ones past the last bit run on every file.
        var hasUnmaskedAnalyzers: Bool

        /// Whether the analyzer at `position` of the gate's list may report anything.
        package func runs(analyzer position: Int) -> Bool {
            position >= AnalyzerGate.maskedAnalyzers || analyzerBits & (1 << UInt64(position)) != 0
        }

        /// Nothing can be reported: the file needs no parse.
        package var runsNothing: Bool { !runsDetector && analyzerBits == 0 && !hasUnmaskedAnalyzers }
    }

    static let maskedAnalyzers = 62
    private static let detectorBit: UInt64 = 1 << 63
    /// Stored with the receiver evidence names; never an analyzer's bit.
    private static let evidenceBit: UInt64 = 1 << 62

    private let names: NameBitTable
    private let alwaysBits: UInt64
    private let index: MappingIndex
    private let hasUnmaskedAnalyzers: Bool
    /// Member names that need a table-typed receiver run detection only with evidence in the file.
    private let refinesMemberNames: Bool

    /// `aliasNames`: project typealiases that stand for a mapped type (their uses count as detector hits).
    /// `receiverEvidence`: `MappingIndex.receiverEvidenceNames(project:)` for the same project; nil runs
    /// detection for every index name. `project`: its analyzers' `prefilterNames(project:)` trigger them.
    package init(
        analyzers: [any Analyzer], rules: RuleTable, index: MappingIndex, aliasNames: some Sequence<String>,
        receiverEvidence: Set<String>? = nil, project: ProjectFacts? = nil
    ) {
        var table: [String: UInt64] = [:]
        var always: UInt64 = 0
        for (position, analyzer) in analyzers.enumerated() where position < Self.maskedAnalyzers {
            guard let triggers = analyzer.triggerNames(rules: rules) else {
                always |= 1 << UInt64(position)
                continue
            }
            // Names the project adds for an analyzer (a wrapper whose callers it judges) trigger it too.
            let added = project.map { analyzer.prefilterNames(project: $0) } ?? []
            for name in triggers.union(added) { table[name, default: 0] |= 1 << UInt64(position) }
        }
        for name in aliasNames { table[name, default: 0] |= Self.detectorBit }
        for name in receiverEvidence ?? [] { table[name, default: 0] |= Self.evidenceBit }
        refinesMemberNames = receiverEvidence != nil
        names = NameBitTable(table)
        alwaysBits = always
        hasUnmaskedAnalyzers = analyzers.count > Self.maskedAnalyzers
        self.index = index
    }

    /// One probe per token (backticks removed); stops early once everything is known to run.
    package func verdict(for file: TokenizedFile) -> Verdict {
        let everything = Self.detectorBit | alwaysBits | (names.allBits & ~Self.evidenceBit)
        var bits = alwaysBits
        var needsReceiverEvidence = false
        file.bytes.withUnsafeBufferPointer { buffer in
            for token in file.tokens where token.kind == .identifier || token.kind == .keyword {
                guard token.length > 0 else { continue }
                var start = token.start
                var length = token.length
                if length >= 2, buffer[start] == UInt8(ascii: "`"), buffer[start + length - 1] == UInt8(ascii: "`") {
                    start += 1
                    length -= 2
                }
                bits |= names.bits(buffer: buffer, start: start, length: length)
                if bits & Self.detectorBit == 0 {
                    switch index.hit(buffer: buffer, start: token.start, length: token.length) {
                    case .none: break
                    case .unconditional: bits |= Self.detectorBit
                    case .needsKnownReceiver:
                        if refinesMemberNames { needsReceiverEvidence = true } else { bits |= Self.detectorBit }
                    }
                    if needsReceiverEvidence && bits & Self.evidenceBit != 0 { bits |= Self.detectorBit }
                }
                if bits & ~Self.evidenceBit == everything { break }
            }
        }
        return Verdict(
            runsDetector: bits & Self.detectorBit != 0, analyzerBits: bits & ~(Self.detectorBit | Self.evidenceBit),
            hasUnmaskedAnalyzers: hasUnmaskedAnalyzers)
    }
}

/// A small open-addressing table from names to bit masks, probed with a token's bytes (no `String`
/// per token): FNV-1a hash, length and first-byte filters in front.
struct NameBitTable: Sendable {
    private var keys: [[UInt8]] = []
    private var values: [UInt64] = []
    private var slots: [Int32]
    private var slotMask: Int
    private var lengthMask: UInt64 = 0
    private var firstBytes = [Bool](repeating: false, count: 256)
    private(set) var allBits: UInt64 = 0

    init(_ table: [String: UInt64]) {
        var capacity = 16
        while capacity < table.count * 4 { capacity *= 2 }
        slots = [Int32](repeating: -1, count: capacity)
        slotMask = capacity - 1
        for (name, bits) in table {
            let bytes = Array(name.utf8)
            guard let first = bytes.first else { continue }
            var slot = Int(truncatingIfNeeded: Self.hash(bytes[...])) & slotMask
            while slots[slot] >= 0 { slot = (slot + 1) & slotMask }
            slots[slot] = Int32(keys.count)
            keys.append(bytes)
            values.append(bits)
            lengthMask |= 1 << UInt64(min(bytes.count, 63))
            firstBytes[Int(first)] = true
            allBits |= bits
        }
    }

    static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 { FNV1a.hash(bytes) }

    /// The bits stored for `buffer[start..<start+length]`, or 0.
    func bits(buffer: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> UInt64 {
        guard length > 0, lengthMask & (1 << UInt64(min(length, 63))) != 0, firstBytes[Int(buffer[start])] else {
            return 0
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for offset in start..<(start + length) {
            hash ^= UInt64(buffer[offset])
            hash = hash &* 0x0000_0100_0000_01b3
        }
        var slot = Int(truncatingIfNeeded: hash) & slotMask
        while slots[slot] >= 0 {
            let key = keys[Int(slots[slot])]
            if key.count == length {
                var offset = 0
                while offset < length, key[offset] == buffer[start + offset] { offset += 1 }
                if offset == length { return values[Int(slots[slot])] }
            }
            slot = (slot + 1) & slotMask
        }
        return 0
    }
}
