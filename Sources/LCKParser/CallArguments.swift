/// The arguments of one call, in order: a view of its outline's one shared argument list.
///
/// An array per call cost a header and a heap block for one or two 12-byte arguments, a tenth of a large
/// file's parse (issue 15, bounded memory). Indices start at 0; the parse fills the shared list and then
/// points every call at it (`SyntaxOutline.attachArguments`).
public struct CallArguments: RandomAccessCollection, Hashable, Sendable {
    private var list: [Argument] = []
    private var span: PackedRange

    /// Arguments `span` of the shared list, attached once the parse is over.
    init(span: Range<Int>) { self.span = PackedRange(span) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { span.range.count }

    public subscript(position: Int) -> Argument {
        precondition(position >= 0 && position < endIndex, "argument position out of range")
        return list[Int(span.lower) + position]
    }

    mutating func attach(_ shared: [Argument]) { list = shared }

    public static func == (lhs: CallArguments, rhs: CallArguments) -> Bool { lhs.elementsEqual(rhs) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for argument in self { hasher.combine(argument) }
    }
}

extension SyntaxOutline {
    /// Points every call's arguments at the shared list, once the parse has filled it.
    mutating func attachArguments() {
        let shared = argumentList
        for call in calls.indices where !calls[call].arguments.isEmpty { calls[call].arguments.attach(shared) }
    }
}
