#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LCKCore

/// An output file written all at once: bytes go to a temporary file in the same directory, which is
/// renamed over the destination only when complete. Readers never see a half-written report.
///
/// The temporary file is created by `open`, before any scanning, so an unwritable destination fails
/// fast. Dropping the value without `commit` removes the temporary file.
public final class AtomicOutputFile {
    /// The destination, as given.
    public let path: String
    private let temporaryPath: [UInt8]
    private var descriptor: Int32
    private var finished = false
    /// The `InterruptCleanup` slot naming the temporary file while it exists.
    private var cleanupSlot: Int?

    private init(path: String, temporaryPath: [UInt8], descriptor: Int32, cleanupSlot: Int?) {
        self.path = path
        self.temporaryPath = temporaryPath
        self.descriptor = descriptor
        self.cleanupSlot = cleanupSlot
    }

    /// Creates the temporary file next to `path`; throws a problem naming `path` when that is impossible.
    public static func open(_ path: String) throws(FileProblemError) -> AtomicOutputFile {
        func failure(_ message: String) -> FileProblemError {
            FileProblemError(FileProblem(path: path, message: message))
        }
        guard !path.isEmpty else { throw failure("empty output path; give a file name") }
        let raw = Array(path.utf8)
        if case .success(let status) = Platform.status(of: raw, followLinks: true), status.kind == .directory {
            throw failure("is a directory; give a file path for --output")
        }
        let slash = raw.lastIndex(of: 0x2F)
        let directory: [UInt8] = slash.map { $0 == 0 ? [0x2F] : Array(raw[..<$0]) } ?? [0x2E]
        let baseName: [UInt8] = slash.map { Array(raw[($0 + 1)...]) } ?? raw
        guard !baseName.isEmpty else { throw failure("ends with '/'; give a file path for --output") }
        var template = directory + Array("/.".utf8) + baseName + Array(".lckmigrate-XXXXXX".utf8) + [0]
        // Created and registered with interrupts held off, so Ctrl-C can never leave it behind.
        let (descriptor, cleanupSlot) = try InterruptCleanup.withSignalsBlocked { () throws(FileProblemError) in
            let descriptor = template.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { mkstemp($0.baseAddress!) }
            }
            guard descriptor >= 0 else {
                let reason = Platform.errorText(errno)
                throw failure("cannot write here (\(reason)); check that the folder exists and is writable")
            }
            return (descriptor, InterruptCleanup.register(Array(template.dropLast())))
        }
        template.removeLast()
        let mode: mode_t
        if case .success(let existing) = Platform.status(of: raw, followLinks: true) {
            mode = mode_t(existing.mode & 0o7777)
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        fchmod(descriptor, mode)
        return AtomicOutputFile(path: path, temporaryPath: template, descriptor: descriptor, cleanupSlot: cleanupSlot)
    }

    /// Writes `bytes` and moves the file into place.
    public func commit(_ bytes: [UInt8]) throws(FileProblemError) {
        precondition(!finished, "AtomicOutputFile committed twice")
        finished = true
        var failureText: String?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failureText = Platform.errorText(errno)
                    return
                }
                offset += written
            }
        }
        if failureText == nil && fsync(descriptor) != 0 { failureText = Platform.errorText(errno) }
        if close(descriptor) != 0 && failureText == nil { failureText = Platform.errorText(errno) }
        descriptor = -1
        if failureText == nil {
            let renamed = Platform.withCPath(temporaryPath) { from in
                path.withCString { to in rename(from, to) }
            }
            if renamed != 0 { failureText = Platform.errorText(errno) }
        }
        if failureText == nil { releaseCleanupSlot() }
        if let failureText {
            removeTemporary()
            throw FileProblemError(FileProblem(path: path, message: "cannot write output (\(failureText)); nothing was written"))
        }
    }

    /// Abandons the output: the destination is left as it was.
    public func discard() {
        guard !finished else { return }
        finished = true
        close(descriptor)
        descriptor = -1
        removeTemporary()
    }

    private func removeTemporary() {
        _ = Platform.withCPath(temporaryPath) { unlink($0) }
        releaseCleanupSlot()
    }

    private func releaseCleanupSlot() {
        if let cleanupSlot { InterruptCleanup.unregister(cleanupSlot) }
        cleanupSlot = nil
    }

    deinit { discard() }
}
