import Foundation
import LCKCore
import LCKLexer
import LCKMigrateKit
import LCKParser
import LCKReporters

/// `lckmigrate-bench scan`: end-to-end `lckmigrate scan` on generated monorepo-sized corpora, beside
/// the time `cat` needs to read the same files, with a per-stage CPU profile measured in process.
struct ScanBenchmark {
    var sizes: [Int] = [1_000_000]
    var runs = 3
    var json = false
    var seed = ScanCorpus.defaultSeed
    /// Generated corpora without CallKit: what the prefilter must pass over at about `cat`'s cost.
    var callKitFree = false
    /// Existing trees to measure instead of generated corpora (`--corpus DIR`, repeatable).
    var corpora: [String] = []

    init(arguments: [String]) throws {
        var options = BenchArguments(arguments)
        while let argument = options.nextOption() {
            switch argument {
            case "--lines": sizes = try options.list(of: argument, expected: "100k, 1M, 5M or a number", Self.lineCount)
            case "--runs": runs = try options.positiveInt(of: argument)
            case "--seed": seed = try options.seed(of: argument)
            case "--json": json = true
            case "--callkit-free": callKitFree = true
            case "--corpus": corpora.append(try options.value(of: argument, expected: "a folder of Swift files"))
            default: throw BenchError.usage("unknown option \(argument)")
            }
        }
    }

    /// `100k`, `1M`, `5M` or a plain number of lines.
    static func lineCount(_ text: String) throws -> Int {
        let lower = text.lowercased()
        let multiplier = lower.hasSuffix("k") ? 1_000 : lower.hasSuffix("m") ? 1_000_000 : 1
        let digits = multiplier == 1 ? lower : String(lower.dropLast())
        guard let value = Int(digits), value > 0 else { throw BenchError.usage("bad line count '\(text)'") }
        return value * multiplier
    }

    struct Row {
        var lines = 0, files = 0, bytes = 0
        var catSeconds = 0.0
        var jobs2Seconds = 0.0, jobs1Seconds = 0.0
        var peakRSSMegabytes = 0.0
        var exitStatus: Int32 = 0
        var findings = 0
        /// CPU seconds per stage, one worker, in process.
        var stages: [(String, Double)] = []

        var megabytes: Double { Double(bytes) / 1_000_000 }
        var speedup: Double { jobs1Seconds / jobs2Seconds }
        /// The scan's wall time with two jobs over `cat`'s for the same files.
        var catRatio: Double { jobs2Seconds / catSeconds }
    }

