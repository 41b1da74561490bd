import Dispatch
import LCKCore
import Synchronization

/// A JSON document a reporter builds, held in the order it will be written (LCKCore's `JSONValue` is the
/// parsed, position-carrying kind; this one only ever goes out).
///
/// Objects are ordered member lists, not dictionaries, so key order is fixed by the code that
/// builds them and the output bytes never depend on hashing. Nesting depth is bounded by the
/// reporters' own document shapes, never by the scanned input.
enum OutputJSON {
    case object([(String, OutputJSON)])
    case array([OutputJSON])
    /// An array whose elements are built one at a time while writing and dropped right after, so a
    /// report with a million findings never holds a million element trees at once. Elements may be built
    /// on several threads (`OutputJSONWriter.document(_:expectedBytes:jobs:)`), hence `@Sendable`.
    case generatedArray(count: Int, element: @Sendable (Int) -> OutputJSON)
    case string(String)
    case int(Int)
    case bool(Bool)
    case null

    /// An object from optional members: `nil` members are left out, which is how reporters
    /// write "only when present" keys without `if` ladders.
    static func members(_ members: [(String, OutputJSON?)]) -> OutputJSON {
        .object(members.compactMap { key, value in value.map { (key, $0) } })
    }

    static func stringIfPresent(_ value: String?) -> OutputJSON? {
        value.map { .string($0) }
    }

    /// `value` or an explicit `null`, for keys whose presence is part of the schema.
    static func stringOrNull(_ value: String?) -> OutputJSON {
        value.map { .string($0) } ?? .null
    }

    static func strings(_ values: [String]) -> OutputJSON {
        .array(values.map { .string($0) })
    }
}

/// Writes an `OutputJSON` as pretty-printed UTF-8 (two-space indent, `"key": value`, final newline).
enum OutputJSONWriter {
    /// `expectedBytes` sizes the buffer up front: growing by doubling briefly holds the old and the new
    /// buffer (three times the report at the last step); pages reserved but never written cost no memory.
    ///
    /// With `jobs` above 1, a large `generatedArray` (the findings of a monorepo scan) is written in
    /// slices on that many threads and the slices joined in order: the bytes are the same for any `jobs`,
    /// and the report no longer runs on one core while the other waits for the process to end.
    static func document(_ value: OutputJSON, expectedBytes: Int = 4096, jobs: Int = 1) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(max(4096, expectedBytes))
        write(value, indent: 0, jobs: max(1, jobs), expectedBytes: expectedBytes, into: &out)
        out.append(0x0A)
        return out
    }

    /// Below this many elements a generated array is written on the calling thread; starting threads
    /// would cost more than it saves.
    static let parallelElementThreshold = 512

    private static func write(
        _ value: OutputJSON, indent: Int, jobs: Int = 1, expectedBytes: Int = 0, into out: inout [UInt8]
    ) {
        switch value {
        case .null:
            out.append(contentsOf: "null".utf8)
        case .bool(let flag):
            out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number):
            out.append(contentsOf: String(number).utf8)
        case .string(let text):
            appendQuoted(text, into: &out)
        case .array(let elements):
            if elements.isEmpty {
                out.append(contentsOf: "[]".utf8)
                return
            }
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1, into: &out)
                write(element, indent: indent + 1, jobs: jobs, expectedBytes: expectedBytes, into: &out)
            }
            newline(indent, into: &out)
            out.append(UInt8(ascii: "]"))
        case .generatedArray(let count, let element):
            if count == 0 {
                out.append(contentsOf: "[]".utf8)
                return
            }
            out.append(UInt8(ascii: "["))
            if jobs > 1 && count >= parallelElementThreshold {
                writeInSlices(
                    count: count, element: element, indent: indent + 1, jobs: jobs,
                    bytesPerElement: expectedBytes / count, into: &out)
            } else {
                writeElements(0..<count, element: element, indent: indent + 1, into: &out)
            }
            newline(indent, into: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty {
                out.append(contentsOf: "{}".utf8)
                return
            }
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1, into: &out)
                appendQuoted(member.0, into: &out)
                out.append(contentsOf: ": ".utf8)
                write(member.1, indent: indent + 1, jobs: jobs, expectedBytes: expectedBytes, into: &out)
            }
            newline(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// The elements at `indices` of a generated array, each after its separator (`,` unless it is the
    /// array's first) and a line break at `indent`.
    private static func writeElements(
        _ indices: Range<Int>, element: (Int) -> OutputJSON, indent: Int, into out: inout [UInt8]
    ) {
        for index in indices {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            newline(indent, into: &out)
            write(element(index), indent: indent, into: &out)
        }
    }

    /// Writes consecutive slices of the array on `jobs` threads and appends them to `out` in index order
    /// as they are done (`OrderedMerger`), so the join overlaps the writing and only the slices written
    /// ahead of the next one to append are held. Each slice is exactly the bytes `writeElements` gives for
    /// its indices, so joining them changes nothing.
    private static func writeInSlices(
        count: Int, element: @Sendable @escaping (Int) -> OutputJSON, indent: Int, jobs: Int, bytesPerElement: Int,
        into out: inout [UInt8]
    ) {
        // Several slices per thread, so a thread that drew long elements does not hold up the others.
        let sliceLength = max(parallelElementThreshold / 4, (count + jobs * 8 - 1) / (jobs * 8))
        let sliceCount = (count + sliceLength - 1) / sliceLength
        var document: [UInt8] = []
        swap(&document, &out)  // Handed to the merger without a copy (it keeps its reserved capacity).
        let joined = OrderedMerger<[UInt8], [UInt8]>(document) { document, slice, _ in
            document.append(contentsOf: slice)
        }
        let nextSlice = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: min(jobs, sliceCount)) { _ in
            while true {
                let slice = nextSlice.add(1, ordering: .relaxed).oldValue
                guard slice < sliceCount else { break }
                // Sized up front from the caller's estimate (reserved, not touched): grown by doubling, the
                // slices left freed blocks scattered over the allocator's heaps and raised peak memory.
                var bytes: [UInt8] = []
                bytes.reserveCapacity(sliceLength * max(64, bytesPerElement))
                writeElements(
                    slice * sliceLength..<min(count, (slice + 1) * sliceLength), element: element, indent: indent,
                    into: &bytes)
                joined.finish(slice, contribution: bytes)
            }
        }
        out = joined.result(count: sliceCount, leaving: [])
    }

    private static func newline(_ indent: Int, into out: inout [UInt8]) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    /// The report style of `JSONWriter.appendQuoted` (`\b`, `\f`, lower-case hex), as these reports always wrote.
    static func appendQuoted(_ text: String, into out: inout [UInt8]) {
        JSONWriter.appendQuoted(text, style: .report, to: &out)
    }
}
