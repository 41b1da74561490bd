import LCKCore
import LCKLexer
import LCKProjectModel
import LCKRules

/// The rule table compiled once per run into lookups keyed by a name's bytes.
///
/// Detection asks "which rules could this token start?" for every identifier in a file; answering
/// with a length/first-byte filter and a byte hash keeps that O(1) without making a `String` per
/// token. Nothing here knows CallKit: every name comes from the active `match` specs.
package struct MappingIndex: Sendable {
    /// A `type` spec; `qualifiers` are the leading components of a nested name (`CXHandle` for `CXHandle.HandleType`).
    struct TypeCandidate: Sendable {
        var rule: Int
        var qualifiers: [String]
    }

    struct InitializerCandidate: Sendable {
        var rule: Int
        var labels: [String]?
    }

    struct MemberCandidate: Sendable {
        var rule: Int
        var spec: MatchSpec.MemberAccess
    }

    struct DelegateCandidate: Sendable {
        var rule: Int
        var spec: MatchSpec.DelegateMethod
        var labels: [String]
    }

    struct EnumCaseCandidate: Sendable {
        var rule: Int
        var spec: MatchSpec.EnumCase
        /// `enumType` split at the dots (`["CXHandle", "HandleType"]`).
        var typeComponents: [String]
    }

    /// Everything the table says about one spelled name.
    struct NameEntry: Sendable {
        var name: [UInt8]
        var types: [TypeCandidate] = []
        var initializers: [InitializerCandidate] = []
        var members: [MemberCandidate] = []
        var delegates: [DelegateCandidate] = []
        var enumCases: [EnumCaseCandidate] = []

        /// A type or construction name: a token with one proves the file talks to the mapped framework.
        var isAnchor: Bool { !types.isEmpty || !initializers.isEmpty }
        /// An anchor of at least one rule whose replacement differs (`mappingKind` other than `unchanged`):
        /// seeing one means a migration is still pending.
        var isChangingAnchor = false
        /// Only member specs that skip unknown receivers: a use reports only when its receiver resolves
        /// to a type of the table, which needs some name in the file to say so (see `receiverEvidenceNames`).
        var needsKnownReceiver: Bool {
            types.isEmpty && initializers.isEmpty && delegates.isEmpty && enumCases.isEmpty && !members.isEmpty
                && members.allSatisfy { $0.spec.unknownReceiver == .skip }
        }
    }

    package let rules: [MappingRule]
    /// Each rule's finding message, built once: a dense file repeats a rule thousands of times, and the
    /// findings then share one string instead of composing it per finding.
    let findingMessages: [String]
    private(set) var entries: [NameEntry] = []
    /// Open-addressing table of entry indices (-1 = empty), keyed by the FNV-1a hash of the name;
    /// `slotHashes` holds each slot's full hash so most probes end without comparing bytes.
    private var slots: [Int32] = []
    private var slotHashes: [UInt64] = []
    private var slotMask = 0
    private var lengthMask: UInt64 = 0
    private var firstBytes = [Bool](repeating: false, count: 256)
    /// Names of the types the rules are about (type and construction names, receiver types, protocols),
    /// last component only: the "same framework" test for bare enum cases and properties.
    package private(set) var frameworkTypes: Set<String> = []
    /// Type and construction names (last component): finding one in a file's bytes means the file needs parsing
    /// for project facts.
    package private(set) var markerNames: Set<String> = []
    /// `receiverTypes` of every member spec, as written (possibly qualified).
    private(set) var receiverTypeNames: Set<String> = []

    package init(rules: RuleTable) {
        self.rules = rules.mappings
        self.findingMessages = rules.mappings.map(\.findingMessage)
        // Entry position by name while building: a linear search per name made building the index
        // quadratic in the size of the rule table (a 20,000-rule pack took most of a second).
        var positions: [[UInt8]: Int] = [:]
        for (ruleIndex, rule) in rules.mappings.enumerated() {
            for spec in rule.matches { add(spec, rule: ruleIndex, positions: &positions) }
        }
        buildSlots()
    }

    /// Fills the probe table at a load factor of at most 1/4, so lookups of absent names (nearly
    /// every token) usually stop at the first empty slot.
    private mutating func buildSlots() {
        var capacity = 16
        while capacity < entries.count * 4 { capacity *= 2 }
        slots = [Int32](repeating: -1, count: capacity)
        slotHashes = [UInt64](repeating: 0, count: capacity)
        slotMask = capacity - 1
        for (position, entry) in entries.enumerated() {
            let hash = Self.hash(entry.name[...])
            var slot = Int(truncatingIfNeeded: hash) & slotMask
            while slots[slot] >= 0 { slot = (slot + 1) & slotMask }
            slots[slot] = Int32(position)
            slotHashes[slot] = hash
        }
    }

    private mutating func add(_ spec: MatchSpec, rule: Int, positions: inout [[UInt8]: Int]) {
        switch spec {
        case .type(let name):
            var components = name.split(separator: ".").map(String.init)
            let last = components.removeLast()
            frameworkTypes.insert(last)
            markerNames.insert(last)
            let changing = rules[rule].mappingKind != .unchanged
            update(last, positions: &positions) {
                $0.types.append(TypeCandidate(rule: rule, qualifiers: components))
                if changing { $0.isChangingAnchor = true }
            }
        case .initializer(let spec):
            let last = Self.lastComponent(spec.typeName)
            frameworkTypes.insert(last)
            markerNames.insert(last)
            let changing = rules[rule].mappingKind != .unchanged
            update(last, positions: &positions) {
                $0.initializers.append(InitializerCandidate(rule: rule, labels: spec.labels))
                if changing { $0.isChangingAnchor = true }
            }
        case .member(let spec):
            for receiver in spec.receiverTypes {
                frameworkTypes.insert(Self.lastComponent(receiver))
                receiverTypeNames.insert(receiver)
            }
            update(spec.name, positions: &positions) { $0.members.append(MemberCandidate(rule: rule, spec: spec)) }
        case .delegateMethod(let spec):
            if let protocolName = spec.protocolName { frameworkTypes.insert(Self.lastComponent(protocolName)) }
            update(spec.baseName, positions: &positions) {
                $0.delegates.append(DelegateCandidate(rule: rule, spec: spec, labels: spec.labels))
            }
        case .enumCase(let spec):
            let components = spec.enumType.split(separator: ".").map(String.init)
            if let last = components.last { frameworkTypes.insert(last) }
            update(spec.caseName, positions: &positions) {
                $0.enumCases.append(EnumCaseCandidate(rule: rule, spec: spec, typeComponents: components))
            }
        }
    }

    private mutating func update(_ name: String, positions: inout [[UInt8]: Int], _ body: (inout NameEntry) -> Void) {
        let bytes = Array(name.utf8)
        guard let first = bytes.first else { return }
        if let existing = positions[bytes] {
            body(&entries[existing])
            return
        }
        var entry = NameEntry(name: bytes)
        body(&entry)
        positions[bytes] = entries.count
        entries.append(entry)
        lengthMask |= 1 << UInt64(min(bytes.count, 63))
        firstBytes[Int(first)] = true
    }

    static func lastComponent(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[name.index(after: dot)...])
    }

    /// FNV-1a over the bytes: cheap, allocation-free, good enough to bucket a few hundred names.
    static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        return value
    }

    /// The entry named by `bytes[start..<start+length]` (backticks around it ignored), if any.
    func entryIndex(bytes: [UInt8], start: Int, length: Int) -> Int? {
        bytes.withUnsafeBufferPointer { entryIndex(buffer: $0, start: start, length: length) }
    }

    /// Whether the token text `buffer[start..<start+length]` names an entry (backticks ignored).
    func contains(buffer: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> Bool {
        entryIndex(buffer: buffer, start: start, length: length) != nil
    }

    /// What a token can start for detection, for the per-file gate.
    enum TokenHit {
        case none
        /// Some spec may match the token by itself.
        case unconditional
        /// Only member specs that need a receiver of a table type (`MappingIndex.NameEntry.needsKnownReceiver`).
        case needsKnownReceiver
    }

    /// `contains`, telling member names that need a resolved receiver apart.
    func hit(buffer: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> TokenHit {
        guard let entry = entryIndex(buffer: buffer, start: start, length: length) else { return .none }
        return entries[entry].needsKnownReceiver ? .needsKnownReceiver : .unconditional
    }

    /// `entryIndex(bytes:start:length:)` over a buffer the caller already holds (no per-token array access checks).
    private func entryIndex(buffer: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> Int? {
        var start = start
        var length = length
        if length >= 3, buffer[start] == UInt8(ascii: "`"), buffer[start + length - 1] == UInt8(ascii: "`") {
            start += 1
            length -= 2
        }
        guard length > 0, lengthMask & (1 << UInt64(min(length, 63))) != 0, firstBytes[Int(buffer[start])] else {
            return nil
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for offset in start..<(start + length) {
            hash ^= UInt64(buffer[offset])
            hash = hash &* 0x0000_0100_0000_01b3
        }
        var slot = Int(truncatingIfNeeded: hash) & slotMask
        while true {
            let candidate = slots[slot]
            if candidate < 0 { return nil }
            if slotHashes[slot] == hash, Self.equal(entries[Int(candidate)].name, buffer, start: start, length: length)
            {
                return Int(candidate)
            }
            slot = (slot + 1) & slotMask
        }
    }

    private static func equal(_ name: [UInt8], _ buffer: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> Bool {
        guard name.count == length else { return false }
        for offset in 0..<length where name[offset] != buffer[start + offset] { return false }
        return true
    }

    /// The entry for a token, if the token's text is a name some rule mentions.
    func entryIndex(of token: Token, in file: TokenizedFile) -> Int? {
        entryIndex(bytes: file.bytes, start: token.start, length: token.length)
    }

    /// Whether an identifier of the file's code (never a comment or string) names a type or construction
    /// of a rule whose API must change: the file still uses CallKit that has to migrate.
    func namesChangingType(in file: TokenizedFile) -> Bool {
        file.tokens.contains { token in
            token.kind == .identifier && entryIndex(of: token, in: file).map { entries[$0].isChangingAnchor } == true
        }
    }
}

extension MappingIndex {
    /// Names that must occur in a file before a member spec skipping unknown receivers can match there.
    ///
    /// The detector types a receiver only from names in the file (declared, cast, constructed or
    /// extended types, local typealiases, literals' `String`/`Int`/`Double`/`Bool`) and from the
    /// project's member types, looked up by a member name written in the file, followed by project
    /// typealiases. A spec reports when that type is one of its receiver types (or a project subclass,
    /// conformer or adopted protocol of one), or a framework type whose member the table does not type. So a file needs one
    /// of: such a type's name, a member name the project types as one, or a project typealias (the gate
    /// counts those separately). Nil when a literal type is a table type: then no name set bounds it.
    package func receiverEvidenceNames(project: ProjectFacts) -> Set<String>? {
        var receivers: Set<String> = []
        for name in receiverTypeNames {
            receivers.insert(name)
            receivers.insert(Self.lastComponent(name))
        }
        // Subclasses and conformers at any depth, and app protocols a receiver type adopts, count as it (as
        // the detector checks).
        let known = frameworkTypes.union(receivers).union(project.standIns(for: receivers))
        guard known.isDisjoint(with: ["String", "Int", "Double", "Bool"]) else { return nil }
        var evidence = known
        for members in project.memberTypes.values {
            for (member, declared) in members where !evidence.contains(member) {
                let resolved = project.resolveAlias(declared)
                if known.contains(resolved) || known.contains(Self.lastComponent(resolved)) { evidence.insert(member) }
            }
        }
        return evidence
    }
}
