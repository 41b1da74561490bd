import LCKCore

/// One row of `Rules/bridges.json`: the calls and types through which Swift code hands work to another
/// runtime (Flutter, React Native, Capacitor, …). Data, so a rule author adds an SDK without Swift.
public struct RuntimeBridge: Sendable, Hashable {
    /// A call that hands off: its base name and the labels its first arguments carry (`_` for none).
    public struct CallSpec: Sendable, Hashable {
        public var name: String
        /// Empty when any arguments match.
        public var labels: [String]

        /// `send(_:callbackId:)` → `send`, `["_", "callbackId"]`; `invokeMethod` → no labels.
        public init?(_ text: String) {
            guard let open = text.firstIndex(of: "(") else {
                guard RuntimeBridge.isIdentifier(text) else { return nil }
                name = text
                labels = []
                return
            }
            let base = String(text[..<open])
            let inner = text[text.index(after: open)...]
            guard RuntimeBridge.isIdentifier(base), inner.hasSuffix(":)") else { return nil }
            let parts = inner.dropLast(2).split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.allSatisfy(RuntimeBridge.isIdentifier) else { return nil }
            name = base
            labels = parts
        }
    }

    /// The other runtime, as messages name it (`Flutter`).
    public var runtime: String
    public var calls: [CallSpec]
    /// Values of these types hand off when called or when a method is called on them.
    public var types: [String]
    /// What to check there, completing "check …" (`the Dart handler of the channel`).
    public var otherSide: String
    public var source: String
    public var location: RuleLocation
    /// The entry as written, hashed for the table fingerprint.
    public var json: JSONValue

    public init(
        runtime: String, calls: [CallSpec], types: [String], otherSide: String, source: String,
        location: RuleLocation, json: JSONValue
    ) {
        self.runtime = runtime
        self.calls = calls
        self.types = types
        self.otherSide = otherSide
        self.source = source
        self.location = location
        self.json = json
    }

    fileprivate static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }
}

/// The bridges of the active rules (`bridges.json` of each layer; a later layer's entry replaces an
/// earlier one with the same runtime), sorted by runtime, with lookups by name.
public struct BridgeTable: Sendable {
    public let entries: [RuntimeBridge]
    /// Entry positions by call base name and by type name.
    private let byCallName: [String: [Int]]
    private let byType: [String: Int]

    public init(_ entries: [RuntimeBridge] = []) {
        self.entries = entries.sorted { $0.runtime < $1.runtime }
        var byCallName: [String: [Int]] = [:]
        var byType: [String: Int] = [:]
        for (position, entry) in self.entries.enumerated() {
            for call in entry.calls { byCallName[call.name, default: []].append(position) }
            for type in entry.types where byType[type] == nil { byType[type] = position }
        }
        self.byCallName = byCallName
        self.byType = byType
    }

    /// The bridge a call named `name` with these argument labels (`_` for none) hands off to.
    public func bridge(calling name: String, labels: [String]) -> RuntimeBridge? {
        for position in byCallName[name] ?? [] {
            let entry = entries[position]
            let matches = entry.calls.contains { spec in
                spec.name == name && spec.labels.count <= labels.count
                    && zip(spec.labels, labels).allSatisfy { $0 == $1 }
            }
            if matches { return entry }
        }
        return nil
    }

    /// The bridge whose values have type `name`.
    public func bridge(ofType name: String) -> RuntimeBridge? { byType[name].map { entries[$0] } }

    /// True when no bridge is known (then no analyzer looks for hand-offs).
    public var isEmpty: Bool { entries.isEmpty }
}

/// Turns a parsed `bridges.json` into entries, reporting every problem it sees.
enum BridgeTableDecoder {
    /// The file's path inside a rules directory.
    static let path = "bridges.json"

    static func decodeFile(_ root: JSONValue, context: RuleFileContext) -> [RuntimeBridge] {
        guard var file = ObjectReader(root, context: context, what: "a bridge table") else { return [] }
        _ = file.string("$schema")
        let entriesValue = file.value("bridges", required: true)
        file.finish()
        guard let entriesValue else { return [] }
        guard let values = entriesValue.arrayValue else {
            file.wrongType("bridges", entriesValue, expected: "an array of bridge entries")
            return []
        }
        var entries: [RuntimeBridge] = []
        var firstByRuntime: [String: RuleLocation] = [:]
        for value in values {
            guard let entry = decodeEntry(value, context: context) else { continue }
            if let first = firstByRuntime[entry.runtime] {
                context.error(at: value.range.start, "duplicate runtime '\(entry.runtime)' (first listed at \(first))")
                continue
            }
            firstByRuntime[entry.runtime] = entry.location
            entries.append(entry)
        }
        return entries
    }

    static func decodeEntry(_ value: JSONValue, context: RuleFileContext) -> RuntimeBridge? {
        guard var entry = ObjectReader(value, context: context, what: "bridge entry") else { return nil }
        let before = context.diagnostics.count
        let runtime = entry.string("runtime", required: true)
        let callTexts = entry.strings("calls", required: true)
        var calls: [RuntimeBridge.CallSpec] = []
        for text in callTexts ?? [] {
            guard let spec = RuntimeBridge.CallSpec(text) else {
                context.error(
                    at: (value["calls"] ?? value).range.start,
                    "'calls' holds '\(text)': write a base name (invokeMethod) or a name with labels (send(_:callbackId:))"
                )
                continue
            }
            calls.append(spec)
        }
        let types = entry.strings("types", required: true)
        for type in types ?? [] where !RuntimeBridge.isIdentifier(type) {
            context.error(at: (value["types"] ?? value).range.start, "'types' holds '\(type)': write a type name")
        }
        if callTexts?.isEmpty == true, types?.isEmpty == true {
            context.error(at: value.range.start, "a bridge needs at least one entry in 'calls' or 'types'")
        }
        let otherSide = entry.string("otherSide", required: true)
        let source = entry.string("source", required: true)
        entry.finish()
        guard context.diagnostics.count == before, let runtime, let types, let otherSide, let source else {
            return nil
        }
        return RuntimeBridge(
            runtime: runtime, calls: calls, types: types, otherSide: otherSide, source: source,
            location: context.location(of: value.range.start), json: value)
    }
}
