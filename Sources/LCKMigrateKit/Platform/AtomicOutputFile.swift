import LCKCore

/// An output file written all at once: bytes go to a temporary file in the same directory, which is
/// renamed over the destination only when complete. Readers never see a half-written report.
///
/// The temporary file is created by `open`, before any scanning, so an unwritable destination fails
/// fast. Dropping the value without `commit` removes the temporary file.
///
/// The destination's last component is never followed:
/// - A symbolic link there is replaced by the report; the file it names is left untouched (a link
///   committed to a scanned repository must not redirect the report onto `~/.profile`). Only a link to
///   a FIFO or character device (`/dev/stdout`) is written through, as a shell redirection would.
/// - An existing destination that is not a regular file (a device such as `/dev/null`, a FIFO, a
///   socket) is written directly at `commit`; renaming over it would replace the device node.
///
/// Earlier folders in the path are followed as the kernel follows them (`OutputLanding`): the caller
/// chose the folder (`OutputGuard` keeps a config file's outputs inside that file's folder).
public final class AtomicOutputFile {
    /// The destination, as given.
    public let path: String
    /// The file that receives the bytes: `path`'s bytes.
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

    /// Creates the temporary file next to `path` (relative to `directory` when given, else to the
    /// process's folder); throws a problem naming `path` when that is impossible.
    public static func open(_ path: String, in directory: String? = nil) throws(FileProblemError) -> AtomicOutputFile {
        func failure(_ message: String) -> FileProblemError {
            FileProblemError(FileProblem(path: path, message: message))
        }
        guard !path.isEmpty else { throw failure("empty output path; give a file name") }
        // Written where `OutputGuard` judged it would land: `nx/../a.swift` is `a.swift`, and makes no `nx/`.
        let given = ConfigurationLoader.absolutePath(path, directory ?? Platform.currentDirectory())
        let raw = OutputLanding.resolve(Array(given.utf8))?.path ?? Array(given.utf8)
        var existing: Platform.FileStatus?
        if case .success(let status) = Platform.status(of: raw, followLinks: false) { existing = status }
        if existing?.kind == .symbolicLink {
            guard case .success(let target) = Platform.status(of: raw, followLinks: true), target.isStream else {
                // Replaced by a new file: the link's target keeps its bytes and its mode.
                return try replacing(path, raw, existing: nil)
            }
            existing = target
        }
        if let existing, existing.kind == .directory {
            throw failure("is a directory; give a file path for --output")
        }
        if let existing, existing.kind != .regular {
            // A device, FIFO or socket: opened for writing at commit (opening a FIFO waits for its reader).
            if let error = Platform.checkWritable(raw) { throw failure("cannot write here (\(error.message))") }
            return AtomicOutputFile(path: path, target: raw, temporaryPath: nil, descriptor: -1, cleanupSlot: nil)
        }
        if existing == nil, let error = createParentFolders(of: raw) {
            throw failure("cannot create its folder (\(error.message))")
        }
        return try replacing(path, raw, existing: existing)
    }

    /// Makes every missing folder above `raw` (`reports/ci/scan.sarif` in a fresh checkout); nil when they
    /// all exist now.
    private static func createParentFolders(of raw: [UInt8]) -> PlatformError? {
        guard let slash = raw.lastIndex(of: 0x2F), slash > 0 else { return nil }
        let parent = Array(raw[..<slash])
        if case .success = Platform.status(of: parent, followLinks: true) { return nil }
        var index = 1
        while index <= parent.count {
            if index == parent.count || parent[index] == 0x2F {
                if let error = Platform.makeDirectory(Array(parent[..<index])) { return error }
            }
            index += 1
        }
        return nil
    }

    /// At most this many bytes of the destination's name go into the temporary file's name, so a name
    /// near the 255-byte limit still leaves room for the hidden prefix and the unique suffix.
    static let temporaryNameStemLimit = 200

    /// An output whose bytes go to a temporary file next to `raw`, renamed over it at `commit`.
    private static func replacing(
        _ path: String, _ raw: [UInt8], existing: Platform.FileStatus?
    ) throws(FileProblemError) -> AtomicOutputFile {
        func failure(_ message: String) -> FileProblemError {
            FileProblemError(FileProblem(path: path, message: message))
        }
        let slash = raw.lastIndex(of: 0x2F)
        let directory: [UInt8] = slash.map { $0 == 0 ? [0x2F] : Array(raw[..<$0]) } ?? [0x2E]
        let baseName: [UInt8] = slash.map { Array(raw[($0 + 1)...]) } ?? raw
        guard !baseName.isEmpty else { throw failure("ends with '/'; give a file path for --output") }
        let stem = baseName.prefix(temporaryNameStemLimit)
        var template = directory + Array("/.".utf8) + stem + Array(".lckmigrate-XXXXXX".utf8) + [0]
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
