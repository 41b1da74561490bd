import LCKCore
import LCKLexer

/// `rules validate`: everything the loader checks (schema, ids, duplicates, claimed symbols) plus
/// the checks that only matter to a rule author — examples present and lexing cleanly, no rename
/// cycles. The loader stays lenient about these so a scan is never blocked by a missing example.
public enum RuleValidator {
    /// Every problem in the built-in table (when `includeBuiltin`) followed by `directories`,
    /// in file order; empty when the rules are valid.
    public static func validate(directories: [String], includeBuiltin: Bool = true) -> [RuleDiagnostic] {
        var layers: [RuleLayer] = includeBuiltin ? [BuiltinRules.layer] : []
        var problems: [RuleDiagnostic] = []
        for directory in directories {
            do {
                layers.append(try RuleLoader.readDirectory(directory))
            } catch {
                problems.append(contentsOf: error.diagnostics)
            }
        }
        return problems + validate(layers: layers)
    }

    /// Loader diagnostics, then per-file semantic ones, then table-wide ones (only when the table loads).
    public static func validate(layers: [RuleLayer]) -> [RuleDiagnostic] {
        var diagnostics: [RuleDiagnostic] = []
        var table: RuleTable?
        do {
            table = try RuleLoader.load(layers: layers)
        } catch {
            diagnostics.append(contentsOf: error.diagnostics)
        }
        for layer in layers {
            for file in layer.files.sorted(by: { $0.path < $1.path }) {
                diagnostics.append(contentsOf: ExampleChecker.check(file, displayRoot: layer.displayRoot))
            }
        }
        if let table { diagnostics.append(contentsOf: renameCycles(in: table)) }
        return unique(diagnostics)
    }

    /// A mapping whose replacement is the symbol of another entry, which maps on and eventually back
    /// (`A → B`, `B → A`), would send a migrating developer in circles. Self-references are fine
    /// (`unchanged` entries name their own symbol).
    public static func renameCycles(in table: RuleTable) -> [RuleDiagnostic] {
        var bySymbol: [String: MappingRule] = [:]
        for rule in table.mappings { bySymbol[rule.symbol] = rule }
        var reported: Set<String> = []
        var diagnostics: [RuleDiagnostic] = []
        for start in table.mappings where !reported.contains(start.id) {
            var path: [MappingRule] = [start]
            var visited: Set<String> = [start.id]
            var current = start
            // Each step visits a new entry, so the walk ends after at most `mappings.count` steps.
            while let next = bySymbol[current.replacement], next.id != current.id {
                if next.id == start.id {
                    let chain = (path + [start]).map { "'\($0.id)'" }.joined(separator: " → ")
                    diagnostics.append(
                        RuleDiagnostic(
                            location: start.location,
                            message: "rename cycle: \(chain) (each replacement is the symbol of the next entry)"
                        ))
                    reported.formUnion(path.map(\.id))
                    break
                }
                guard visited.insert(next.id).inserted else { break }
                path.append(next)
                current = next
            }
        }
        return diagnostics
    }

    private static func unique(_ diagnostics: [RuleDiagnostic]) -> [RuleDiagnostic] {
        var seen: Set<RuleDiagnostic> = []
        return diagnostics.filter { seen.insert($0).inserted }
    }
}

/// Per-file example checks: presence (mappings need `example`, analyzers at least one triggering and
/// one non-triggering example) and that every snippet lexes without diagnostics.
enum ExampleChecker {
    static func check(_ file: RuleSourceFile, displayRoot: String) -> [RuleDiagnostic] {
        guard file.path.hasSuffix(".json"), let document = try? JSONParser().parse(file.contents) else { return [] }
        let context = RuleFileContext(file: displayRoot + "/" + file.path, document: document)
        let raw = Array(file.contents.utf8)
        if file.path.hasPrefix("mappings/") {
            for entry in document.root["entries"]?.arrayValue ?? [] where entry.members != nil {
                checkMapping(entry, raw: raw, context: context)
            }
        } else if file.path.hasPrefix("analyzers/"), document.root.members != nil {
            checkAnalyzer(document.root, raw: raw, context: context)
        }
        return context.diagnostics
    }

    private static func checkMapping(_ entry: JSONValue, raw: [UInt8], context: RuleFileContext) {
        let name = entry["id"]?.stringValue.map { "'\($0)'" } ?? "entry"
        guard let example = entry["example"] else {
            context.error(
                at: entry.range.start, "mapping \(name) has no example; add \"example\": {\"before\": …, \"after\": …}")
            return
        }
        for key in ["before", "after"] {
            guard let snippet = example[key], let text = snippet.stringValue else { continue }
            checkLexes(text, literal: snippet, what: "example.\(key)", raw: raw, context: context)
        }
        checkAfterForm(example, name: name, context: context)
    }

