import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs a program with posix_spawn and reaps it with wait4, for its wall time, CPU time and peak RSS.
enum ChildProcess {
    struct Measurement {
        var seconds: Double
        /// User plus system time of the child (all its threads).
        var cpuSeconds: Double
        var status: Int32
        /// `ru_maxrss` of the child: kilobytes on Linux.
        var peakRSSKilobytes: Int
        /// Extra rounds `ComplexityBenchmark` ran to confirm a doubling over its limit.
        var confirmationRounds = 0
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
        let cpu = [usage.ru_utime, usage.ru_stime].reduce(0.0) { $0 + Double($1.tv_sec) + Double($1.tv_usec) / 1e6 }
        return Measurement(
            seconds: seconds, cpuSeconds: cpu, status: exitCode, peakRSSKilobytes: Int(usage.ru_maxrss))
    }

    /// `run`, with the peak RSS taken by GNU time (`/usr/bin/time -f %M`) when it is installed. A child's
    /// `ru_maxrss` from `wait4` starts at the high-water mark of the parent's memory at spawn (Linux keeps
    /// it across exec), so after the benchmark itself has generated a 50 MB input every child would seem to
    /// use at least that much; `time` is a small process, and reports its own child's peak.
    static func runMeasuringRSS(
        _ executable: String, _ arguments: [String], errorPath: String? = nil
    ) throws -> Measurement {
        let time = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: time) else {
            return try run(executable, arguments, errorPath: errorPath)
        }
        let report = NSTemporaryDirectory() + "/lckmigrate-bench-rss-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: report) }
        var measured = try run(time, ["-f", "%M", "-o", report, executable] + arguments, errorPath: errorPath)
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        // GNU time writes "Command exited with non-zero status N" first when the status is not 0.
        if let kilobytes = text.split(separator: "\n").last.flatMap({ Int($0) }) {
            measured.peakRSSKilobytes = kilobytes
        }
        return measured
    }

    /// The directory of the running executable, where the release `lckmigrate` binary sits too.
    static var executableDirectory: String {
        let path =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: path).deletingLastPathComponent().path
    }
}
