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
///
/// Two kinds of destination are not replaced:
/// - A symbolic link is followed: the temporary file is made next to the file the link names and
///   renamed over that file, so the link stays (a dangling link gets its target created).
/// - An existing destination that is not a regular file (a device such as `/dev/null` or
///   `/dev/stdout`, a FIFO, a socket) is written directly at `commit`, as a shell redirection would;
///   renaming over it would replace the device node with a plain file.
public final class AtomicOutputFile {
    /// The destination, as given.
    public let path: String
    /// The file that receives the bytes: `path` with symbolic links followed.
    private let target: [UInt8]
    /// The temporary file, or nil when the destination is written directly.
    private let temporaryPath: [UInt8]?
    private var descriptor: Int32
    private var finished = false
    /// The `InterruptCleanup` slot naming the temporary file while it exists.
    private var cleanupSlot: Int?

    private init(path: String, target: [UInt8], temporaryPath: [UInt8]?, descriptor: Int32, cleanupSlot: Int?) {
        self.path = path
        self.target = target
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
        guard let raw = followingLinks(Array(path.utf8)) else {
            throw failure("cannot write here (\(Platform.errorText(ELOOP))); check the symbolic link")
        }
        let existing: Platform.FileStatus?
        if case .success(let status) = Platform.status(of: raw, followLinks: true) { existing = status } else { existing = nil }
        if let existing, existing.kind == .directory {
            throw failure("is a directory; give a file path for --output")
        }
        if let existing, existing.kind != .regular {
            // A device, FIFO or socket: opened for writing at commit (opening a FIFO waits for its reader).
            guard Platform.withCPath(raw, { access($0, W_OK) }) == 0 else {
                throw failure("cannot write here (\(Platform.errorText(errno)))")
            }
            return AtomicOutputFile(path: path, target: raw, temporaryPath: nil, descriptor: -1, cleanupSlot: nil)
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
        if let existing {
            mode = mode_t(existing.mode & 0o7777)
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        fchmod(descriptor, mode)
        return AtomicOutputFile(path: path, target: raw, temporaryPath: template, descriptor: descriptor, cleanupSlot: cleanupSlot)
    }

    /// `path` with symbolic links followed to the last one's target (which may not exist yet); nil
    /// after too many links. Relative link targets are taken from the link's folder.
    private static func followingLinks(_ path: [UInt8]) -> [UInt8]? {
        var current = path
        for _ in 0..<40 {
            guard case .success(let status) = Platform.status(of: current, followLinks: false),
                  status.kind == .symbolicLink else { return current }
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = Platform.withCPath(current) { link in
                buffer.withUnsafeMutableBufferPointer { out in
                    out.withMemoryRebound(to: CChar.self) { readlink(link, $0.baseAddress!, $0.count - 1) }
                }
            }
            guard length > 0 else { return current }
            let destination = Array(buffer[..<length])
            if destination.first == 0x2F {
                current = destination
            } else if let slash = current.lastIndex(of: 0x2F) {
                current = Array(current[...slash]) + destination
            } else {
                current = destination
            }
        }
        return nil
    }

    /// Writes `bytes` and moves the file into place (or writes them straight into a device or FIFO).
    public func commit(_ bytes: [UInt8]) throws(FileProblemError) {
        precondition(!finished, "AtomicOutputFile committed twice")
        finished = true
        var failureText: String?
        if temporaryPath == nil {
            descriptor = Platform.openExistingForWriting(target)
            if descriptor < 0 { failureText = Platform.errorText(errno) }
        }
        if failureText == nil {
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
        }
        // Devices and FIFOs cannot be synced (EINVAL); only the temporary file needs to reach the disk.
        if failureText == nil && temporaryPath != nil && fsync(descriptor) != 0 { failureText = Platform.errorText(errno) }
        if descriptor >= 0 && close(descriptor) != 0 && failureText == nil { failureText = Platform.errorText(errno) }
        descriptor = -1
        if failureText == nil, let temporaryPath {
            let renamed = Platform.withCPath(temporaryPath) { from in
                Platform.withCPath(target) { to in rename(from, to) }
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
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        removeTemporary()
    }

    private func removeTemporary() {
        if let temporaryPath { _ = Platform.withCPath(temporaryPath) { unlink($0) } }
        releaseCleanupSlot()
    }

    private func releaseCleanupSlot() {
        if let cleanupSlot { InterruptCleanup.unregister(cleanupSlot) }
        cleanupSlot = nil
    }

    deinit { discard() }
}
