import LCKCore
import LCKMigrateKit
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The first error writing standard output (an errno), 0 while every write succeeded.
private let standardOutputError = Atomic<Int32>(0)
/// Set when descriptor 1 was closed at start (`guardClosedDescriptors`).
private let standardOutputClosed = Atomic<Bool>(false)

/// Writes whole buffers to stdout and stderr with `write(2)`: one call per message, no stdio buffering
/// to flush, so progress lines from worker threads never interleave mid-line.
///
/// Standard output is an output like a report file: a write that fails there (a full disk, a closed
/// descriptor) is remembered, and the command then exits 2 (`standardOutputProblem`).
struct Console: Sendable {
    static let standard = Console()

    func out(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if let error = Console.writeAll(1, bytes) {
            _ = standardOutputError.compareExchange(expected: 0, desired: error, ordering: .relaxed)
        }
    }
    func out(_ text: String) { out(Array(text.utf8)) }
    func err(_ text: String) { _ = Console.writeAll(2, Array(text.utf8)) }
    /// One diagnostic line on stderr with every control character shown as `\\xHH`: file names and
    /// messages come from the scanned tree, and a newline in one must not forge a line of its own.
    func diagnostic(_ line: String) { err(VisibleText.line(line)) }

    var errorIsTerminal: Bool { isatty(2) == 1 }
    /// Whether stdout is a terminal: `text` is then grouped for reading (`ReporterOptions.grouped`).
    var outputIsTerminal: Bool { isatty(1) == 1 }

    /// The one-line error when a write to standard output failed, nil when none did.
    var standardOutputProblem: String? {
        let error = standardOutputError.load(ordering: .relaxed)
        guard error != 0 else { return nil }
        return "\(ToolName.name): error: cannot write to standard output (\(PlatformError(code: error).message)); "
            + "check the disk or the pipe it goes to, or write the report with --output FILE\n"
    }

    /// A descriptor 1 or 2 closed when the process starts (`>&-`) gets `/dev/null` in its place, so no file
    /// the run opens later takes that number and receives the report; a closed stdout still fails every
    /// write to it (`EBADF`), as it would have.
    static func guardClosedDescriptors() {
        for descriptor: Int32 in [1, 2] where fcntl(descriptor, F_GETFD) < 0 {
            let placeholder = open("/dev/null", O_WRONLY)
            if placeholder >= 0, placeholder != descriptor {
                dup2(placeholder, descriptor)
                close(placeholder)
            }
            if descriptor == 1 { standardOutputClosed.store(true, ordering: .relaxed) }
        }
    }

    /// Writes everything; returns the errno of a failed write.
    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32? {
        if descriptor == 1, standardOutputClosed.load(ordering: .relaxed) { return EBADF }
        return bytes.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }
}
