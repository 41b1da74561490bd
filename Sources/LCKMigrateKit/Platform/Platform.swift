#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over the C library, so the rest of the module never spells `errno` or C strings.
package enum Platform {
    /// The text of the current `errno`, lower-cased the way `ls` and `cat` print it.
    package static func errorText(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file or directory"
        case EACCES, EPERM: return "permission denied"
        case ENOTDIR: return "a component of the path is not a directory"
        case ELOOP: return "too many levels of symbolic links"
        case EISDIR: return "is a directory"
        case ENAMETOOLONG: return "file name too long"
        case ENOSPC: return "no space left on device"
        case EROFS: return "read-only file system"
        default:
            guard let text = strerror(code) else { return "error \(code)" }
            return String(cString: text).lowercased()
        }
    }

    /// The current working directory, or "." when it cannot be determined.
    package static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The number of cores available to this process, at least 1.
    package static func coreCount() -> Int {
        let count = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return count > 0 ? Int(count) : 1
    }

    /// Whether the file descriptor is a terminal (progress output goes only to terminals).
    package static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Calls `body` with a NUL-terminated copy of the raw path bytes.
    package static func withCPath<Result>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        var terminated = path
        terminated.append(0)
        return terminated.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// The kind of file at a path, as `lstat`/`stat` see it.
    package enum FileKind: Equatable {
        case regular, directory, symbolicLink, other
    }

    package struct FileStatus {
        package var kind: FileKind
        package var device: UInt64
        package var inode: UInt64
        package var mode: UInt32
        /// Bytes, for regular files.
        package var size: Int

        /// A FIFO or a character device (`/dev/null`, a terminal): written in place, never replaced.
        package var isStream: Bool {
            let format = mode_t(mode) & S_IFMT
            return format == S_IFIFO || format == S_IFCHR
        }
    }

    /// `stat` (following links) or `lstat`; the error is the `errno` value.
    package static func status(of path: [UInt8], followLinks: Bool) -> Result<FileStatus, PlatformError> {
        var info = stat()
        let result = withCPath(path) { followLinks ? stat($0, &info) : lstat($0, &info) }
        guard result == 0 else { return .failure(PlatformError(code: errno)) }
        return .success(fileStatus(info))
    }

    private static func fileStatus(_ info: stat) -> FileStatus {
        let format = info.st_mode & S_IFMT
        let kind: FileKind
        switch format {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        return FileStatus(
            kind: kind, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), mode: UInt32(info.st_mode),
            size: Int(info.st_size))
    }

    /// The absolute path with every link and `.`/`..` resolved (`realpath(3)`), or nil when it cannot be resolved.
    package static func resolvedPath(_ path: [UInt8]) -> [UInt8]? {
        guard let resolved = withCPath(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }

    /// One name in a directory listing.
    package struct DirectoryEntry {
        package var name: [UInt8]
        /// The kind the listing itself reports (`d_type`); nil when the file system does not say.
        package var listedKind: FileKind?
        /// `lstat` of the entry, taken relative to the open directory; nil when the listing's kind made it
        /// unnecessary (see `directoryEntries(_:needsStatus:)`).
        package var status: Result<FileStatus, PlatformError>?
    }

    /// The entries of a directory, without "." and "..", in no particular order.
    ///
    /// Discovery of a large tree is one of the few steps of a scan that runs on one thread, so it avoids
    /// system calls: the listing's own file type answers "directory?" and "regular file?", and `lstat` is
    /// taken only for links, unknown types and the names `needsStatus` asks for (Swift files, whose size
    /// is checked), relative to the open directory rather than by walking the whole path again.
    package static func directoryEntries(
        _ path: [UInt8], needsStatus: ([UInt8]) -> Bool
    ) -> Result<[DirectoryEntry], PlatformError> {
        guard let directory = withCPath(path, { opendir($0) }) else { return .failure(PlatformError(code: errno)) }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var entries: [DirectoryEntry] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { return .failure(PlatformError(code: errno)) }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            let listedKind: FileKind?
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): listedKind = .regular
            case Int32(DT_DIR): listedKind = .directory
            case Int32(DT_LNK): listedKind = .symbolicLink
            case Int32(DT_UNKNOWN): listedKind = nil
            default: listedKind = .other
            }
            var status: Result<FileStatus, PlatformError>?
            if listedKind == nil || listedKind == .symbolicLink || (listedKind != .directory && needsStatus(name)) {
                var info = stat()
                let result = withCPath(name) { fstatat(descriptor, $0, &info, AT_SYMLINK_NOFOLLOW) }
                status = result == 0 ? .success(fileStatus(info)) : .failure(PlatformError(code: errno))
            }
            entries.append(DirectoryEntry(name: name, listedKind: listedKind, status: status))
        }
        return .success(entries)
    }

    /// Opens an existing file for writing without truncating or creating it (devices and FIFOs, which
    /// cannot be replaced by rename).
    package static func openExistingForWriting(_ path: [UInt8]) -> Result<Int32, PlatformError> {
        let descriptor = withCPath(path) { open($0, O_WRONLY | O_CLOEXEC) }
        return descriptor >= 0 ? .success(descriptor) : .failure(PlatformError(code: errno))
    }

    /// Reads a whole regular file. Refuses anything else, so FIFOs and devices never block a scan.
    package static func readFile(_ path: [UInt8]) -> Result<[UInt8], PlatformError> {
        let descriptor = withCPath(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { return .failure(PlatformError(code: errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(PlatformError(code: errno)) }
        if info.st_mode & S_IFMT == S_IFDIR { return .failure(PlatformError(code: EISDIR)) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(PlatformError(notRegularFile: ())) }
        // Read straight into an array sized from fstat (one copy, no chunk buffer); one spare byte
        // tells a file that grew since fstat, whose rest is then read in chunks.
        let expected = max(0, Int(info.st_size))
        var readError: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
            count = 0
            while count < buffer.count {
                let got = read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                if got < 0 {
                    if errno == EINTR { continue }
                    readError = errno
                    return
                }
                if got == 0 { return }
                count += got
            }
        }
        if readError != 0 { return .failure(PlatformError(code: readError)) }
        guard bytes.count > expected else { return .success(bytes) }
        if let error = appendRest(of: descriptor, to: &bytes) { return .failure(error) }
        return .success(bytes)
    }

    /// Reads `descriptor` to its end in 64 KiB chunks (pipes and terminals included), or stops once more
    /// than `limit` bytes are read (an endless source such as `/dev/zero` then ends with a short excess).
    package static func readAll(descriptor: Int32, limit: Int = .max) -> Result<[UInt8], PlatformError> {
        var bytes: [UInt8] = []
        if let error = appendRest(of: descriptor, to: &bytes, limit: limit) { return .failure(error) }
        return .success(bytes)
    }

    private static func appendRest(of descriptor: Int32, to bytes: inout [UInt8], limit: Int = .max) -> PlatformError? {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return PlatformError(code: errno)
            }
            if count == 0 { return nil }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return nil
    }

    /// Opens a file (or FIFO) for reading; the error when it cannot.
    package static func openForReading(_ path: [UInt8]) -> Result<Int32, PlatformError> {
        let descriptor = withCPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        return descriptor >= 0 ? .success(descriptor) : .failure(PlatformError(code: errno))
    }

    /// Closes `descriptor`; the error when closing reports one (a write that failed late).
    @discardableResult
    package static func closeDescriptor(_ descriptor: Int32) -> PlatformError? {
        close(descriptor) == 0 ? nil : PlatformError(code: errno)
    }
}

