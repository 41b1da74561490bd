/// The statements of one block, in order: indices in `SyntaxOutline.statements`.
///
/// A view of the outline's one shared list (`SyntaxOutline.statements(in:)`); indices start at 0.
public struct BlockStatements: RandomAccessCollection, Sendable {
    private let list: [Int32]
    private let bounds: Range<Int>

    init(list: [Int32], bounds: Range<Int>) {
        self.list = list
        self.bounds = bounds
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { bounds.count }

    public subscript(position: Int) -> Int {
        precondition(position >= 0 && position < bounds.count, "statement position out of range")
        return Int(list[bounds.lowerBound + position])
    }
}

extension SyntaxOutline {
    /// The statements of `block`, in source order.
    public func statements(in block: Int) -> BlockStatements {
        BlockStatements(list: blockStatementList, bounds: blocks[block].statementSpan.range)
    }

    /// Groups the statements by parent block into the shared list (a counting sort: statements of a block
    /// keep their order), once the parse is over. Before this every block has no statements.
    mutating func listStatementsByBlock() {
        var starts = [Int32](repeating: 0, count: blocks.count + 1)
        for statement in statements { starts[statement.parentBlock + 1] += 1 }
        for block in blocks.indices { starts[block + 1] += starts[block] }
        var next = starts
        var list = [Int32](repeating: 0, count: statements.count)
        for (index, statement) in statements.enumerated() {
            let block = statement.parentBlock
            list[Int(next[block])] = Int32(clamping: index)
            next[block] += 1
        }
        for block in blocks.indices {
            blocks[block].statementSpan = PackedRange(Int(starts[block])..<Int(starts[block + 1]))
        }
        blockStatementList = list
    }
}
