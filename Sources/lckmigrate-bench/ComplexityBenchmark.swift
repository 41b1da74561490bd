import Foundation

/// `lckmigrate-bench complexity`: doubles each hostile input of issues 15 and 29 four times, one factor
/// at a time, runs the release `lckmigrate` on it (best of `--runs`, taken round by round over the five sizes)
/// and fails when a doubling costs more than `--limit` times the previous size (2.3 by default): every
/// stage must stay linear.
///
/// The first size of each shape is large enough that process start-up (about 12 ms) is a small part of
/// the time; caps on findings are lifted so the work really doubles.
struct ComplexityBenchmark {
    var runs = 5
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
        /// Sizes measured, doubling from `firstSize`.
        var steps = 5
        /// Writes the input for `size` under `folder` and returns the `lckmigrate` arguments.
        var prepare: @Sendable (_ size: Int, _ folder: String) throws -> [String]

        init(
            name: String, unit: String, firstSize: Int, steps: Int = 5,
            prepare: @escaping @Sendable (_ size: Int, _ folder: String) throws -> [String]
        ) {
            self.name = name
            self.unit = unit
            self.firstSize = firstSize
            self.steps = steps
            self.prepare = prepare
        }
    }

    static let uncapped = [
        "--max-file-size", "1GB", "--max-file-findings", "100000000", "--max-findings", "100000000",
    ]

    static let shapes = issue15Shapes + handlerShapes

    static let issue15Shapes: [Shape] = [
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
        Shape(name: "stored-properties", unit: "stored properties in one class", firstSize: 8_000) { size, folder in
            try write(AppCodeInputs.storedProperties(size), to: folder + "/Settings.swift")
            return ["scan", folder, "--format", "json", "--quiet"] + uncapped
        },
        Shape(name: "callmanager", unit: "bytes of CallManager.swift repeated", firstSize: 1_000_000) { size, folder in
            let manager = [UInt8](
                try Data(
                    contentsOf: URL(
                        fileURLWithPath: AppCodeInputs.samplesDirectory + "/CrossFileHelpers/CallManager.swift")))
            try write(AppCodeInputs.repeated(manager, toBytes: size), to: folder + "/CallManager.swift")
            return ["scan", folder, "--format", "json", "--quiet"] + uncapped
        },
        Shape(name: "samples-apps", unit: "bytes per Samples/ app file", firstSize: 2_000_000, steps: 4) {
            size, folder in
            try AppCodeInputs.writeSampleApps(bytes: size, to: folder)
            return ["scan", folder, "--format", "json", "--quiet"] + uncapped
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
            let sizes = (0..<shape.steps).map { shape.firstSize << $0 }
            let measured = try measure(shape, sizes: sizes, binary: binary)
            for (step, size) in sizes.enumerated() {
                let seconds = measured[step]
                let ratio = step == 0 ? nil : seconds.cpuSeconds / measured[step - 1].cpuSeconds
                let ratioText = ratio.map { String(format: "%.2f", $0) } ?? "-"
                let name = shape.name.padding(toLength: 18, withPad: " ", startingAt: 0)
                let ratioColumn = ratioText.padding(toLength: 6, withPad: " ", startingAt: 0)
                let again = seconds.confirmationRounds > 0 ? "  (\(seconds.confirmationRounds) more rounds)" : ""
                print(
                    name
                        + String(format: "  %-9d  %-8.3f  ", size, seconds.cpuSeconds) + ratioColumn
                        + String(format: "  %-8.3f", seconds.seconds) + "  \(seconds.peakRSSKilobytes / 1024) MB"
                        + again)
                if let ratio, ratio > limit {
                    failures.append("\(shape.name) at \(size): \(String(format: "%.2f", ratio))x")
                }
            }
        }
        try? FileManager.default.removeItem(atPath: directory)
        guard failures.isEmpty else {
            throw BenchError.usage("super-linear: " + failures.joined(separator: ", "))
        }
        print("every doubling cost at most \(limit)x")
    }

    /// Best CPU time (and best wall time) of `runs` runs per size, after one untimed warm-up per size that
    /// gives the peak RSS (through GNU time: see `ChildProcess.runMeasuringRSS`). CPU time is what a doubling
    /// is judged by, and each round runs every size once: on a shared machine a busy spell slows whatever
    /// runs during it, and taken size by size it could slow every run of one size and none of the next. A
    /// doubling still over the limit gets up to `2 * runs` more rounds of its two sizes.
    private func measure(_ shape: Shape, sizes: [Int], binary: String) throws -> [ChildProcess.Measurement] {
        let errors = directory + "/stderr.txt"
        var arguments: [[String]] = []
        var best: [ChildProcess.Measurement] = []
        for size in sizes {
            let folder = directory + "/\(shape.name)-\(size)"
            try? FileManager.default.removeItem(atPath: folder)
            arguments.append(try shape.prepare(size, folder))
            var warmUp = try ChildProcess.runMeasuringRSS(binary, arguments.last!, errorPath: errors)
            guard warmUp.status <= 1 else {
                let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
                throw BenchError.usage("\(shape.name) at \(size): lckmigrate exited \(warmUp.status): \(text)")
            }
            warmUp.seconds = .infinity
            warmUp.cpuSeconds = .infinity
            best.append(warmUp)
        }
        func measureRound(_ indices: [Int]) throws {
            for index in indices {
                let measured = try ChildProcess.run(binary, arguments[index])
                best[index].seconds = min(best[index].seconds, measured.seconds)
                best[index].cpuSeconds = min(best[index].cpuSeconds, measured.cpuSeconds)
            }
        }
        for _ in 0..<runs { try measureRound(Array(sizes.indices)) }
        // A doubling over the limit is measured again, both sizes in turn, before it counts: a super-linear
        // step stays over it, a busy spell during its runs does not.
        for step in sizes.indices.dropFirst() {
            var extraRounds = 0
            while best[step].cpuSeconds / best[step - 1].cpuSeconds > limit, extraRounds < 2 * runs {
                try measureRound([step - 1, step])
                extraRounds += 1
            }
            if extraRounds > 0 { best[step].confirmationRounds = extraRounds }
        }
        for size in sizes { try? FileManager.default.removeItem(atPath: directory + "/\(shape.name)-\(size)") }
        return best
    }
}
