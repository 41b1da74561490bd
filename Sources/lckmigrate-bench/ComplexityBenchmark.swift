import Foundation

/// `lckmigrate-bench complexity`: doubles each hostile input of issue 15 four times, one factor at a
/// time, runs the release `lckmigrate` on it (best of `--runs`) and fails when a doubling costs more than
/// `--limit` times the previous size (2.3 by default): every stage must stay linear.
///
/// The first size of each shape is large enough that process start-up (about 12 ms) is a small part of
/// the time; caps on findings are lifted so the work really doubles.
struct ComplexityBenchmark {
    var runs = 3
    var limit = 2.3
    var only: Set<String>?
    let directory = "/tmp/lckmigrate-bench/complexity"

    init(arguments: [String]) throws {
        var options = BenchArguments(arguments)
        while let argument = options.nextOption() {
            switch argument {
            case "--runs": runs = try options.positiveInt(of: argument)
            case "--limit":
                let text = try options.value(of: argument, expected: "a ratio such as 2.3")
                guard let value = Double(text), value > 1 else {
                    throw BenchError.usage("--limit needs a ratio above 1, not '\(text)'")
                }
                limit = value
            case "--only":
                only = Set(try options.list(of: argument, expected: "shape names") { $0 })
            default: throw BenchError.usage("unknown option \(argument)")
            }
        }
    }

    /// One hostile input: how to write it at `size` and the arguments that scan it.
    struct Shape: Sendable {
        var name: String
        var unit: String
        var firstSize: Int
        /// Writes the input for `size` under `folder` and returns the `lckmigrate` arguments.
        var prepare: @Sendable (_ size: Int, _ folder: String) throws -> [String]
    }

    static let uncapped = [
        "--max-file-size", "1GB", "--max-file-findings", "100000000", "--max-findings", "100000000",
    ]

    static let shapes: [Shape] = [
        Shape(name: "finding-line", unit: "findings on one line", firstSize: 10_000) { size, folder in
            try write(HostileInputs.findingLine(size), to: folder + "/Line.swift")
            return ["scan", folder, "--format", "sarif", "--quiet"] + uncapped
        },
        Shape(name: "stacked-directives", unit: "directive lines", firstSize: 25_000) { size, folder in
            try write(HostileInputs.stackedDirectives(size), to: folder + "/Stacked.swift")
            return ["scan", folder, "--format", "json", "--quiet"] + uncapped
        },
        Shape(name: "nested-handler", unit: "nested closures", firstSize: 10_000) { size, folder in
            try write(HostileInputs.nestedHandler(size), to: folder + "/Nested.swift")
            return ["scan", folder, "--format", "json", "--quiet"] + uncapped
        },
        Shape(name: "html-line", unit: "`<` after a finding", firstSize: 250_000) { size, folder in
            try write(HostileInputs.longAngleLine(size), to: folder + "/Angles.swift")
            return ["report", folder, "--format", "html", "--quiet"]
        },
        Shape(name: "files", unit: "files", firstSize: 1_000) { size, folder in
            for index in 0..<size {
                try write(HostileInputs.smallCallKitFile(index), to: folder + "/F\(index).swift")
            }
            return ["scan", folder, "--format", "json", "--quiet", "--jobs", "1"]
        },
        Shape(name: "rules", unit: "rules (fixed matches)", firstSize: 2_000) { size, folder in
            try write(HostileInputs.rulePack(size, matching: false), to: folder + "/rules/mappings/pack.json")
            try write(HostileInputs.smallCallKitFile(0), to: folder + "/src/Calls.swift")
            return ["scan", folder + "/src", "--rules", folder + "/rules", "--format", "json", "--quiet"]
        },
        Shape(name: "large-file", unit: "bytes of app code in one file", firstSize: 2_000_000) { size, folder in
            try write(HostileInputs.appFile(bytes: size), to: folder + "/App.swift")
            return ["scan", folder, "--format", "json", "--quiet"] + uncapped
        },
        Shape(name: "same-names", unit: "call boxes with the same members", firstSize: 2_000) { size, folder in
            try write(HostileInputs.sameNames(size), to: folder + "/Boxes.swift")
            return ["scan", folder, "--format", "json", "--quiet"] + uncapped
        },
        Shape(name: "matches", unit: "lines matching 8 rules", firstSize: 10_000) { size, folder in
            try write(HostileInputs.rulePack(8, matching: true), to: folder + "/rules/mappings/pack.json")
            try write(HostileInputs.memberCalls(size), to: folder + "/src/Calls.swift")
            return ["scan", folder + "/src", "--rules", folder + "/rules", "--format", "json", "--quiet"] + uncapped
        },
    ]

    static func write(_ text: String, to path: String) throws { try write(Array(text.utf8), to: path) }

    static func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func run() throws {
        let binary = ChildProcess.executableDirectory + "/lckmigrate"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchError.usage(
                "no lckmigrate next to the benchmark (\(binary)); run `swift build -c release` first")
        }
        print(
            "lckmigrate complexity (best of \(runs); a doubling may cost at most \(limit)x in CPU time; load "
                + "\(ScanBenchmark.loadAverage()))"
        )
        print("shape               size       CPU s     ratio   wall s    peak RSS")
        var failures: [String] = []
        for shape in Self.shapes where only?.contains(shape.name) ?? true {
            var previous: Double?
            for step in 0..<5 {
                let size = shape.firstSize << step
                let seconds = try measure(shape, size: size, binary: binary)
                let ratio = previous.map { seconds.cpuSeconds / $0 }
                let ratioText = ratio.map { String(format: "%.2f", $0) } ?? "-"
                let name = shape.name.padding(toLength: 18, withPad: " ", startingAt: 0)
                let ratioColumn = ratioText.padding(toLength: 6, withPad: " ", startingAt: 0)
                print(
                    name
                        + String(format: "  %-9d  %-8.3f  ", size, seconds.cpuSeconds) + ratioColumn
                        + String(format: "  %-8.3f", seconds.seconds) + "  \(seconds.peakRSSKilobytes / 1024) MB")
                if let ratio, ratio > limit {
                    failures.append("\(shape.name) at \(size): \(String(format: "%.2f", ratio))x")
                }
                previous = seconds.cpuSeconds
            }
        }
        try? FileManager.default.removeItem(atPath: directory)
        guard failures.isEmpty else {
            throw BenchError.usage("super-linear: " + failures.joined(separator: ", "))
        }
        print("every doubling cost at most \(limit)x")
    }

    /// Best CPU time (and best wall time) of `runs` runs, after one untimed warm-up that gives the peak RSS
    /// (through GNU time: see `ChildProcess.runMeasuringRSS`). CPU time is what a doubling is judged by: on
    /// a shared machine the wall time of one run can double with the load, the work done cannot.
    private func measure(_ shape: Shape, size: Int, binary: String) throws -> ChildProcess.Measurement {
        let folder = directory + "/\(shape.name)"
        try? FileManager.default.removeItem(atPath: folder)
        let arguments = try shape.prepare(size, folder)
        let errors = directory + "/stderr.txt"
        var best = try ChildProcess.runMeasuringRSS(binary, arguments, errorPath: errors)
        guard best.status <= 1 else {
            let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            throw BenchError.usage("\(shape.name) at \(size): lckmigrate exited \(best.status): \(text)")
        }
        best.seconds = .infinity
        best.cpuSeconds = .infinity
        for _ in 0..<runs {
            let measured = try ChildProcess.run(binary, arguments)
            best.seconds = min(best.seconds, measured.seconds)
            best.cpuSeconds = min(best.cpuSeconds, measured.cpuSeconds)
        }
        return best
    }
}
