import LCKCore
import LCKLexer
import LCKParser

/// Finds a fresh `UUID()` used as the id of an incoming call reported from a VoIP push.
///
/// Looks in PushKit handlers and in same-file helpers they call: `UUID()` written as the `with:` /
/// `uuid:` argument of a report, or a local initialised with `UUID()` and passed there. A `UUID()`
/// handed to a helper from another file as its `uuid:` argument is reported with low confidence.
public struct RegeneratedIncomingUUIDAnalyzer: Analyzer {
    public let ruleID = "regenerated_incoming_uuid"

    public init() {}

    static let reportMembers: Set<String> = ["reportNewIncomingCall", "reportNewIncomingConversation"]
    static let idLabels: Set<String> = ["with", "uuid"]

    public func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {
        let syntax = StatementSyntax(context: context)
        let initializers = Set(context.metadata(for: ruleID)?.parameters.strings("uuidInitializers") ?? ["UUID"])
        var reported: Set<Int> = []
        var work = PushHandler.all(in: syntax).map { (function: $0.function, depth: 0) }
        var visited = Set(work.map(\.function))
        while let (function, depth) = work.popLast() {
            guard let body = context.outline.functions[function].body else { continue }
            for call in context.outline.calls(in: body) {
                let record = context.outline.calls[call]
                let name = context.file.name(at: record.nameToken)
                let helpers = syntax.isSameFileCall(call) ? syntax.functions(named: name) : []
                if depth < 3 {
                    for helper in helpers where visited.insert(helper).inserted { work.append((helper, depth + 1)) }
                }
                let isReport = Self.reportMembers.contains(name)
                let looksLikeHelper = helpers.isEmpty && !(name.first?.isUppercase ?? true) && name.lowercased().contains("incoming")
                guard isReport || looksLikeHelper else { continue }
                for argument in record.arguments {
                    guard let label = argument.label else { continue }
                    let labelText = context.file.name(at: label)
                    let isIDArgument = isReport ? Self.idLabels.contains(labelText) : labelText.lowercased().hasSuffix("uuid")
                    guard isIDArgument, !syntax.isPlaceholderCallID(argument.value, in: body),
                        let fresh = freshUUID(argument.value, in: body, syntax: syntax, initializers: initializers),
                        reported.insert(fresh).inserted
                    else { continue }
                    let step = syntax.step(
                        at: record.nameToken, "\(name) at line \(syntax.line(of: record.nameToken)) reports the call under it")
                    findings.append(
                        context.finding(
                            ruleID, at: context.range(ofToken: fresh), message: .regenerated(name),
                            confidence: isReport ? nil : .low, witness: [step]))
                }
            }
        }
    }

    /// The `UUID` token of a `UUID()` the value is, or the local the value names was initialised with.
    private func freshUUID(_ value: Range<Int>, in body: Range<Int>, syntax: StatementSyntax, initializers: Set<String>) -> Int? {
        if isFreshUUID(value, syntax: syntax, initializers: initializers) { return value.lowerBound }
        guard value.count == 1, syntax.file.tokens[value.lowerBound].kind == .identifier else { return nil }
        let name = syntax.file.name(at: value.lowerBound)
        let local = syntax.outline.variables.last { variable in
            variable.kind == .local && body.contains(variable.nameToken) && variable.nameToken < value.lowerBound
                && syntax.file.name(at: variable.nameToken) == name
        }
        guard let initializer = local?.initializer, isFreshUUID(initializer, syntax: syntax, initializers: initializers) else { return nil }
        return initializer.lowerBound
    }

    /// Exactly `UUID()`.
    private func isFreshUUID(_ range: Range<Int>, syntax: StatementSyntax, initializers: Set<String>) -> Bool {
        range.count == 3 && syntax.isName(range.lowerBound, in: initializers)
            && syntax.file.tokens[range.lowerBound + 1].kind == .leftParen && syntax.file.tokens[range.lowerBound + 2].kind == .rightParen
    }
}

extension String {
    fileprivate static func regenerated(_ member: String) -> String {
        "A fresh UUID() identifies the incoming call passed to \(member); use the call id the server put in the push payload"
    }
}
