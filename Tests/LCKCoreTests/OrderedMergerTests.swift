import Dispatch
import LCKCore
import Synchronization
import Testing

@Suite struct OrderedMergerTests {
    private static func joiner() -> OrderedMerger<String, [String]> {
        OrderedMerger([String]()) { joined, piece, position in joined.append("\(position):\(piece)") }
    }

    @Test(arguments: [[0, 1, 2, 3, 4], [4, 3, 2, 1, 0], [2, 4, 0, 3, 1]])
    func foldsInPositionOrderWhateverOrderItemsFinishIn(order: [Int]) {
        let merger = Self.joiner()
        for position in order { merger.finish(position, contribution: position == 3 ? nil : "p\(position)") }
        // Position 3 contributed nothing and is skipped; the rest keep their order.
        #expect(merger.result(count: 5, leaving: []) == ["0:p0", "1:p1", "2:p2", "4:p4"])
    }

    @Test func concurrentFinishersFoldEveryItemOnceInOrder() {
        let count = 2_000
        let merger = Self.joiner()
        let folds = Atomic<Int>(0)
        let counting = OrderedMerger(0) { total, value, _ in
            total += value
            folds.add(1, ordering: .relaxed)
        }
        DispatchQueue.concurrentPerform(iterations: count) { position in
            merger.finish(position, contribution: "p\(position)")
            counting.finish(position, contribution: position)
        }
        #expect(merger.result(count: count, leaving: []) == (0..<count).map { "\($0):p\($0)" })
        #expect(counting.result(count: count, leaving: 0) == count * (count - 1) / 2)
        #expect(folds.load(ordering: .relaxed) == count)
    }
}
