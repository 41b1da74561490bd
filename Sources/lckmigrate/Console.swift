import LCKCore

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole buffers to stdout and stderr with `write(2)`: one call per message, no stdio buffering
/// to flush, so progress lines from worker threads never interleave mid-line.
struct Console: Sendable {
    static let standard = Console()

    func out(_ bytes: [UInt8]) { Console.writeAll(1, bytes) }
    func out(_ text: String) { out(Array(text.utf8)) }
    func err(_ text: String) { Console.writeAll(2, Array(text.utf8)) }
    /// One diagnostic line on stderr with every control character shown as `\\xHH`: file names and
    /// messages come from the scanned tree, and a newline in one must not forge a line of its own.
    func diagnostic(_ line: String) { err(VisibleText.line(line)) }

    var errorIsTerminal: Bool { isatty(2) == 1 }
    /// Whether stdout is a terminal: `text` is then grouped for reading (`ReporterOptions.grouped`).
    var outputIsTerminal: Bool { isatty(1) == 1 }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return  // A closed pipe or full disk: nothing sensible left to report to.
                }
                offset += written
            }
        }
    }
}