// MARK: - Writing output files

extension Platform {
    /// Whether this process may write the existing file at `path`; the reason when not.
    package static func checkWritable(_ path: [UInt8]) -> PlatformError? {
        withCPath(path) { access($0, W_OK) } == 0 ? nil : PlatformError(code: errno)
    }

    /// Creates a unique file from `template` (NUL-terminated, ending in `XXXXXX`, which is replaced in place).
    package static func makeTemporaryFile(_ template: inout [UInt8]) -> Result<Int32, PlatformError> {
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { mkstemp($0.baseAddress!) }
        }
        return descriptor >= 0 ? .success(descriptor) : .failure(PlatformError(code: errno))
    }

    /// The permission bits a new file gets under the process's umask (`0o666 & ~umask`).
    package static func newFileMode() -> UInt32 {
        let mask = umask(0)
        umask(mask)
        return UInt32(0o666 & ~mask)
    }

    /// Sets the permission bits of an open file.
    package static func setMode(_ descriptor: Int32, _ mode: UInt32) {
        fchmod(descriptor, mode_t(mode))
    }

    /// The target a symbolic link names, as stored in the link; nil when it cannot be read.
    package static func linkTarget(_ path: [UInt8]) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = withCPath(path) { link in
            buffer.withUnsafeMutableBufferPointer { out in
                out.withMemoryRebound(to: CChar.self) { readlink(link, $0.baseAddress!, $0.count - 1) }
            }
        }
        return length > 0 ? Array(buffer[..<length]) : nil
    }

    /// Writes all of `bytes`, retrying after interrupts; the error that stopped it.
    package static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> PlatformError? {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return PlatformError(code: errno)
                }
                offset += written
            }
            return nil
        }
    }

    /// Flushes an open file to the disk (`fsync`).
    package static func sync(_ descriptor: Int32) -> PlatformError? {
        fsync(descriptor) == 0 ? nil : PlatformError(code: errno)
    }

    /// Renames `source` over `destination` (atomic within one file system).
    package static func moveFile(_ source: [UInt8], over destination: [UInt8]) -> PlatformError? {
        let result = withCPath(source) { from in withCPath(destination) { to in rename(from, to) } }
        return result == 0 ? nil : PlatformError(code: errno)
    }

    /// Removes the file at `path`, ignoring failure (used to clean up).
    package static func removeFile(_ path: [UInt8]) {
        _ = withCPath(path) { unlink($0) }
    }

    /// Appends `bytes` to the file at `path`, creating it when missing (a log others append to as well).
    package static func append(_ bytes: [UInt8], to path: [UInt8]) -> PlatformError? {
        let descriptor = withCPath(path) { open($0, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o666) }
        guard descriptor >= 0 else { return PlatformError(code: errno) }
        let failure = writeAll(descriptor, bytes)
        let closing = closeDescriptor(descriptor)
        return failure ?? closing
    }

    /// Creates a folder; nil when it was made or already exists.
    package static func makeDirectory(_ path: [UInt8]) -> PlatformError? {
        withCPath(path) { mkdir($0, 0o777) } == 0 || errno == EEXIST ? nil : PlatformError(code: errno)
    }
}

