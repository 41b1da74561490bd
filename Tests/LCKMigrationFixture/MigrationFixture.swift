import LCKCore
import LCKMigrationModel
import LCKRules

/// A hand-built scan for the migration-report tests: usages in three areas (one rename, one
/// no-equivalent, one note), two anti-patterns (one blocks the PushKit step), a suppressed finding,
/// and a file whose name and code must be escaped.
public enum MigrationFixture {
    public static let rules: RuleTable = {
        do { return try RuleLoader.loadBuiltin() } catch { fatalError("built-in rules do not load: \(error)") }
    }()

    public static let provider = "App/ProviderDelegate.swift"
    public static let push = "App/PushHandler.swift"
    public static let hostile = "App/<script>.swift"

    public static func finding(
        _ ruleID: String, _ path: String, line: Int, column: Int = 5, length: Int = 10, message: String = "usage",
        severity: Severity? = nil, suppressed: Bool = false
    ) -> Finding {
        let mapping = rules.mapping(id: ruleID)
        var finding = Finding(
            ruleID: ruleID, severity: severity ?? mapping?.severity ?? .error, message: message,
            range: ByteRange(start: 0, end: length), symbol: mapping?.symbol, replacement: mapping?.replacement,
            mappingKind: mapping?.mappingKind, path: path,
            start: SourcePosition(line: line, column: column), end: SourcePosition(line: line, column: column + length))
        if suppressed { finding.suppression = Suppression(kind: .inSource, justification: "kept on purpose") }
        return finding
    }

    public static var scan: ScanReport {
        ScanReport(
            findings: [
                finding("cxprovider", provider, line: 3, column: 18, length: 10),
                finding("cxendcallaction_init", provider, line: 9, column: 19, length: 15),
                finding("provider_did_reset", provider, line: 12, column: 5, length: 4),
                finding("cxcallobserver", provider, line: 20, column: 24, length: 14),
                finding("cxaction_fulfill", provider, line: 10, column: 16, length: 7),
                finding("cxprovider_report_new_incoming_call", push, line: 7, column: 18, length: 21),
                finding(
                    "unreported_voip_push", push, line: 5, column: 5,
                    message: "the push handler can return without reporting a call"),
                finding(
                    "empty_reset", provider, line: 12, column: 5, message: "providerDidReset only logs",
                    suppressed: true),
                finding("cxhandle_init", hostile, line: 2, column: 14, length: 8),
                finding(
                    "transient_handle", hostile, line: 2, column: 14, message: "handle made from a </script> name",
                    severity: .warning),
            ],
            rules: rules.descriptors, filesScanned: 4, filesWithCallKit: 3, linesScanned: 120,
            problems: [FileProblem(path: "App/Broken.swift", message: "not valid UTF-8")],
            rulesFingerprint: "0123456789abcdef0123")
    }

    public static var excerpts: SourceExcerpts {
        var excerpts = SourceExcerpts()
        excerpts.set(provider, 3, "    let provider = CXProvider(configuration: configuration)")
        excerpts.set(provider, 9, "        let end = CXEndCallAction(call: call.uuid)")
        excerpts.set(provider, 10, "        action.fulfill()")
        excerpts.set(provider, 12, "    func providerDidReset(_ provider: CXProvider) {}")
        excerpts.set(provider, 20, "    private let observer = CXCallObserver()")
        excerpts.set(
            push, 5,
            "    func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) {"
        )
        excerpts.set(push, 7, "            provider.reportNewIncomingCall(with: uuid, update: update) { _ in }")
        excerpts.set(hostile, 2, "let handle = CXHandle(type: .generic, value: \"</script><script>alert(1)</script>\")")
        return excerpts
    }

    public static var report: MigrationReport {
        var report = MigrationReport(scan: scan, rules: rules)
        report.attach(excerpts)
        return report
    }
}
