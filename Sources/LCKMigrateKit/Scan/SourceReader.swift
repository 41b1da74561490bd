import LCKCore

/// Reads one source file for the pipeline, turning every failure into a one-line `FileProblem`.
package enum SourceReader {
    /// The file's bytes, or a problem naming the file, what is wrong and what to do.
    package static func read(_ file: DiscoveredFile, requireUTF8: Bool = true) -> Result<[UInt8], FileProblemError> {
        switch Platform.readFile(file.fileSystemPath) {
        case .failure(let error):
            return .failure(
                FileProblemError(FileProblem(path: file.displayPath, message: "cannot read file: \(error.message)")))
        case .success(let bytes):
            // Tokens store offsets in 32 bits; `--max-file-size` may be set higher than that.
            guard bytes.count < largestFile else {
                return .failure(
                    FileProblemError(
                        FileProblem(
                            path: file.displayPath,
                            message: "\(bytes.count) bytes is too large to scan (the limit is 4 GiB); split the file")))
            }
            if requireUTF8, let offset = UTF8Validation.firstInvalidOffset(in: bytes) {
                let position = LineTable(bytes).position(of: offset)
                return .failure(
                    FileProblemError(
                        FileProblem(
                            path: file.displayPath,
                            message:
                                "line \(position.line), column \(position.column): not valid UTF-8; re-save the file as UTF-8"
                        )))
            }
            return .success(bytes)
        }
    }

    /// Files this size or larger cannot be lexed (`Token` offsets are 32-bit).
    package static let largestFile = Int(UInt32.max)

    /// Lines as an editor counts them: a final line terminator does not start another line.
    package static func lineCount(_ bytes: [UInt8], table: LineTable) -> Int {
        editorLineCount(bytes, tableLineCount: table.lineCount)
    }

    /// `lineCount(_:table:)` for a file the scan does not lex, without building its line table.
    package static func lineCount(_ bytes: [UInt8]) -> Int {
        editorLineCount(bytes, tableLineCount: bytes.withUnsafeBytes { LineTable.lineCount(of: $0) })
    }

    private static func editorLineCount(_ bytes: [UInt8], tableLineCount: Int) -> Int {
        guard let last = bytes.last else { return 0 }
        return tableLineCount - (last == 0x0A || last == 0x0D ? 1 : 0)
    }
}

/// A `FileProblem` thrown or returned as an error.
public struct FileProblemError: Error, Sendable {
    public var problem: FileProblem
    public init(_ problem: FileProblem) { self.problem = problem }
}

/// Strict UTF-8 checking (no overlongs, surrogates or values past U+10FFFF), without building a String.
package enum UTF8Validation {
    package static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var index = 0
            let base = UnsafeRawPointer(buffer.baseAddress)
            while index < count {
                // Source is almost all ASCII: skip eight bytes at a time while no high bit is set.
                if let base {
                    while index + 8 <= count
                        && base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                    {
                        index += 8
                    }
                    if index >= count { break }
                }
                let lead = buffer[index]
                if lead < 0x80 { index += 1; continue }
                let length: Int
                var lower: UInt8 = 0x80
                var upper: UInt8 = 0xBF
                switch lead {
                case 0xC2...0xDF: length = 2
                case 0xE0: length = 3; lower = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: length = 3
                case 0xED: length = 3; upper = 0x9F
                case 0xF0: length = 4; lower = 0x90
                case 0xF1...0xF3: length = 4
                case 0xF4: length = 4; upper = 0x8F
                default: return index
                }
                guard index + length <= count else { return index }
                let second = buffer[index + 1]
                guard second >= lower && second <= upper else { return index }
                var next = index + 2
                while next < index + length {
                    guard buffer[next] & 0xC0 == 0x80 else { return index }
                    next += 1
                }
                index += length
            }
            return nil
        }
    }
}
