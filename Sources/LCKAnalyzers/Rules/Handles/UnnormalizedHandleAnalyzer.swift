import LCKCore
import LCKLexer
import LCKParser
import LCKProjectModel
import LCKRules

/// Flags a `.phoneNumber` handle whose visible literal value is not E.164, or an `.emailAddress`
/// handle whose visible literal is not lower case.
///
/// Only literals are judged (directly, or through a local's initializer one step back): values computed
/// at run time may well be normalized, and guessing would cost precision.
package struct UnnormalizedHandleAnalyzer: Analyzer {
    package let ruleID = "unnormalized_handle"

    package init() {}

    /// Findings sit at `CXHandle(…)`/`Handle(…)` constructions.
    package func triggerNames(rules: RuleTable) -> Set<String>? { ["CXHandle", "Handle"] }

    package func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {
        let file = context.file
        var provenance: ValueProvenance?
        for call in context.outline.calls {
            guard let typeToken = CallRoles.constructedTypeToken(of: call, in: file),
                file.token(file.tokens[typeToken], is: "CXHandle") || file.token(file.tokens[typeToken], is: "Handle"),
                let kindRange = CallRoles.argument("type", of: call, in: file)?.value, !kindRange.isEmpty,
                let valueRange = CallRoles.argument("value", of: call, in: file)?.value, !valueRange.isEmpty
            else { continue }
            let kindToken = file.tokens[kindRange.upperBound - 1]
            let isPhone = file.token(kindToken, is: "phoneNumber")
            guard isPhone || file.token(kindToken, is: "emailAddress") else { continue }
            var literals = visibleLiterals(valueRange, in: context)
            if literals.isEmpty {
                if provenance == nil {
                    provenance = TransientHandleAnalyzer.provenance(in: context)
                    provenance!.wordsDecide = false
                }
                literals = tracedLiterals(valueRange, provenance: &provenance!)
            }
            let judged = literals.lazy.map { literal, via in
                (literal, via, isPhone ? Self.phoneProblems(literal) : Self.emailProblems(literal))
            }
            guard let (literal, via, problems) = judged.first(where: { !$0.2.isEmpty }) else { continue }
            var evidence = problems
            if let via { evidence.append(via.hasPrefix("value ←") ? via : "via local `\(via)`") }
            let expected = isPhone ? "E.164 (`+` and digits only)" : "lower case"
            findings.append(
                context.finding(
                    ruleID, at: context.range(ofToken: typeToken),
                    message: "\(isPhone ? "Phone-number" : "E-mail") handle value \"\(literal)\" is not \(expected) "
                        + "(\(problems.joined(separator: ", "))); Recents and contact matching treat it as a different person",
                    confidence: via?.hasPrefix("value ←") == true ? .medium : .high, evidence: evidence))
        }
    }

    /// The literals `range` can evaluate to: itself, or the two branches of a ternary
    /// (`fallback ? "5550100" : "+\(digits)"`), each judged like a plain value.
    func visibleLiterals(_ range: Range<Int>, in context: AnalysisContext) -> [(String, String?)] {
        if let whole = visibleLiteral(range, in: context) { return [whole] }
        let tokens = context.file.tokens
        var depth = 0
        var question: Int?
        for index in range {
            switch tokens[index].kind {
            case .leftParen, .leftSquare, .leftBrace: depth += 1
            case .rightParen, .rightSquare, .rightBrace: depth -= 1
            case .infixQuestionMark where depth == 0 && question == nil: question = index
            case .colon where depth == 0:
                guard let question else { continue }
                return [question + 1..<index, index + 1..<range.upperBound].compactMap {
                    visibleLiteral($0, in: context)
                }
            default: break
            }
        }
        return []
    }

    /// Literals the value comes from further back (a model's property, a function's return), with the
    /// chain that leads there; only literals a provenance walk reaches.
    func tracedLiterals(_ range: Range<Int>, provenance: inout ValueProvenance) -> [(String, String?)] {
        provenance.trace(range).compactMap { leaf in
            guard let literal = leaf.literal, !literal.isEmpty, !leaf.isFallback, leaf.chain.count > 1 else {
                return nil
            }
            return (literal, leaf.evidence)
        }
    }

    /// The literal text of `range`, or of the initializer of the local it names, and that local's name.
    func visibleLiteral(_ range: Range<Int>, in context: AnalysisContext) -> (String, String?)? {
        if let text = Self.literal(range, in: context.file) { return (text, nil) }
        guard let local = TransientHandleAnalyzer.singleLocal(range, in: context),
            let initializer = context.outline.variables[local].initializer,
            let text = Self.literal(initializer, in: context.file)
        else { return nil }
        return (text, context.file.name(at: context.outline.variables[local].nameToken))
    }

    /// A one-segment string literal without interpolation or escapes.
    static func literal(_ range: Range<Int>, in file: TokenizedFile) -> String? {
        let tokens = file.tokens
        guard range.count == 3, tokens[range.lowerBound].kind == .stringQuote,
            tokens[range.lowerBound + 1].kind == .stringSegment, tokens[range.upperBound - 1].kind == .stringQuote
        else { return nil }
        let text = file.text(at: range.lowerBound + 1)
        return text.utf8.contains(UInt8(ascii: "\\")) ? nil : text
    }

    /// What keeps `text` from being E.164: `+`, then 1–15 digits, the first not 0.
    /// All-digit literals this short are service codes (`911`, `112`), which E.164 does not cover.
    static let shortCodeMaxDigits = ValueClassifier.shortCodeMaxDigits

    static func phoneProblems(_ text: String) -> [String] {
        var problems: [String] = []
        let bytes = Array(text.utf8)
        let allDigits = bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        if allDigits, bytes.count <= shortCodeMaxDigits { return [] }
        if bytes.first != UInt8(ascii: "+") { problems.append("missing leading +") }
        let body = bytes.first == UInt8(ascii: "+") ? Array(bytes.dropFirst()) : bytes
        let named: [(UInt8, String)] = [
            (UInt8(ascii: " "), "spaces"), (UInt8(ascii: "-"), "dashes"), (UInt8(ascii: "("), "parentheses"),
            (UInt8(ascii: "."), "dots"),
        ]
        for (byte, name) in named where body.contains(byte) { problems.append(name) }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let known: Set<UInt8> = [
            UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "."),
        ]
        if body.contains(where: { !isDigit($0) && !known.contains($0) }) { problems.append("other characters") }
        let digits = body.filter(isDigit)
        if digits.count > 15 { problems.append("more than 15 digits") }
        if digits.isEmpty { problems.append("no digits") }
        return problems
    }

    static func emailProblems(_ text: String) -> [String] {
        text.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } ? ["upper-case letters"] : []
    }
}
