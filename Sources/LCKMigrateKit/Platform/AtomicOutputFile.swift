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
            throw failure("cannot write here (\(Platform.symbolicLinkLoop.message)); check the symbolic link")
        }
        let existing: Platform.FileStatus?
        if case .success(let status) = Platform.status(of: raw, followLinks: true) {
            existing = status
        } else {
            existing = nil
        }
        if let existing, existing.kind == .directory {
            throw failure("is a directory; give a file path for --output")
        }
        if let existing, existing.kind != .regular {
            // A device, FIFO or socket: opened for writing at commit (opening a FIFO waits for its reader).
            if let error = Platform.checkWritable(raw) { throw failure("cannot write here (\(error.message))") }
            return AtomicOutputFile(path: path, target: raw, temporaryPath: nil, descriptor: -1, cleanupSlot: nil)
        }
        let slash = raw.lastIndex(of: 0x2F)
        let directory: [UInt8] = slash.map { $0 == 0 ? [0x2F] : Array(raw[..<$0]) } ?? [0x2E]
        let baseName: [UInt8] = slash.map { Array(raw[($0 + 1)...]) } ?? raw
        guard !baseName.isEmpty else { throw failure("ends with '/'; give a file path for --output") }
        var template = directory + Array("/.".utf8) + baseName + Array(".lckmigrate-XXXXXX".utf8) + [0]
        // Created and registered with interrupts held off, so Ctrl-C can never leave it behind.
        let (descriptor, cleanupSlot) = try InterruptCleanup.withSignalsBlocked { () throws(FileProblemError) in
            switch Platform.makeTemporaryFile(&template) {
            case .success(let descriptor):
                return (descriptor, InterruptCleanup.register(Array(template.dropLast())))
            case .failure(let error):
                throw failure("cannot write here (\(error.message)); check that the folder exists and is writable")
            }
        }
        template.removeLast()
        Platform.setMode(descriptor, existing.map { UInt32($0.mode & 0o7777) } ?? Platform.newFileMode())
        return AtomicOutputFile(
            path: path, target: raw, temporaryPath: template, descriptor: descriptor, cleanupSlot: cleanupSlot)
    }

    /// `path` with symbolic links followed to the last one's target (which may not exist yet); nil
    /// after too many links. Relative link targets are taken from the link's folder.
    private static func followingLinks(_ path: [UInt8]) -> [UInt8]? {
        var current = path
        for _ in 0..<40 {
            guard case .success(let status) = Platform.status(of: current, followLinks: false),
                status.kind == .symbolicLink
            else { return current }
            guard let destination = Platform.linkTarget(current) else { return current }
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
            switch Platform.openExistingForWriting(target) {
            case .success(let opened): descriptor = opened
            case .failure(let error): failureText = error.message
            }
        }
        if failureText == nil { failureText = Platform.writeAll(descriptor, bytes)?.message }
        // Devices and FIFOs cannot be synced (EINVAL); only the temporary file needs to reach the disk.
        if failureText == nil && temporaryPath != nil { failureText = Platform.sync(descriptor)?.message }
        if descriptor >= 0, let error = Platform.closeDescriptor(descriptor), failureText == nil {
            failureText = error.message
        }
        descriptor = -1
        if failureText == nil, let temporaryPath {
            failureText = Platform.moveFile(temporaryPath, over: target)?.message
        }
        if failureText == nil { releaseCleanupSlot() }
        if let failureText {
            removeTemporary()
            throw FileProblemError(
                FileProblem(path: path, message: "cannot write output (\(failureText)); nothing was written"))
        }
    }

    /// Abandons the output: the destination is left as it was.
    public func discard() {
        guard !finished else { return }
        finished = true
        if descriptor >= 0 { Platform.closeDescriptor(descriptor) }
        descriptor = -1
        removeTemporary()
    }

    private func removeTemporary() {
        if let temporaryPath { Platform.removeFile(temporaryPath) }
        releaseCleanupSlot()
    }

    private func releaseCleanupSlot() {
        if let cleanupSlot { InterruptCleanup.unregister(cleanupSlot) }
        cleanupSlot = nil
    }

    deinit { discard() }
}
