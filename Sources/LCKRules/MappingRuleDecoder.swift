import LCKCore

/// Turns a parsed `mappings/*.json` file into `MappingRule`s, reporting every problem it sees.
enum MappingRuleDecoder {
    static func decodeFile(_ root: JSONValue, context: RuleFileContext) -> [MappingRule] {
        guard var file = ObjectReader(root, context: context, what: "a mapping file") else { return [] }
        _ = file.string("$schema")
        let entriesValue = file.value("entries", required: true)
        file.finish()
        guard let entriesValue else { return [] }
        guard let entries = entriesValue.arrayValue else {
            file.wrongType("entries", entriesValue, expected: "an array of mapping entries")
            return []
        }
        return entries.compactMap { decodeEntry($0, context: context) }
    }

    static func decodeEntry(_ value: JSONValue, context: RuleFileContext) -> MappingRule? {
        guard var entry = ObjectReader(value, context: context, what: "mapping entry") else { return nil }
        let before = context.diagnostics.count
        let id = entry.string("id", required: true)
        if let id, let problem = RuleIDFormat.problem(with: id), let idValue = value["id"] {
            context.error(at: idValue.range.start, problem)
        }
        let symbol = entry.string("symbol", required: true)
        let replacement = entry.string("replacement", required: true)
        let kind = entry.choice("mappingKind", as: MappingKind.self, required: true)
        let area = entry.choice("area", as: MigrationArea.self, required: true)
        let severity = entry.choice("severity", as: Severity.self, required: true)
        let title = entry.string("title", required: true)
        let note = entry.string("note", required: true)
        let availability = decodeAvailability(&entry)
        let effort = entry.int("effort", in: 1...8)
        let docs = entry.string("docs")
        if let docs, !docs.hasPrefix("https://"), let docsValue = value["docs"] {
            context.error(at: docsValue.range.start, "'docs' must be an https:// URL")
        }
        let tags = entry.strings("tags") ?? []
        let example = decodeExample(&entry)
        let matches = decodeMatches(entry.value("match", required: true), context: context)
        entry.finish()
        guard context.diagnostics.count == before, let id, let symbol, let replacement, let kind, let area,
            let severity, let title, let note, let matches
        else { return nil }
        return MappingRule(
            id: id, symbol: symbol, replacement: replacement, mappingKind: kind, area: area, severity: severity,
            title: title, note: note, availability: availability, effort: effort ?? 1, docs: docs, tags: tags,
            example: example, matches: matches, location: context.location(of: value.range.start), source: value
        )
    }

    private static func decodeAvailability(_ entry: inout ObjectReader) -> MappingAvailability? {
        guard var object = entry.object("availability") else { return nil }
        let lck = object.optionalString("lck", required: true)
        let ios26 = object.bool("ios26", required: true)
        object.finish()
        guard let lck, let ios26 else { return nil }
        return MappingAvailability(lck: lck, ios26: ios26)
    }

    private static func decodeExample(_ entry: inout ObjectReader) -> MappingExample? {
        guard var object = entry.object("example") else { return nil }
        let before = object.string("before", required: true)
        let after = object.string("after", required: true)
        let afterIs = object.choice("afterIs", as: AfterForm.self)
        object.finish()
        guard let before, let after else { return nil }
        return MappingExample(before: before, after: after, afterIs: afterIs)
    }

    static func decodeMatches(_ value: JSONValue?, context: RuleFileContext) -> [MatchSpec]? {
        guard let value else { return nil }
        if let elements = value.arrayValue {
            if elements.isEmpty {
                context.error(at: value.range.start, "'match' must not be an empty array")
                return nil
            }
            let specs = elements.compactMap { decodeMatch($0, context: context) }
            return specs.count == elements.count ? specs : nil
        }
        return decodeMatch(value, context: context).map { [$0] }
    }

    private static let discriminators = ["type", "initializer", "member", "delegateMethod", "enumCase"]

    static func decodeMatch(_ value: JSONValue, context: RuleFileContext) -> MatchSpec? {
        guard var match = ObjectReader(value, context: context, what: "match") else { return nil }
        let present = discriminators.filter { match.has($0) }
        guard present.count == 1, let kind = present.first else {
            let names = discriminators.map { "'\($0)'" }.joined(separator: ", ")
            context.error(
                at: value.range.start,
                "a match needs exactly one of \(names)" + (present.isEmpty ? "" : ", found \(present.count)"))
            return nil
        }
        let before = context.diagnostics.count
        var spec: MatchSpec?
        switch kind {
        case "type":
            spec = match.string("type").map { .type(name: $0) }
        case "initializer":
            let name = match.string("initializer")
            let labels = labelList(&match, "labels")
            spec = name.map { .initializer(.init(typeName: $0, labels: labels)) }
        case "member":
            let name = match.string("member")
            let labels = labelList(&match, "labels")
            let receivers = match.strings("receiverTypes", required: true, nonEmpty: true)
            let unknown = match.choice("unknownReceiver", as: MatchSpec.MemberAccess.UnknownReceiver.self) ?? .skip
            if let name, let receivers {
                spec = .member(.init(name: name, labels: labels, receiverTypes: receivers, unknownReceiver: unknown))
            }
        case "delegateMethod":
            let selector = match.string("delegateMethod")
            if let selector, !isSelector(selector), let selectorValue = value["delegateMethod"] {
                context.error(
                    at: selectorValue.range.start,
                    "'delegateMethod' must be a selector such as 'provider(_:perform:)', found '\(selector)'")
            }
            let types = match.strings("parameterTypes")
            let protocolName = match.string("protocol")
            let isAsync = match.bool("isAsync")
            spec = selector.map {
                .delegateMethod(
                    .init(selector: $0, parameterTypes: types, protocolName: protocolName, isAsync: isAsync))
            }
        default:
            let name = match.string("enumCase")
            let enumType = match.string("enumType", required: true)
            let labels = labelList(&match, "argumentLabels")
            let callees = match.strings("callees", nonEmpty: true)
            let properties = match.strings("properties", nonEmpty: true)
            if let name, let enumType {
                spec = .enumCase(
                    .init(
                        caseName: name, enumType: enumType, argumentLabels: labels, callees: callees,
                        properties: properties))
            }
        }
        match.finish()
        return context.diagnostics.count == before ? spec : nil
    }

    private static func labelList(_ match: inout ObjectReader, _ key: String) -> [String]? {
        guard let labels = match.strings(key) else { return nil }
        for label in labels where !isIdentifier(label) && label != "_" {
            if let value = match.object[key] {
                match.context.error(
                    at: value.range.start,
                    "'\(label)' in '\(key)' is not an argument label (use '_' for an unlabeled argument)")
            }
        }
        return labels
    }

    static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
            return false
        }
        return text.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        }
    }

    static func isIdentifier(_ text: String) -> Bool { isIdentifier(text[...]) }

    /// `name(label:label:)` with at least the parentheses.
    static func isSelector(_ text: String) -> Bool {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return false }
        guard isIdentifier(text[..<open]) else { return false }
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        if inner.isEmpty { return true }
        guard inner.hasSuffix(":") else { return false }
        return inner.dropLast().split(separator: ":", omittingEmptySubsequences: false).allSatisfy { isIdentifier($0) }
    }
}
