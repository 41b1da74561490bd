import LCKCore
import LCKLexer
import LCKParser
import LCKProjectModel
import LCKRules

/// Finds a fresh `UUID()` used as the id of an incoming call reported from a VoIP push.
///
/// Looks in PushKit handlers and in same-file helpers they call: `UUID()` written as the `with:` /
/// `uuid:` argument of a report, or a local initialised with (or a property just assigned) `UUID()`
/// and passed there. A `UUID()`
/// handed to a helper from another file as its `uuid:` argument is reported with low confidence.
package struct RegeneratedIncomingUUIDAnalyzer: Analyzer {
    package let ruleID = "regenerated_incoming_uuid"

    package init() {}

    static let reportMembers: Set<String> = ["reportNewIncomingCall", "reportNewIncomingConversation"]
    static let idLabels: Set<String> = ["with", "uuid"]

    /// Findings start from the incoming-push callbacks, which are named by their base names.
    package func triggerNames(rules: RuleTable) -> Set<String>? { CallRoles.baseNames(of: PushHandler.selectors) }

    package func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {
        analyze(context, into: &findings, examined: Counter())
    }

    /// `analyze`, adding the helpers queued and the producer returns traced to `examined` (the linearity
    /// tests).
    func analyze(_ context: AnalysisContext, into findings: inout [Finding], examined: Counter) {
        let syntax = StatementSyntax(context: context)
        let initializers = Set(context.metadata(for: ruleID)?.parameters.strings("uuidInitializers") ?? ["UUID"])
        var reported: Set<Int> = []
        let project = projectRoots(context, syntax: syntax)
        var producers = project.producers
        // Names whose functions were all queued (helpers) or listed (producers): a name defined in many
        // types is expanded once, not once per call (quadratic in a file of many copies of one class).
        var expandedHelperNames: Set<String> = []
        var producerNames: Set<String> = []
        var work = (PushHandler.all(in: syntax).map(\.function) + project.roots).map { (function: $0, depth: 0) }
        var visited = Set(work.map(\.function))
        while let (function, depth) = work.popLast() {
            guard let body = context.outline.functions[function].body else { continue }
            for call in context.outline.calls(in: body) {
                let record = context.outline.calls[call]
                let name = context.file.name(at: record.nameToken)
                if depth < 3, syntax.isSameFileCall(call), expandedHelperNames.insert(name).inserted {
                    for helper in syntax.functions(named: name) {
                        examined.value += 1
                        if visited.insert(helper).inserted { work.append((helper, depth + 1)) }
                    }
                }
                let isReport = Self.reportMembers.contains(name)
                // A helper named for the incoming call (`reportIncomingCall(uuid:)`), in this file or not:
                // the fresh id handed to it is the one it reports.
                let looksLikeHelper = !(name.first?.isUppercase ?? true) && name.lowercased().contains("incoming")
                guard isReport || looksLikeHelper else { continue }
                for argument in record.arguments {
                    guard let label = argument.label else { continue }
                    let labelText = context.file.name(at: label)
                    let isIDArgument =
                        isReport ? Self.idLabels.contains(labelText) : labelText.lowercased().hasSuffix("uuid")
                    guard isIDArgument, !syntax.isPlaceholderCallID(argument.value, in: body) else { continue }
                    if let producer = Self.producerName(argument.value, in: context),
                        producerNames.insert(producer).inserted
                    {
                        let listed = Set(producers)
                        producers += syntax.functions(named: producer).filter { !listed.contains($0) }
                    }
                    guard let fresh = freshUUID(argument.value, in: body, syntax: syntax, initializers: initializers),
                        reported.insert(fresh).inserted
                    else { continue }
                    let step = syntax.step(
                        at: record.nameToken,
                        "\(name) at line \(syntax.line(of: record.nameToken)) reports the call under it")
                    findings.append(
                        context.finding(
                            ruleID, at: context.range(ofToken: fresh), message: .regenerated(name),
                            confidence: isReport ? nil : .low, witness: [step]))
                }
            }
        }
        reportProducers(producers, in: context, reported: &reported, into: &findings, examined: examined)
    }

    /// The `UUID` token of a `UUID()` the value is, or the local the value names was initialised with.
    private func freshUUID(
        _ value: Range<Int>, in body: Range<Int>, syntax: StatementSyntax, initializers: Set<String>
    ) -> Int? {
        if isFreshUUID(value, syntax: syntax, initializers: initializers) { return value.lowerBound }
        guard value.count == 1, syntax.file.tokens[value.lowerBound].kind == .identifier else {
            return assignedFreshUUID(value, in: body, syntax: syntax, initializers: initializers)
        }
        let name = syntax.file.name(at: value.lowerBound)
        let local = syntax.outline.variables.last { variable in
            variable.kind == .local && body.contains(variable.nameToken) && variable.nameToken < value.lowerBound
                && syntax.file.name(at: variable.nameToken) == name
        }
        guard let initializer = local?.initializer, isFreshUUID(initializer, syntax: syntax, initializers: initializers)
        else {
            return assignedFreshUUID(value, in: body, syntax: syntax, initializers: initializers)
        }
        return initializer.lowerBound
    }

    /// `self.callID = UUID()` (or `callID = UUID()`) earlier in the body, for a value written as
    /// `callID`, `self.callID` or `self.callID!`: a property that holds a fresh id for this push. An id
    /// that is also assigned something else (the payload's id when it parses) is a fallback, not flagged.
    private func assignedFreshUUID(
        _ value: Range<Int>, in body: Range<Int>, syntax: StatementSyntax, initializers: Set<String>
    ) -> Int? {
        let tokens = syntax.file.tokens
        var end = value.upperBound
        while end > value.lowerBound,
            tokens[end - 1].kind == .exclamationMark || tokens[end - 1].kind == .postfixQuestionMark
        {
            end -= 1
        }
        var start = value.lowerBound
        if end - start == 3, tokens[start].keyword == .self, tokens[start + 1].kind == .period { start += 2 }
        guard end - start == 1, tokens[start].kind == .identifier else { return nil }
        let name = syntax.file.name(at: start)
        var fresh: Int?
        for index in body.lowerBound..<min(value.lowerBound, body.upperBound) where tokens[index].kind == .equal {
            guard index > body.lowerBound, index + 4 <= body.upperBound, tokens[index - 1].kind == .identifier,
                syntax.file.name(at: index - 1) == name,
                index < 2 || tokens[index - 2].kind != .period || (index >= 3 && tokens[index - 3].keyword == .self)
            else { continue }
            // Any other value assigned on the way (`uuid = parsed` from the payload) means the fresh id is
            // only a fallback; leave it alone.
            let short = index + 1..<index + 4
            let long = index + 1..<min(index + 6, body.upperBound)
            guard
                isFreshUUID(short, syntax: syntax, initializers: initializers)
                    || (long.count == 5 && isFreshUUID(long, syntax: syntax, initializers: initializers))
            else { return nil }
            fresh = index + 1
        }
        return fresh
    }

    /// Exactly `UUID()` or `UUID.init()`.
    private func isFreshUUID(_ range: Range<Int>, syntax: StatementSyntax, initializers: Set<String>) -> Bool {
        let tokens = syntax.file.tokens
        guard range.count == 3 || range.count == 5, syntax.isName(range.lowerBound, in: initializers) else {
            return false
        }
        var open = range.lowerBound + 1
        if range.count == 5 {
            guard tokens[open].kind == .period, tokens[open + 1].keyword == .`init` else { return false }
            open += 2
        }
        return tokens[open].kind == .leftParen && tokens[open + 1].kind == .rightParen
    }
}

extension String {
    fileprivate static func regenerated(_ member: String) -> String {
        "A fresh UUID() identifies the incoming call passed to \(member); use the call id the server put in the push payload"
    }
}
