import LCKCore

/// The hand-built scan every golden file renders: two files (one whose path needs
/// percent-encoding and has a non-ASCII name), a mapping finding, a path-sensitive finding with
/// a witness, a suppressed finding, a non-ASCII message with characters every format must
/// escape, a finding whose rule is not described, and one unreadable file.
enum SampleReport {
    static let callManager = "Sources/App/CallManager.swift"
    static let overview = "Sources/App/Call Screens/Übersicht #1.swift"

    static let rules: [RuleDescriptor] = [
        RuleDescriptor(
            id: "callkit.cxcallcontroller", kind: .mapping, title: "CXCallController → ConversationManager",
            severity: .warning, summary: "CXCallController requests call actions from the system.",
            replacement: "ConversationManager.perform(_:)", mappingKind: .merge, tags: ["callkit", "mapping"]
        ),
        RuleDescriptor(
            id: "callkit.cxcallupdate", kind: .mapping, title: "CXCallUpdate → Conversation.Update",
            severity: .note, summary: "CXCallUpdate describes a call's changes.",
            replacement: "Conversation.Update", mappingKind: .rename, tags: ["callkit", "mapping"]
        ),
        RuleDescriptor(
            id: "callkit.cxprovider", kind: .mapping, title: "CXProvider → ConversationManager",
            severity: .warning, summary: "CXProvider reports calls to the system.",
            rationale: "LiveCommunicationKit merges provider and call controller into one *ConversationManager*.",
            replacement: "ConversationManager", mappingKind: .merge, tags: ["callkit", "mapping"],
            helpURI: "https://github.com/lckmigrate/lckmigrate/blob/main/docs/rules/callkit.cxprovider.md"
        ),
        RuleDescriptor(
            id: "voip-push-unreported", kind: .analyzer, title: "VoIP push without a reported call",
            severity: .error, summary: "A PushKit VoIP push handler can return without reporting a call.",
            rationale: "The system terminates apps that receive VoIP pushes without reporting a call.",
            tags: ["pushkit", "anti-pattern"]
        ),
    ]

    static let findings: [Finding] = [
        // Deliberately out of report order: reporters must sort.
        Finding(
            ruleID: "callkit.cxcallupdate", severity: .note,
            message: "CXCallUpdate für „Übersicht“ → use Conversation.Update <not \"CXCallUpdate\"> & keep | as is",
            range: ByteRange(start: 60, end: 72),
            symbol: "CXCallUpdate", replacement: "Conversation.Update", mappingKind: .rename, confidence: .high,
            path: overview,
            start: SourcePosition(line: 3, column: 20), end: SourcePosition(line: 3, column: 32),
            fingerprint: "5f0c2a71e9d4b803", utf16Columns: (19, 31)
        ),
        Finding(
            ruleID: "voip-push-unreported", severity: .error,
            message: "pushRegistry(_:didReceiveIncomingPushWith:for:completion:) can return without reporting a call",
            range: ByteRange(start: 900, end: 960),
            confidence: .medium,
            witness: [
                WitnessStep(
                    range: ByteRange(start: 1000, end: 1006), message: "guard at line 44 returns early",
                    position: SourcePosition(line: 44, column: 13)),
                WitnessStep(
                    range: ByteRange(start: 1100, end: 1112), message: "completion() runs without a report",
                    position: SourcePosition(line: 47, column: 9)),
            ],
            evidence: ["no reportNewIncomingCall on the guard path"],
            path: callManager,
            start: SourcePosition(line: 40, column: 10), end: SourcePosition(line: 40, column: 22),
            fingerprint: "9a41c7e0b2d35f16"
        ),
        Finding(
            ruleID: "callkit.cxprovider", severity: .warning,
            message: "CXProvider is replaced by ConversationManager",
            range: ByteRange(start: 200, end: 210),
            symbol: "CXProvider", replacement: "ConversationManager", mappingKind: .merge, confidence: .high,
            path: callManager,
            start: SourcePosition(line: 12, column: 17), end: SourcePosition(line: 12, column: 27),
            fingerprint: "c3d2e1f0a9b8c7d6"
        ),
        Finding(
            ruleID: "callkit.cxcallcontroller", severity: .warning,
            message: "CXCallController is replaced by ConversationManager",
            range: ByteRange(start: 1500, end: 1516),
            symbol: "CXCallController", replacement: "ConversationManager.perform(_:)", mappingKind: .merge,
            confidence: .high,
            path: callManager,
            start: SourcePosition(line: 60, column: 5), end: SourcePosition(line: 60, column: 21),
            fingerprint: "0b1c2d3e4f506172",
            suppression: Suppression(kind: .inSource, justification: "kept for the iOS 16 build")
        ),
        Finding(
            ruleID: "lckmigrate.unused-suppression", severity: .warning,
            message: "Suppression comment matches no finding",
            range: ByteRange(start: 10, end: 40),
            path: overview,
            start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 31)
        ),
    ]

    static var report: ScanReport {
        ScanReport(
            findings: findings, rules: rules, filesScanned: 3, filesWithCallKit: 2, linesScanned: 184,
            problems: [FileProblem(path: "Sources/Legacy/Broken.swift", message: "not valid UTF-8 at byte 17")],
            rulesFingerprint: "rules-7c1e9a", toolVersion: "0.1.0"
        )
    }
}

extension Finding {
    /// The sample's shorthand for the UTF-16 columns the pipeline would fill.
    init(
        ruleID: String, severity: Severity, message: String, range: ByteRange,
        symbol: String? = nil, replacement: String? = nil, mappingKind: MappingKind? = nil,
        confidence: Confidence? = nil, witness: [WitnessStep] = [], evidence: [String] = [],
        path: String, start: SourcePosition, end: SourcePosition, fingerprint: String? = nil,
        suppression: Suppression? = nil, utf16Columns: (Int, Int)
    ) {
        self.init(
            ruleID: ruleID, severity: severity, message: message, range: range, symbol: symbol,
            replacement: replacement, mappingKind: mappingKind, confidence: confidence, witness: witness,
            evidence: evidence, path: path, start: start, end: end, fingerprint: fingerprint,
            suppression: suppression)
        utf16StartColumn = utf16Columns.0
        utf16EndColumn = utf16Columns.1
    }
}