// MARK: - Signals, clocks, memory

extension Platform {
    /// The signals that end a run early: Ctrl-C, `kill`, a closed terminal.
    private static let terminationSignals = [SIGINT, SIGTERM, SIGHUP]

    /// Unblocks the termination signals and makes `handler` run on each of them.
    package static func installTerminationHandler(_ handler: @escaping @convention(c) (Int32) -> Void) {
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in terminationSignals { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        for signal in terminationSignals {
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handler
            #else
            action.__sigaction_handler.sa_handler = handler
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }

    /// Runs `body` with the termination signals held off on this thread.
    package static func withTerminationSignalsBlocked<Result>(
        _ body: () throws(FileProblemError) -> Result
    ) throws(FileProblemError) -> Result {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for signal in terminationSignals { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// `unlink`, callable from a signal handler (async-signal-safe, no allocation).
    package static func unlinkInSignalHandler(_ path: UnsafePointer<CChar>) {
        unlink(path)
    }

    /// `_exit`: ends the process at once, without running exit handlers (safe in a signal handler).
    package static func exitImmediately(_ status: Int32) -> Never {
        _exit(status)
    }

    /// CPU time of the calling thread, in nanoseconds.
    package static func threadCPUNanoseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec)
    }

    /// `memcmp` of `count` bytes.
    @inline(__always)
    package static func compareMemory(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ count: Int) -> Int32 {
        memcmp(lhs, rhs, count)
    }
}

/// A failed system call, carrying a message fit for a one-line error.
package struct PlatformError: Error {
    package var code: Int32
    package var message: String

    package init(code: Int32) {
        self.code = code
        self.message = Platform.errorText(code)
    }

    package var isNotFound: Bool { code == ENOENT }

    package init(notRegularFile: Void) {
        self.code = 0
        self.message = "not a regular file (lckmigrate reads only regular files)"
    }
}
