import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs a program with posix_spawn and reaps it with wait4, for its wall time and peak RSS.
enum ChildProcess {
    struct Measurement {
        var seconds: Double
        var status: Int32
        /// `ru_maxrss` of the child: kilobytes on Linux.
        var peakRSSKilobytes: Int
    }

    /// Runs `executable arguments` with stdin, stdout and stderr on /dev/null (or stderr to `errorPath`).
    static func run(_ executable: String, _ arguments: [String], errorPath: String? = nil) throws -> Measurement {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let started = ContinuousClock.now
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw BenchError.usage("cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError.usage("wait4 failed: \(String(cString: strerror(errno)))") }
        }
        let seconds = LexerBenchmark.seconds(ContinuousClock.now - started)
        // WIFEXITED / WEXITSTATUS, spelled out (the C macros are not imported).
        let exitCode = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Measurement(seconds: seconds, status: exitCode, peakRSSKilobytes: Int(usage.ru_maxrss))
    }

    /// The directory of the running executable, where the release `lckmigrate` binary sits too.
    static var executableDirectory: String {
        let path =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: path).deletingLastPathComponent().path
    }
}
