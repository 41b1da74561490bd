import LCKCore

/// One row of `Rules/availability.json`: a symbol, the module that declares it and the first iOS
/// version that has it. Data, so a rule author updates it with each SDK without touching Swift.
public struct AvailabilityEntry: Sendable, Hashable {
    /// How a use is recognised in code.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A type or protocol name (`ConversationManager`); a nested one (`Conversation.Update`) only after
        /// its qualifier.
        case type
        /// A member name after a dot on any receiver (`config.supportsAudioTranslation`): keep these distinctive.
        case member
    }

    /// The dotted spelling (`Conversation.Update`, `ConversationManager.Configuration.supportsAudioTranslation`).
    public var symbol: String
    public var kind: Kind
    /// The module a file must import for the name to be this symbol (`LiveCommunicationKit`, `PushKit`).
    public var module: String
    /// The first iOS version with the symbol, as numbers (`[17, 4]`).
    public var introduced: [Int]
    /// Where the fact comes from (api-map section and source keys, or a URL).
    public var source: String
    public var note: String?
    public var location: RuleLocation
    /// The entry as written, hashed for the table fingerprint.
    public var json: JSONValue

    /// The name matched in code: the last component of `symbol`.
    public var name: Substring { symbol.split(separator: ".").last ?? Substring(symbol) }

    /// The components before `name` (`["Conversation"]` for `Conversation.Update`).
    public var qualifiers: [Substring] { Array(symbol.split(separator: ".").dropLast()) }

    /// `17.4`, `26.0`.
    public var introducedText: String {
        introduced.count == 1 ? "\(introduced[0]).0" : introduced.map(String.init).joined(separator: ".")
    }

    public init(
        symbol: String, kind: Kind, module: String, introduced: [Int], source: String, note: String? = nil,
        location: RuleLocation, json: JSONValue
    ) {
        self.symbol = symbol
        self.kind = kind
        self.module = module
        self.introduced = introduced
        self.source = source
        self.note = note
        self.location = location
        self.json = json
    }
}

/// The availability table of the active rules (`availability.json` of each layer; a later layer's entry
/// replaces an earlier one with the same symbol), sorted by symbol.
public struct AvailabilityTable: Sendable {
    public let entries: [AvailabilityEntry]

    public init(_ entries: [AvailabilityEntry] = []) {
        self.entries = entries.sorted { $0.symbol < $1.symbol }
    }

    /// The modules a file must import for any entry to apply.
    public var modules: Set<String> { Set(entries.map(\.module)) }

    /// The names matched in code.
    public var names: Set<String> { Set(entries.map { String($0.name) }) }
}

/// Turns a parsed `availability.json` into entries, reporting every problem it sees.
enum AvailabilityTableDecoder {
    /// The file's path inside a rules directory.
    static let path = "availability.json"

    static func decodeFile(_ root: JSONValue, context: RuleFileContext) -> [AvailabilityEntry] {
        guard var file = ObjectReader(root, context: context, what: "an availability table") else { return [] }
        _ = file.string("$schema")
        let entriesValue = file.value("entries", required: true)
        file.finish()
        guard let entriesValue else { return [] }
        guard let values = entriesValue.arrayValue else {
            file.wrongType("entries", entriesValue, expected: "an array of availability entries")
            return []
        }
        var entries: [AvailabilityEntry] = []
        var firstBySymbol: [String: RuleLocation] = [:]
        for value in values {
            guard let entry = decodeEntry(value, context: context) else { continue }
            if let first = firstBySymbol[entry.symbol] {
                context.error(at: value.range.start, "duplicate symbol '\(entry.symbol)' (first listed at \(first))")
                continue
            }
            firstBySymbol[entry.symbol] = entry.location
            entries.append(entry)
        }
        return entries
    }

    static func decodeEntry(_ value: JSONValue, context: RuleFileContext) -> AvailabilityEntry? {
        guard var entry = ObjectReader(value, context: context, what: "availability entry") else { return nil }
        let before = context.diagnostics.count
        let symbol = entry.string("symbol", required: true)
        if let symbol, !isDottedName(symbol), let symbolValue = value["symbol"] {
            context.error(at: symbolValue.range.start, "'symbol' must be a dotted Swift name, found '\(symbol)'")
        }
        let kind = entry.choice("kind", as: AvailabilityEntry.Kind.self, required: true)
        let module = entry.string("module", required: true)
        let introducedText = entry.string("introduced", required: true)
        let introduced = introducedText.flatMap(versionNumbers)
        if introducedText != nil, introduced == nil, let versionValue = value["introduced"] {
            context.error(
                at: versionValue.range.start,
                "'introduced' must be an iOS version such as \"17.4\" or \"26.0\", found '\(introducedText ?? "")'")
        }
        let source = entry.string("source", required: true)
        let note = entry.string("note")
        entry.finish()
        guard context.diagnostics.count == before, let symbol, let kind, let module, let introduced, let source
        else { return nil }
        return AvailabilityEntry(
            symbol: symbol, kind: kind, module: module, introduced: introduced, source: source, note: note,
            location: context.location(of: value.range.start), json: value)
    }

    /// `17.4` → `[17, 4]`: one to three groups of one to four digits.
    static func versionNumbers(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard (1...4).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(part)
            else { return nil }
            numbers.append(number)
        }
        return numbers
    }

    /// `Conversation.Update`: identifiers (letters, digits, `_`; no leading digit) joined by dots.
    private static func isDottedName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            guard let first = part.first, !first.isNumber else { return false }
            return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        }
    }
}
