import LCKLexer

/// Entry point of the structural parser.
///
/// ```swift
/// let file = Lexer.tokenize(bytes)
/// let outline = Parser.parse(file)
/// let facts = TypeFacts(outline: outline, file: file)
/// for (index, function) in outline.functions.enumerated()
/// where outline.selector(ofFunction: index, in: file) == "provider(_:perform:)" {
///     let fulfills = function.body.map { body in
///         outline.calls(in: body).filter { file.token(file.tokens[outline.calls[$0].nameToken], is: "fulfill") }
///     }
/// }
/// ```
public enum Parser {
    /// Builds the outline of a lexed file. Never fails; linear in the token count.
    ///
    /// Work is driven by an explicit job stack (no recursion), so 100,000 nested braces only grow
    /// an array. A job that meets a nested body suspends itself behind the body's jobs, which keeps
    /// every record array in source order.
    public static func parse(_ file: TokenizedFile) -> SyntaxOutline {
        var state = ParserState(file: file)
        state.run()
        return state.outline
    }
}

/// Where a region sits: the innermost enclosing declarations.
struct ParseContext {
    var type: Int?
    var function: Int?
    var closure: Int?
    /// Declarations here are members of `type` (properties), not locals.
    var isMemberBlock: Bool
}

/// Statements or members in `position..<end`, appended to `block`.
struct ItemJob {
    var block: Int
    var position: Int
    var end: Int
    var context: ParseContext
}

/// A scan of expression tokens in `position..<end` for calls, closures, member accesses and casts.
struct ExpressionJob {
    var position: Int
    var end: Int
    var context: ParseContext
    var inPattern: Bool
    /// The statement whose expression this is (owner of `if`/`switch` expression blocks), or -1.
    var ownerStatement: Int
    var scan = ExpressionScanState()
}

enum ParseJob {
    case items(ItemJob)
    case expression(ExpressionJob)
}

struct ParserState {
    let file: TokenizedFile
    let tokens: [Token]
    let count: Int
    var outline: SyntaxOutline
    let groupByIf: [Int: Int]
    var jobs: [ParseJob] = []
    /// Child jobs produced by the item being parsed, in source order.
    var pending: [ParseJob] = []
    /// Open brackets of the expression scans in progress (see `ExpressionScanState.frameBase`).
    var frameStack: [ExpressionFrame] = []

    init(file: TokenizedFile) {
        self.file = file
        self.tokens = file.tokens
        self.count = file.tokens.count
        let brackets = BracketMatcher.run(file.tokens)
        self.outline = SyntaxOutline(matchingBracket: brackets.matching, conditionalCompilations: brackets.groups)
        self.groupByIf = brackets.groupByIf
        // Above the densities of real app code (about 13 tokens a statement, 19 a call, 10 a member access),
        // so the big arrays rarely regrow: room reserved and never written costs no resident memory, while
        // a regrowth holds the old and the new array at once and leaves the old one's pages behind.
        outline.calls.reserveCapacity(count / 16)
        outline.argumentList.reserveCapacity(count / 10)
        outline.memberAccesses.reserveCapacity(count / 8)
        outline.statements.reserveCapacity(count / 10)
        outline.blocks.reserveCapacity(count / 25)
        outline.variables.reserveCapacity(count / 30)
        outline.functions.reserveCapacity(count / 100)
        outline.closures.reserveCapacity(count / 100)
    }

    mutating func run() {
        let fileBlock = addBlock(.file, owner: .file, range: 0..<count)
        let context = ParseContext(type: nil, function: nil, closure: nil, isMemberBlock: true)
        jobs.append(.items(ItemJob(block: fileBlock, position: 0, end: count, context: context)))
        while let job = jobs.popLast() {
            switch job {
            case .items(let itemJob): runItems(itemJob)
            case .expression(let expressionJob): runExpression(expressionJob)
            }
        }
        outline.listStatementsByBlock()
        outline.attachArguments()
    }

    /// Parses items until one produces child jobs, then suspends behind them.
    mutating func runItems(_ job: ItemJob) {
        var position = job.position
        while position < job.end {
            let next = parseItem(at: position, end: job.end, block: job.block, context: job.context)
            position = max(next, position + 1)
            if !pending.isEmpty {
                if position < job.end {
                    var continuation = job
                    continuation.position = position
                    jobs.append(.items(continuation))
                }
                flushPending()
                return
            }
        }
    }

    mutating func flushPending() {
        while let child = pending.popLast() { jobs.append(child) }
    }

    // MARK: - Records

    mutating func addBlock(_ kind: Block.Kind, owner: Block.Owner, range: Range<Int>, header: Range<Int>? = nil) -> Int
    {
        outline.blocks.append(
            Block(kind: kind, owner: owner, range: range, header: header, isDefaultCase: false))
        return outline.blocks.count - 1
    }

    mutating func addStatement(_ kind: Statement.Kind, range: Range<Int>, keyword: Int, block: Int) -> Int {
        let index = outline.statements.count
        outline.statements.append(
            Statement(
                kind: kind, range: range, keywordToken: keyword, condition: nil, blocks: [], declaration: nil,
                label: nil, parentBlock: block))
        return index
    }

    /// A block for the contents of the braces at `open`, with an item job scheduled for it.
    mutating func scheduleBody(
        open: Int, limit: Int, kind: Block.Kind, owner: Block.Owner, context: ParseContext, header: Range<Int>? = nil
    ) -> (block: Int, range: Range<Int>, next: Int) {
        let close = matchIndex(open)
        let contentEnd = close ?? limit
        let block = addBlock(kind, owner: owner, range: (open + 1)..<max(open + 1, contentEnd), header: header)
        pending.append(.items(ItemJob(block: block, position: open + 1, end: contentEnd, context: context)))
        let next = close.map { $0 + 1 } ?? limit
        return (block, open..<next, next)
    }

    mutating func scheduleExpression(_ range: Range<Int>, context: ParseContext, inPattern: Bool = false) {
        guard !range.isEmpty else { return }
        pending.append(
            .expression(
                ExpressionJob(
                    position: range.lowerBound, end: range.upperBound, context: context, inPattern: inPattern,
                    ownerStatement: outline.statements.count - 1)))
    }
}
