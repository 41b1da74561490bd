import Foundation
import LCKAnalyzers
import LCKRules

/// `lckmigrate-bench summaries`: the project model of issue 13 under doubling. A generated app of `files`
/// files, each with a perform handler that hands its action to a helper in the next file, which hands it
/// to one in the file after (so every file is a handler file and a helper file, and summaries cross files);
/// doubled four times. Prints the release scan's time and the model's work (worklist iterations, visited
/// statements, reached functions, helper files), and fails when a doubling costs more than `--limit` in
/// time or in work.
struct SummaryScalingBenchmark {
    var runs = 3
    var limit = 2.3
    var firstFiles = 500
    let directory = "/tmp/lckmigrate-bench/summaries"

    init(arguments: [String]) throws {
        var options = BenchArguments(arguments)
        while let argument = options.nextOption() {
            switch argument {
            case "--runs": runs = try options.positiveInt(of: argument)
            case "--files": firstFiles = try options.positiveInt(of: argument)
            default: throw BenchError.usage("unknown option \(argument)")
            }
        }
    }

    /// File `index` of `count`: a handler calling `relay<next>`, and `relay<index>`, `finish<index>`.
    static func source(_ index: Int, of count: Int) -> String {
        let next = (index + 1) % count
        return """
            import CallKit
            final class Delegate\(index): NSObject, CXProviderDelegate {
                func providerDidReset(_ provider: CXProvider) { calls.removeAll() }
                func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                    relay\(next)(action) { ok in print(ok) }
                }
            }
            func relay\(index)(_ action: CXAnswerCallAction, completion: @escaping (Bool) -> Void) {
                finish\((index + 2) % count)(action, completion: completion)
            }
            func finish\(index)(_ action: CXAnswerCallAction, completion: @escaping (Bool) -> Void) {
                guard action.callUUID != UUID() else { return }
                action.fulfill()
                completion(true)
            }

            """
    }

    func run() throws {
        let binary = ChildProcess.executableDirectory + "/lckmigrate"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchError.usage(
                "no lckmigrate next to the benchmark (\(binary)); run `swift build -c release` first")
        }
        let rules = try RuleLoader.loadBuiltin()
        print("project model under doubling (best of \(runs); limit \(limit)x; load \(ScanBenchmark.loadAverage()))")
        print("files   functions  seconds  ratio  iterations  visited  reached  helper files  work ratio")
        var previous: (seconds: Double, work: Int)?
        var failures: [String] = []
        for step in 0..<5 {
            let count = firstFiles << step
            let sources = (0..<count).map { Self.source($0, of: count) }
            let folder = directory + "/\(count)"
            try? FileManager.default.removeItem(atPath: folder)
            for (index, text) in sources.enumerated() {
                try ComplexityBenchmark.write(text, to: folder + "/F\(index).swift")
            }
            let arguments =
                ["scan", folder, "--format", "json", "--quiet", "--jobs", "2"] + ComplexityBenchmark.uncapped
            var seconds = Double.infinity
            for _ in 0...runs { seconds = min(seconds, try ChildProcess.run(binary, arguments).seconds) }
            let bytes = sources.map { Array($0.utf8) }
            let work = AnalyzerSuite(rules: rules).projectPass(fileCount: count, jobs: 2) { bytes[$0] }
                .suite.project.summaries.work
            let total = work.iterations + work.visitedStatements + work.reachedFunctions
            let ratio = previous.map { seconds / $0.seconds }
            let workRatio = previous.map { Double(total) / Double($0.work) }
            print(
                String(
                    format: "%-6d  %-9d  %-7.3f  %-5@  %-10d  %-7d  %-7d  %-12d  %@", count, count * 3, seconds,
                    (ratio.map { String(format: "%.2f", $0) } ?? "-") as NSString, work.iterations,
                    work.visitedStatements, work.reachedFunctions, work.helperFiles,
                    (workRatio.map { String(format: "%.2f", $0) } ?? "-") as NSString))
            if let ratio, ratio > limit { failures.append("time at \(count) files: \(String(format: "%.2f", ratio))x") }
            if let workRatio, workRatio > limit {
                failures.append("work at \(count) files: \(String(format: "%.2f", workRatio))x")
            }
            previous = (seconds, total)
        }
        try? FileManager.default.removeItem(atPath: directory)
        guard failures.isEmpty else { throw BenchError.usage("super-linear: " + failures.joined(separator: ", ")) }
        print("every doubling cost at most \(limit)x in time and in work")
    }
}
