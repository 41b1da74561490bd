import LCKCore
import LCKParser
import LCKProjectModel

/// The handler's closures whose call could share a path with a token: the call lies in a block around
/// the token, or inside the token's own block. `FulfillTiming.deferredWork` asks only these instead of
/// every closure of the handler, so a handler of many `if b { Task { … }; action.fulfill() }` branches
/// costs linear time, not quadratic (issue 29, the `fulfill-deferred` shape).
///
/// Only built when blocks nest (`StatementSyntax.nestedBlocks`): then "a block around the token" is
/// exactly "a block whose range holds the token", and those blocks form one chain.
struct FulfillPathClosures {
    /// For each block that holds the call of at least one closure (outer blocks first), those closures.
    private let closuresOfCallBlock: [[Int]]
    /// Those blocks, for the innermost of them around a token, and each one's nearest enclosing one (-1: none).
    private let callBlockIndex: InnermostRangeIndex
    private let enclosingCallBlock: [Int]
    /// Call name tokens in increasing order, with their closures, for "the calls inside a block".
    private let callTokens: [Int]
    private let closuresByCallToken: [Int]

    /// `closures` are the handler's closures (ascending); `blocks` finds the innermost block around a token.
    init(outline: SyntaxOutline, closures: [Int], blocks: InnermostRangeIndex) {
        var closuresByBlock: [Int: [Int]] = [:]
        var byToken: [(token: Int, closure: Int)] = []
        for closure in closures {
            guard let call = outline.closures[closure].call else { continue }
            let token = outline.calls[call].nameToken
            byToken.append((token, closure))
            if let block = blocks.innermost(containing: token) { closuresByBlock[block, default: []].append(closure) }
        }
        byToken.sort { $0.token != $1.token ? $0.token < $1.token : $0.closure < $1.closure }
        callTokens = byToken.map(\.token)
        closuresByCallToken = byToken.map(\.closure)
        // Outer blocks first (earlier start, then later end), so a stack of open blocks gives each its parent.
        let ordered = closuresByBlock.keys.sorted { left, right in
            let (a, b) = (outline.blocks[left].range, outline.blocks[right].range)
            return a.lowerBound != b.lowerBound ? a.lowerBound < b.lowerBound : a.upperBound > b.upperBound
        }
        var parents: [Int] = []
        var open: [Int] = []
        for (position, block) in ordered.enumerated() {
            let range = outline.blocks[block].range
            while let top = open.last, outline.blocks[ordered[top]].range.upperBound <= range.lowerBound {
                open.removeLast()
            }
            parents.append(open.last ?? -1)
            open.append(position)
        }
        closuresOfCallBlock = ordered.map { closuresByBlock[$0] ?? [] }
        callBlockIndex = InnermostRangeIndex(ordered.map { outline.blocks[$0].range })
        enclosingCallBlock = parents
    }

    /// The closures, ascending, whose call lies in a block around `token` or inside `ownBlock` (the
    /// innermost block around `token`): every closure that `onOnePath` can accept, and few others.
    func candidates(around token: Int, ownBlock: Range<Int>) -> [Int] {
        var result: [Int] = []
        var position = callBlockIndex.innermost(containing: token) ?? -1
        while position >= 0 {
            result += closuresOfCallBlock[position]
            position = enclosingCallBlock[position]
        }
        let first = callTokens.partitioningIndex { $0 >= ownBlock.lowerBound }
        let end = callTokens.partitioningIndex { $0 >= ownBlock.upperBound }
        result += closuresByCallToken[first..<max(first, end)]
        return Array(Set(result)).sorted()
    }
}
