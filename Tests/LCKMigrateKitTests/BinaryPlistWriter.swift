/// A small writer of binary property lists (`bplist00`) for the reader's tests: values become objects in
/// the order met, strings are ASCII when they can be and UTF-16 otherwise, counts past 14 use the integer
/// that follows a `0xF` nibble, as Apple's writer does. Test code only; not deduplicating.
enum BinaryPlistValue {
    case string(String)
    case bool(Bool)
    case int(Int)
    case array([BinaryPlistValue])
    case dictionary([(String, BinaryPlistValue)])

    /// The file's bytes; `referenceSize` 1 or 2.
    func binaryPlist(referenceSize: Int = 1) -> [UInt8] {
        var objects: [[UInt8]] = []
        _ = Self.add(self, to: &objects, referenceSize: referenceSize)
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        let offsetSize = table < 256 ? 1 : table < 65_536 ? 2 : 4
        for offset in offsets { bytes += Self.bigEndian(offset, size: offsetSize) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        bytes += Self.bigEndian(objects.count, size: 8) + Self.bigEndian(0, size: 8) + Self.bigEndian(table, size: 8)
        return bytes
    }

    /// Adds the value (children after it) and returns its index.
    private static func add(_ value: BinaryPlistValue, to objects: inout [[UInt8]], referenceSize: Int) -> Int {
        let index = objects.count
        objects.append([])
        switch value {
        case .string(let text):
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                objects[index] = header(0x5, count: text.utf8.count) + Array(text.utf8)
            } else {
                let units = Array(text.utf16)
                objects[index] = header(0x6, count: units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            }
        case .bool(let flag):
            objects[index] = [flag ? 0x09 : 0x08]
        case .int(let number):
            objects[index] = [0x13] + bigEndian(number, size: 8)
        case .array(let elements):
            let references = elements.map { add($0, to: &objects, referenceSize: referenceSize) }
            objects[index] =
                header(0xA, count: elements.count) + references.flatMap { bigEndian($0, size: referenceSize) }
        case .dictionary(let entries):
            let keys = entries.map { add(.string($0.0), to: &objects, referenceSize: referenceSize) }
            let values = entries.map { add($0.1, to: &objects, referenceSize: referenceSize) }
            objects[index] =
                header(0xD, count: entries.count) + (keys + values).flatMap { bigEndian($0, size: referenceSize) }
        }
        return index
    }

    private static func header(_ type: UInt8, count: Int) -> [UInt8] {
        count < 15 ? [type << 4 | UInt8(count)] : [type << 4 | 0xF, 0x11] + bigEndian(count, size: 2)
    }

    static func bigEndian(_ value: Int, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