    func run() throws {
        let binary = ChildProcess.executableDirectory + "/lckmigrate"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchError.usage(
                "no lckmigrate next to the benchmark (\(binary)); run `swift build -c release` first")
        }
        var rows: [Row] = []
        for (directory, summary) in try measuredTrees() {
            var row = Row(lines: summary.lines, files: summary.files, bytes: summary.bytes)
            try measure(directory, binary: binary, into: &row)
            (row.stages, row.findings) = stageProfile(directory)
            rows.append(row)
        }
        json ? printJSON(rows) : printTable(rows)
    }

    /// The `--corpus` trees as they are, else the generated corpora (written once, then reused).
    private func measuredTrees() throws -> [(String, ScanCorpus.Summary)] {
        if !corpora.isEmpty { return try corpora.map { ($0, try ScanCorpus.summarize($0)) } }
        return try sizes.map { lines in
            let corpus = ScanCorpus(lines: lines, seed: seed, callKitFree: callKitFree)
            if !json { FileHandle.standardError.write(Data("generating/reusing \(corpus.directory)\n".utf8)) }
            return (corpus.directory, try corpus.materialize())
        }
    }

    /// `cat` of the tree, then the scan with two and one jobs, alternated, best of `runs` each.
    private func measure(_ directory: String, binary: String, into row: inout Row) throws {
        let cat = "find '\(directory)' -name '*.swift' -print0 | xargs -0 cat > /dev/null"
        row.catSeconds = try best { try ChildProcess.run("/bin/sh", ["-c", cat]).seconds }
        let errorPath = "/tmp/lckmigrate-bench/scan-stderr.txt"
        func scan(_ jobs: Int) throws -> ChildProcess.Measurement {
            let measured = try ChildProcess.run(
                binary, ["scan", directory, "--format", "json", "--quiet", "--jobs", "\(jobs)"],
                errorPath: errorPath)
            row.exitStatus = measured.status
            row.peakRSSMegabytes = max(row.peakRSSMegabytes, Double(measured.peakRSSKilobytes) / 1024)
            return measured
        }
        _ = try scan(2)  // Warm-up: page cache, dynamic loader.
        // Alternated, so a change in machine load during the runs shifts both columns alike.
        row.jobs2Seconds = .infinity
        row.jobs1Seconds = .infinity
        for _ in 0..<runs {
            row.jobs2Seconds = min(row.jobs2Seconds, try scan(2).seconds)
            row.jobs1Seconds = min(row.jobs1Seconds, try scan(1).seconds)
        }
        if row.exitStatus > 1 {
            let text = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            FileHandle.standardError.write(
                Data("warning: scan exited \(row.exitStatus):\n\(text.prefix(2000))\n".utf8))
        }
    }

    private func best(_ body: () throws -> Double) throws -> Double {
        var result = Double.infinity
        for _ in 0..<runs { result = min(result, try body()) }
        return result
    }

    /// CPU time per stage for one in-process, one-worker scan, plus parse alone and report rendering.
    private func stageProfile(_ directory: String) -> ([(String, Double)], Int) {
        let started = StageClock.cpu()
        let discovery = FileDiscovery.discover(paths: [directory], currentDirectory: directory)
        let discoverSeconds = StageClock.cpu() - started
        var request = ScanRequest(paths: [directory], currentDirectory: directory, jobs: 1)
        let times = StageTimes()
        request.stageTimes = times
        let pipelineStart = StageClock.cpu()
        let report = ScanPipeline.run(files: discovery.files, problems: discovery.problems, request: request)
        let pipelineSeconds = StageClock.cpu() - pipelineStart
        let renderStart = StageClock.cpu()
        let rendered = ReportFormat.json.reporter.render(report)
        let renderSeconds = StageClock.cpu() - renderStart
        precondition(!rendered.isEmpty)
        // Parsing happens inside the analyzer stage; time it alone on the same files.
        var parseSeconds = 0.0
        for file in discovery.files {
            guard let bytes = FileManager.default.contents(atPath: directory + "/" + file.displayPath) else { continue }
            let tokenized = Lexer.tokenize(Array(bytes))
            let before = StageClock.cpu()
            let outline = Parser.parse(tokenized)
            parseSeconds += StageClock.cpu() - before
            withExtendedLifetime(outline) {}
        }
        var stages: [(String, Double)] = [("discover", discoverSeconds)]
        for stage in StageTimes.Stage.allCases { stages.append((stage.name, times.seconds(stage))) }
        // Work outside the per-file stages: an analyzer's project pre-pass, merging and sorting findings.
        let perFile = StageTimes.Stage.allCases.reduce(0) { $0 + times.seconds($1) }
        stages.append(("other", max(0, pipelineSeconds - perFile)))
        stages.append(("pipeline total", pipelineSeconds))
        stages.append(("(parse alone)", parseSeconds))
        stages.append(("report json", renderSeconds))
        return (stages, report.findings.count)
    }

    private func printTable(_ rows: [Row]) {
        print(
            "lckmigrate scan benchmark (best of \(runs); \(ProcessInfo.processInfo.activeProcessorCount) cores; load \(Self.loadAverage()))"
        )
        print(
            "lines      files   MB      cat s   j2 wall s  j2/cat  MB/s    Mlines/s  j1 wall s  j1/j2  peak RSS MB  exit  findings"
        )
        for row in rows {
            print(
                String(
                    format:
                        "%-9d  %-6d  %-6.1f  %-6.3f  %-9.3f  %-6.2f  %-6.1f  %-8.2f  %-9.3f  %-5.2f  %-11.1f  %-4d  %d",
                    row.lines, row.files, row.megabytes, row.catSeconds, row.jobs2Seconds, row.catRatio,
                    row.megabytes / row.jobs2Seconds, Double(row.lines) / row.jobs2Seconds / 1e6,
                    row.jobs1Seconds, row.speedup, row.peakRSSMegabytes, row.exitStatus, row.findings))
        }
        print("\nCPU seconds per stage (in process, --jobs 1; 'analyze' includes parsing; 'other' is the analyzers'")
        print("project pre-pass plus merging and sorting; '(parse alone)' re-parses every file on its own):")
        for row in rows {
            let stages = row.stages.map { String(format: "%@ %.3f", $0.0, $0.1) }.joined(separator: "  ")
            print("  \(row.lines) lines: \(stages)")
        }
        print(
            "\nTargets: 1M lines <= 0.5 s with --jobs 2 (>= 80 MB/s); j1/j2 >= 1.8; 5M time <= 5.5 x 1M time; peak RSS <= 200 MB at 5M;"
                + "\nCallKit-free trees (--callkit-free, --corpus) of >= 40 MB: j2/cat <= 1.5."
        )
        if let million = rows.first(where: { $0.lines >= 1_000_000 && $0.lines < 2_000_000 }),
            let five = rows.first(where: { $0.lines >= 5_000_000 })
        {
            print(String(format: "5M/1M time ratio: %.2f", five.jobs2Seconds / million.jobs2Seconds))
        }
    }

    private func printJSON(_ rows: [Row]) {
        let objects = rows.map { row in
            let stages = row.stages.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",")
            return """
                {"lines":\(row.lines),"files":\(row.files),"bytes":\(row.bytes),"catSeconds":\(row.catSeconds),\
                "jobs2Seconds":\(row.jobs2Seconds),"jobs1Seconds":\(row.jobs1Seconds),"speedup":\(row.speedup),\
                "catRatio":\(row.catRatio),\
                "megabytesPerSecond":\(row.megabytes / row.jobs2Seconds),"linesPerSecond":\(Double(row.lines) / row.jobs2Seconds),\
                "peakRSSMegabytes":\(row.peakRSSMegabytes),"exitStatus":\(row.exitStatus),"findings":\(row.findings),\
                "stageCPUSeconds":{\(stages)}}
                """
        }
        print(
            "{\"benchmark\":\"scan\",\"runs\":\(runs),\"seed\":\(seed),\"results\":[\(objects.joined(separator: ","))]}"
        )
    }

    static func loadAverage() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(
            separator: " ")
    }
}

/// Process CPU time, for the in-process profile (one worker, so process time is that worker's time).
enum StageClock {
    static func cpu() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
