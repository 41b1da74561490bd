import LCKCore
import LCKLexer
import LCKProjectModel

/// The iOS version the code around a token is known to run on, from what encloses it: an `if`/`while`
/// `#available` body, an earlier `guard #available … else { … }` in the same block, the `else` of an
/// `if #unavailable`, an `@available(iOS X, *)` declaration (its signature and body, at any level), or a
/// same-file helper that returns the result of an `#available` check (`if isLCKAvailable()`).
///
/// One forward pass over the tokens with an explicit stack of open brackets: `step` is called for every
/// token in order and costs O(1) amortised (an `#available`'s arguments are read twice), whatever the nesting.
struct AvailabilityCoverage {
    /// What happens when a block closes.
    private enum CloseAction {
        case none
        /// A `guard #available` else block: the rest of the enclosing block is covered.
        case raiseEnclosing(OSVersion)
        /// An `if #unavailable` body: a following `else` (or `else if`) runs only at this version.
        case coverElse(OSVersion)
    }

    private struct Frame {
        var covered: OSVersion?
        var onClose: CloseAction = .none
    }

    /// An `if`/`while`/`guard` whose body brace has not come yet.
    private struct Condition {
        var keyword: Keyword
        var depth: Int
        /// Coverage handed down an `else if` chain from an `if #unavailable`.
        var base: OSVersion?
        var available: OSVersion?
        var unavailable: OSVersion?
        var clauses = 1
        var sawElse = false

        /// `#unavailable(iOS X)` as the only clause: its negation is certain.
        var soleUnavailable: OSVersion? { clauses == 1 && available == nil ? unavailable : nil }
    }

    /// `@available(iOS X, *)` waiting for the declaration it marks to end.
    private struct PendingAttribute {
        var version: OSVersion
        var depth: Int
        var sawDeclaration = false
    }

    private let file: TokenizedFile
    private let helpers: [String: OSVersion]
    private var frames: [Frame] = [Frame()]
    private var conditions: [Condition] = []
    private var attribute: PendingAttribute?
    /// After an `if #unavailable` body closed: the version its `else` runs at, and whether `else` was seen.
    private var pendingElse: (version: OSVersion, sawElse: Bool)?
    /// Tokens looked at, lookaheads included: what the linearity test counts.
    private(set) var work = 0

    /// `helpers`: names of functions or properties whose value is an `#available` check (`availabilityHelpers`).
    init(file: TokenizedFile, helpers: [String: OSVersion] = [:]) {
        self.file = file
        self.helpers = helpers
    }

    /// Advances over token `index` (every token, in order) and returns the version covered at it.
    mutating func step(_ index: Int) -> OSVersion? {
        let token = file.tokens[index]
        work += 1
        let chained = takeElseChain(token)
        switch token.kind {
        case .leftBrace: openBrace(elseCover: chained)
        case .leftParen, .leftSquare: frames.append(Frame(covered: current))
        case .rightBrace, .rightParen, .rightSquare: close()
        case .poundAvailable, .poundUnavailable: noteCheck(at: index, isAvailable: token.kind == .poundAvailable)
        case .comma:
            if let last = conditions.indices.last, conditions[last].depth == frames.count {
                conditions[last].clauses += 1
            }
        case .atSign: noteAttribute(at: index)
        case .semicolon: if attribute?.depth == frames.count { attribute = nil }
        case .keyword, .identifier: noteWord(token, at: index, chained: chained)
        default: break
        }
        return current
    }

    /// The version covered here: the block's, an `@available` being read, and an `#available` earlier in
    /// the same condition list (`if #available(iOS 17.4, *), let m = x as? ConversationManager`).
    private var current: OSVersion? {
        var covered = Self.max(frames[frames.count - 1].covered, attribute?.version)
        if let condition = conditions.last, condition.depth == frames.count, !condition.sawElse {
            covered = Self.max(covered, condition.available)
        }
        return covered
    }

    private mutating func takeElseChain(_ token: Token) -> OSVersion? {
        guard let pending = pendingElse else { return nil }
        if !pending.sawElse, token.kind == .keyword, token.keyword == .else {
            pendingElse?.sawElse = true
            return nil
        }
        pendingElse = nil
        guard pending.sawElse, token.kind == .leftBrace || token.keyword == .if else { return nil }
        return pending.version
    }

    private mutating func openBrace(elseCover: OSVersion?) {
        let depth = frames.count
        var frame = Frame(covered: current)
        if let elseCover {
            frame.covered = Self.max(frame.covered, elseCover)
        } else if let condition = conditions.last, condition.depth == depth,
            condition.keyword != .guard || condition.sawElse
        {
            conditions.removeLast()
            frame.covered = frames[depth - 1].covered
            if condition.keyword == .guard {
                frame.covered = Self.max(frame.covered, condition.soleUnavailable)
                if let version = condition.available { frame.onClose = .raiseEnclosing(version) }
            } else {
                frame.covered = Self.max(frame.covered, Self.max(condition.base, condition.available))
                let elseVersion = Self.max(condition.base, condition.soleUnavailable)
                if condition.keyword == .if, let elseVersion { frame.onClose = .coverElse(elseVersion) }
            }
        } else if let pending = attribute, pending.depth == depth {
            frame.covered = Self.max(frame.covered, pending.version)
            attribute = nil
        }
        frames.append(frame)
    }

    private mutating func close() {
        guard frames.count > 1 else { return }
        let frame = frames.removeLast()
        while let last = conditions.last, last.depth > frames.count { conditions.removeLast() }
        if let pending = attribute, pending.depth > frames.count { attribute = nil }
        switch frame.onClose {
        case .none: break
        case .raiseEnclosing(let version):
            frames[frames.count - 1].covered = Self.max(frames[frames.count - 1].covered, version)
        case .coverElse(let version): pendingElse = (version, false)
        }
    }

