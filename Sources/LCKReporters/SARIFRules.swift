import LCKCore

/// The `tool.driver.rules` half of the SARIF log, and the URI helpers SARIF needs.
enum SARIFRules {
    /// Every rule once, sorted by id: the report's descriptors plus a minimal descriptor for any
    /// rule id a finding uses that the report does not describe, so every `ruleIndex` is valid.
    static func catalogue(_ digest: ReportDigest) -> [RuleDescriptor] {
        var byID: [String: RuleDescriptor] = [:]
        for rule in digest.report.rules where byID[rule.id] == nil {
            byID[rule.id] = rule
        }
        for finding in digest.findings where byID[finding.ruleID] == nil {
            byID[finding.ruleID] = RuleDescriptor(
                id: finding.ruleID,
                kind: finding.mappingKind == nil ? .analyzer : .mapping,
                title: finding.ruleID,
                severity: finding.severity,
                summary: "lckmigrate rule \(finding.ruleID).",
                mappingKind: finding.mappingKind
            )
        }
        return byID.values.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
    }

    static func ruleValue(_ rule: RuleDescriptor) -> OutputJSON {
        .members([
            ("id", .string(rule.id)),
            ("name", .string(pascalCaseName(rule.title.isEmpty ? rule.id : rule.title))),
            ("shortDescription", .object([("text", .string(rule.title.isEmpty ? rule.id : rule.title))])),
            ("fullDescription", .object([("text", .string(rule.summary.isEmpty ? rule.title : rule.summary))])),
            ("help", .object([("text", .string(helpText(rule))), ("markdown", .string(helpMarkdown(rule)))])),
            ("helpUri", .stringIfPresent(rule.helpURI)),
            ("defaultConfiguration", .object([("level", .string(level(rule.severity)))])),
            (
                "properties",
                .members([
                    ("tags", .strings(rule.tags)),
                    ("mappingKind", .stringIfPresent(rule.mappingKind?.rawValue)),
                    ("kind", .string(rule.kind.rawValue)),
                ])
            ),
        ])
    }

    /// Plain-text help: what the rule finds, the LiveCommunicationKit replacement, why.
    static func helpText(_ rule: RuleDescriptor) -> String {
        var parts = [rule.summary.isEmpty ? rule.title : rule.summary]
        if !rule.replacement.isEmpty { parts.append("LiveCommunicationKit replacement: \(rule.replacement)") }
        if !rule.rationale.isEmpty { parts.append(rule.rationale) }
        return parts.joined(separator: "\n\n")
    }

    static func helpMarkdown(_ rule: RuleDescriptor) -> String {
        var parts = ["**\(rule.title.isEmpty ? rule.id : rule.title)**"]
        if !rule.summary.isEmpty { parts.append(rule.summary) }
        if !rule.replacement.isEmpty { parts.append("**LiveCommunicationKit replacement:** \(rule.replacement)") }
        if let kind = rule.mappingKind { parts.append("Mapping kind: `\(kind.rawValue)`") }
        if !rule.rationale.isEmpty { parts.append(rule.rationale) }
        return parts.joined(separator: "\n\n")
    }

    /// "CXProvider → ConversationManager" becomes "CXProviderConversationManager": SARIF's `name`
    /// is an identifier-like label.
    static func pascalCaseName(_ title: String) -> String {
        var name = ""
        var startOfWord = true
        for character in title {
            if character.isASCII && (character.isLetter || character.isNumber) {
                name.append(startOfWord ? Character(character.uppercased()) : character)
                startOfWord = false
            } else {
                startOfWord = true
            }
        }
        return name.isEmpty ? "Rule" : name
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Percent-encodes a relative `/`-separated path for `artifactLocation.uri`: every byte
    /// outside RFC 3986's unreserved set and `/` is written as `%XX` (so spaces, `#`, `%`, `:`
    /// and non-ASCII names survive every URI parser).
    static func percentEncodedPath(_ path: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(byte)
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
