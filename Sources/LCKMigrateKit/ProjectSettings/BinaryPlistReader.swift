import LCKCore

/// The top-level dictionary of a binary property list (`bplist00`, as Xcode or `plutil -convert binary1`
/// writes an Info.plist or `.entitlements`), read into the same `PlistDocument` as the XML form: its keys
/// (a key whose value is `false` left out), the strings of its array values. Only the objects those need
/// are read (dictionary, array, ASCII and UTF-16 strings, booleans, integers as counts); every offset,
/// count and reference is checked against the file before use, and nothing is followed deeper than the
/// root's values, so a hostile file costs at most its size and gives a problem, never a wrong answer.
/// Positions are the start of the file (a binary file has no lines to point at).
enum BinaryPlistReader {
    static let magic = Array("bplist00".utf8)

    static func read(_ bytes: [UInt8]) -> Result<PlistDocument, SettingsProblem> {
        do {
            return .success(try Reader(bytes: bytes).document())
        } catch {
            return .failure(error)
        }
    }

    /// An object's type nibble and the offset and count of its payload.
    private struct Object {
        var type: UInt8
        var info: UInt8
        var count: Int
        var payload: Int
    }

    private struct Reader {
        let bytes: [UInt8]
        let offsetSize: Int
        let referenceSize: Int
        let objectCount: Int
        let top: Int
        let tableOffset: Int

        init(bytes: [UInt8]) throws(SettingsProblem) {
            self.bytes = bytes
            guard bytes.count >= Self.headerAndTrailer, bytes.starts(with: BinaryPlistReader.magic) else {
                throw Self.problem("too short for a binary property list")
            }
            let trailer = bytes.count - 32
            offsetSize = Int(bytes[trailer + 6])
            referenceSize = Int(bytes[trailer + 7])
            guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
                let count = Self.unsigned(bytes, at: trailer + 8, size: 8),
                let top = Self.unsigned(bytes, at: trailer + 16, size: 8),
                let table = Self.unsigned(bytes, at: trailer + 24, size: 8)
            else { throw Self.problem("the trailer is damaged") }
            // Each object takes at least one byte between the header and the offset table.
            guard count > 0, count <= trailer, top < count, table >= 8, table <= trailer,
                count <= (trailer - table) / offsetSize
            else { throw Self.problem("the trailer's counts and offsets do not fit the file") }
            objectCount = count
            self.top = top
            tableOffset = table
        }

        static let headerAndTrailer = 8 + 1 + 32

        /// The root dictionary's keys and array strings. Each string and array object is read once however
        /// many entries refer to it, so shared objects keep the cost linear in the file.
        func document() throws(SettingsProblem) -> PlistDocument {
            let root = try object(top)
            guard root.type == 0xD else { throw Self.problem("the top object is not a dictionary") }
            var document = PlistDocument()
            var strings: [Int: String?] = [:]
            var arrays: [Int: [String]] = [:]
            let spot = ByteRange(start: 0, end: 0)
            for index in 0..<root.count {
                let keyIndex = try reference(in: root, at: index)
                guard let name = try string(keyIndex, cache: &strings) else {
                    throw Self.problem("a dictionary key is not a string")
                }
                let valueIndex = try reference(in: root, at: root.count + index)
                let value = try object(valueIndex)
                if value.type == 0x0, value.info == 0x8 { continue }  // false: not granted
                guard document.keys[name] == nil else { continue }
                document.keys[name] = spot
                guard value.type == 0xA else { continue }
                if arrays[valueIndex] == nil {
                    var texts: [String] = []
                    for element in 0..<value.count {
                        if let text = try string(try reference(in: value, at: element), cache: &strings) {
                            texts.append(text)
                        }
                    }
                    arrays[valueIndex] = texts
                }
                document.arrays[name] = arrays[valueIndex]
            }
            return document
        }

        /// Object number `index`: its marker, count (inline, or the integer after a `0xF` nibble) and payload.
        func object(_ index: Int) throws(SettingsProblem) -> Object {
            guard index < objectCount,
                let offset = Self.unsigned(bytes, at: tableOffset + index * offsetSize, size: offsetSize),
                offset >= 8, offset < tableOffset
            else { throw Self.problem("object \(index) lies outside the file") }
            let marker = bytes[offset]
            var object = Object(type: marker >> 4, info: marker & 0xF, count: Int(marker & 0xF), payload: offset + 1)
            if [0x4, 0x5, 0x6, 0xA, 0xC, 0xD].contains(object.type), object.info == 0xF {
                let sizeMarker = offset + 1 < tableOffset ? bytes[offset + 1] : 0
                let size = 1 << Int(sizeMarker & 0xF)
                guard sizeMarker >> 4 == 0x1, size <= 8, let count = Self.unsigned(bytes, at: offset + 2, size: size)
                else { throw Self.problem("object \(index) has a damaged length") }
                object.count = count
                object.payload = offset + 2 + size
            }
            let width: Int? =
                switch object.type {
                case 0x4, 0x5: 1
                case 0x6: 2
                case 0xA, 0xC: referenceSize
                case 0xD: 2 * referenceSize
                default: nil
                }
            if let width, object.count > (tableOffset - object.payload) / width {
                throw Self.problem("object \(index) runs past the object table")
            }
            return object
        }

        func reference(in container: Object, at index: Int) throws(SettingsProblem) -> Int {
            guard let value = Self.unsigned(bytes, at: container.payload + index * referenceSize, size: referenceSize)
            else { throw Self.problem("a reference lies outside the file") }
            return value
        }

        /// Object `index` as a string (nil: another type), read once for all the entries that refer to it.
        func string(_ index: Int, cache: inout [Int: String?]) throws(SettingsProblem) -> String? {
            if let known = cache[index] { return known }
            let text = try string(try object(index))
            cache[index] = .some(text)
            return text
        }

        /// The text of an ASCII or UTF-16 string object; nil for any other type.
        func string(_ object: Object) throws(SettingsProblem) -> String? {
            switch object.type {
            case 0x5:
                let slice = bytes[object.payload..<(object.payload + object.count)]
                guard slice.allSatisfy({ $0 < 0x80 }) else { throw Self.problem("an ASCII string is not ASCII") }
                return String(decoding: slice, as: UTF8.self)
            case 0x6:
                var units: [UInt16] = []
                units.reserveCapacity(object.count)
                for index in 0..<object.count {
                    let at = object.payload + 2 * index
                    units.append(UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]))
                }
                guard let text = String(validating: units, as: UTF16.self) else {
                    throw Self.problem("a UTF-16 string is not valid")
                }
                return text
            default:
                return nil
            }
        }

        /// A big-endian unsigned integer of `size` bytes at `offset`; nil when it does not fit in the file or
        /// in an `Int`.
        static func unsigned(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
            guard offset >= 0, size <= bytes.count, offset <= bytes.count - size else { return nil }
            var value: UInt64 = 0
            for index in 0..<size { value = value << 8 | UInt64(bytes[offset + index]) }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }

        static func problem(_ why: String) -> SettingsProblem {
            SettingsProblem(offset: 0, message: "binary property list: \(why)")
        }
    }
}