    private mutating func noteWord(_ token: Token, at index: Int, chained: OSVersion?) {
        let depth = frames.count
        switch token.keyword {
        case .if?, .guard?:
            guard token.kind == .keyword else { return }
            conditions.append(Condition(keyword: token.keyword ?? .if, depth: depth, base: chained))
        case .while?:
            // `repeat { … } while cond` has no body.
            guard token.kind == .keyword, index == 0 || file.tokens[index - 1].kind != .rightBrace else { return }
            conditions.append(Condition(keyword: .while, depth: depth))
        case .else?:
            if let last = conditions.indices.last, conditions[last].depth == depth, conditions[last].keyword == .guard {
                conditions[last].sawElse = true
            }
        default:
            if !helpers.isEmpty, token.kind == .identifier, let version = helpers[file.name(at: index)] {
                noteHelper(version, at: index)
            } else if var pending = attribute, pending.depth == depth, isDeclarationStart(token, at: index) {
                // A second declaration at the attribute's level: the marked one has ended.
                if pending.sawDeclaration {
                    attribute = nil
                } else {
                    pending.sawDeclaration = true
                    attribute = pending
                }
            }
        }
    }

    /// `if isLCKAvailable()`, `guard Self.supportsLCK else`: a helper counts like its `#available`
    /// when it is a clause of its own (not negated, not compared).
    private mutating func noteHelper(_ version: OSVersion, at index: Int) {
        guard let last = conditions.indices.last, conditions[last].depth == frames.count else { return }
        if index > 0, file.tokens[index - 1].kind == .prefixOperator { return }
        conditions[last].available = Self.max(conditions[last].available, version)
    }

    private func isDeclarationStart(_ token: Token, at index: Int) -> Bool {
        switch token.keyword {
        case .func?, .var?, .let?, .struct?, .enum?, .extension?, .protocol?, .subscript?, .typealias?, .case?,
            .deinit?, .actor?:
            return true
        case .`init`?:
            return index == 0 || file.tokens[index - 1].kind != .period
        case .class?:
            // `class func`, `class var`: a modifier, not a declaration of its own.
            let next = index + 1 < file.tokens.count ? file.tokens[index + 1].keyword : nil
            return ![.func, .var, .let, .subscript].contains(next)
        default:
            return false
        }
    }

    private mutating func noteCheck(at index: Int, isAvailable: Bool) {
        guard let last = conditions.indices.last, conditions[last].depth == frames.count,
            let version = Self.iOSVersion(in: file, argumentsAfter: index, work: &work)
        else { return }
        if isAvailable {
            conditions[last].available = Self.max(conditions[last].available, version)
        } else {
            conditions[last].unavailable = Self.max(conditions[last].unavailable, version)
        }
    }

    private mutating func noteAttribute(at index: Int) {
        let tokens = file.tokens
        guard index + 2 < tokens.count, tokens[index + 1].kind == .identifier,
            file.token(tokens[index + 1], is: "available"),
            let version = Self.iOSVersion(in: file, argumentsAfter: index + 1, work: &work, unavailable: Self.never)
        else { return }
        if let pending = attribute, pending.depth == frames.count, !pending.sawDeclaration {
            attribute?.version = Swift.max(pending.version, version)
        } else {
            attribute = PendingAttribute(version: version, depth: frames.count)
        }
    }

    /// Stands for an `@available(iOS, unavailable)` or `@available(*, unavailable)` declaration: the
    /// compiler checks nothing inside one, and neither does this rule.
    static let never = OSVersion(9999)

    /// The iOS version in the parenthesised arguments after token `index`: `(iOS 17.4, *)` or
    /// `(iOS, introduced: 17.4)`; `unavailable` for `(iOS, unavailable)`/`(*, unavailable)`; nil when
    /// iOS is not named with a version.
    static func iOSVersion(
        in file: TokenizedFile, argumentsAfter index: Int, work: inout Int, unavailable: OSVersion? = nil
    ) -> OSVersion? {
        let tokens = file.tokens
        guard index + 1 < tokens.count, tokens[index + 1].kind == .leftParen else { return nil }
        var cursor = index + 2
        var depth = 1
        var sawIOS = false
        if let unavailable, index + 4 < tokens.count, file.token(tokens[index + 4], is: "unavailable"),
            file.token(tokens[index + 2], is: "iOS") || file.token(tokens[index + 2], is: "*")
        {
            return unavailable
        }
        while cursor < tokens.count, depth > 0 {
            work += 1
            let token = tokens[cursor]
            switch token.kind {
            case .leftParen: depth += 1
            case .rightParen: depth -= 1
            case .comma where depth == 1 && sawIOS:
                // `iOS, introduced: X`: only the `introduced` label may follow.
                guard cursor + 1 < tokens.count, file.token(tokens[cursor + 1], is: "introduced") else { return nil }
            case .identifier where depth == 1:
                let isIOS = file.token(token, is: "iOS") || file.token(token, is: "iOSApplicationExtension")
                if isIOS { sawIOS = true } else if sawIOS && !file.token(token, is: "introduced") { return nil }
            case .integerLiteral, .floatLiteral:
                if sawIOS { return OSVersion(parsing: file.text(of: token)) }
            default: break
            }
            cursor += 1
        }
        return nil
    }

    static func max(_ lhs: OSVersion?, _ rhs: OSVersion?) -> OSVersion? {
        guard let lhs else { return rhs }
        guard let rhs else { return lhs }
        return Swift.max(lhs, rhs)
    }
}
