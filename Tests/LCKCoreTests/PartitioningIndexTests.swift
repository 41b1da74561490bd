import LCKCore
import Testing

/// `partitioningIndex(where:)`: the first index of the second partition, at every split of every small size.
@Suite struct PartitioningIndexTests {
    @Test func findsTheSplitAtEveryPosition() {
        for count in 0...17 {
            for split in 0...count {
                let flags = (0..<count).map { $0 >= split }
                #expect(flags.partitioningIndex { $0 } == split, "count \(count), split \(split)")
            }
        }
    }

    @Test func returnsTheLowerBoundOfAKeyAmongEqualOnes() {
        let sorted = [1, 3, 3, 3, 7, 9]
        #expect(sorted.partitioningIndex { $0 >= 3 } == 1)
        #expect(sorted.partitioningIndex { $0 > 3 } == 4)
        #expect(sorted.partitioningIndex { $0 >= 10 } == sorted.endIndex)
        #expect(sorted.partitioningIndex { $0 >= 0 } == sorted.startIndex)
    }

    @Test func respectsTheIndicesOfASlice() {
        let slice = [0, 1, 2, 3, 4, 5, 6, 7][3...]
        #expect(slice.partitioningIndex { $0 >= 5 } == 5)
        #expect(slice.partitioningIndex { $0 >= 100 } == slice.endIndex)
        #expect(slice.partitioningIndex { _ in true } == slice.startIndex)
    }

    @Test func evaluatesThePredicateOncePerBisectionStep() {
        let values = Array(0..<1000)
        var steps = 0
        let index = values.partitioningIndex { value in
            steps += 1
            return value >= 613
        }
        #expect(index == 613)
        #expect(steps <= 10)
    }
}