    /// `example.afterIs`, when given, must fit the text: `lck` code names no CallKit type, `prose` is only
    /// comments. Only `lck` after-forms are quoted in findings as the code to write, and the test suite
    /// type-checks every one of them against the LiveCommunicationKit stub.
    private static func checkAfterForm(_ example: JSONValue, name: String, context: RuleFileContext) {
        guard let after = example["after"]?.stringValue else { return }
        // Without `afterIs` (packs written before it existed) the after-form is never quoted as code to write.
        guard let marker = example["afterIs"], let form = marker.stringValue.flatMap(AfterForm.init(rawValue:)) else {
            return
        }
        let lines = after.split(separator: "\n").map { $0.drop { $0 == " " } }.filter { !$0.isEmpty }
        switch form {
        case .lck:
            if let type = CallKitSpelling.firstType(in: after) {
                context.error(
                    at: marker.range.start,
                    "example.after of \(name) is marked \"lck\" but names the CallKit type '\(type)'; write the "
                        + "LiveCommunicationKit code, or mark it \"callkit\"")
            }
        case .prose:
            if let code = lines.first(where: { !$0.hasPrefix("//") }) {
                context.error(
                    at: marker.range.start,
                    "example.after of \(name) is marked \"prose\" but holds code ('\(code)'); start every line with "
                        + "'//', or mark it \"lck\" or \"callkit\"")
            }
        case .callkit:
            break
        }
    }

    private static func checkAnalyzer(_ root: JSONValue, raw: [UInt8], context: RuleFileContext) {
        guard let examples = root["examples"], examples.members != nil else { return }
        for key in ["triggering", "nonTriggering"] {
            guard let list = examples[key], let elements = list.arrayValue else { continue }
            if elements.isEmpty {
                context.error(at: list.range.start, "'\(key)' needs at least one example")
            }
            for (index, element) in elements.enumerated() {
                guard let text = element.stringValue else { continue }
                checkLexes(text, literal: element, what: "\(key) example \(index + 1)", raw: raw, context: context)
            }
        }
    }

    /// Lexes `text` (markers removed) and reports each lexer diagnostic at its byte inside the JSON string.
    private static func checkLexes(
        _ text: String, literal: JSONValue, what: String, raw: [UInt8], context: RuleFileContext
    ) {
        let stripped = MarkerText.strip(text)
        let lexed = Lexer.tokenize(stripped.bytes)
        for diagnostic in lexed.diagnostics {
            let decodedOffset = stripped.originalOffset(of: diagnostic.offset)
            let offset = JSONStringOffsets.rawOffset(
                ofDecoded: decodedOffset, literalStart: literal.range.start, in: raw)
            context.error(at: offset, "\(what) does not lex cleanly: \(diagnostic.message)")
        }
    }
}

/// Example text with its `↓` markers removed, remembering where they were.
public struct MarkerText: Sendable, Hashable {
    /// The marker rule authors put before the first token of each expected finding.
    public static let marker = "↓"

    /// The source without markers.
    public var bytes: [UInt8]
    /// Byte offsets in `bytes` where a marker stood, in order.
    public var markerOffsets: [Int]

    /// Removes every marker and records where each stood, so expected positions are UTF-8 offsets in the clean text.
    public static func strip(_ text: String) -> MarkerText {
        let marker = Array(Self.marker.utf8)
        let input = Array(text.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(input.count)
        var offsets: [Int] = []
        var index = 0
        while index < input.count {
            if input[index] == marker[0], index + marker.count <= input.count,
                Array(input[index..<index + marker.count]) == marker
            {
                offsets.append(bytes.count)
                index += marker.count
            } else {
                bytes.append(input[index])
                index += 1
            }
        }
        return MarkerText(bytes: bytes, markerOffsets: offsets)
    }

    /// The offset in the marked text of `offset` in the stripped text (markers before it counted back in).
    public func originalOffset(of offset: Int) -> Int {
        offset + markerOffsets.filter { $0 <= offset }.count * Self.marker.utf8.count
    }
}

/// Maps an offset in a decoded JSON string back to the source bytes, stepping over escapes.
enum JSONStringOffsets {
    /// `literalStart` is the opening quote of the string in `raw`.
    static func rawOffset(ofDecoded target: Int, literalStart: Int, in raw: [UInt8]) -> Int {
        var rawIndex = literalStart + 1
        var decoded = 0
        while decoded < target, rawIndex < raw.count, raw[rawIndex] != UInt8(ascii: "\"") {
            guard raw[rawIndex] == UInt8(ascii: "\\"), rawIndex + 1 < raw.count else {
                rawIndex += 1
                decoded += 1
                continue
            }
            if raw[rawIndex + 1] != UInt8(ascii: "u") {
                rawIndex += 2
                decoded += 1
                continue
            }
            let scalar = hexValue(raw, at: rawIndex + 2)
            if (0xD800..<0xDC00).contains(scalar) {
                rawIndex += 12  // A surrogate pair: two escapes, one 4-byte scalar.
                decoded += 4
            } else {
                rawIndex += 6
                decoded += scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : 3
            }
        }
        return min(rawIndex, raw.count)
    }

    private static func hexValue(_ raw: [UInt8], at start: Int) -> Int {
        var value = 0
        for index in start..<min(start + 4, raw.count) {
            let byte = raw[index]
            let digit: Int
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(byte - UInt8(ascii: "A")) + 10
            default: digit = 0
            }
            value = value * 16 + digit
        }
        return value
    }
}
