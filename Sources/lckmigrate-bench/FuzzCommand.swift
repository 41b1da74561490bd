import Foundation
import LCKCore
import LCKMigrateKit
import LCKReporters
import LCKRules

/// `lckmigrate-bench fuzz --seconds N`: the long mode of the fuzz tests. Feeds random bytes and
/// mutated Samples/ files (byte flips, truncations, splices) and issue 15's hostile shapes (`HostileInputs`)
/// through the whole pipeline, both machine-readable reporters and the HTML report until time runs out; stops at the first crash (the process dies with the
/// input left in its `/tmp/lckmigrate-bench/fuzz-PID/Input.swift`, and on a terminal its seed on screen)
/// or invalid report (the input is kept and named).
struct FuzzCommand {
    var seconds = 60.0
    var seed: UInt64 = 1
    var samplesDirectory = "Samples"

    init(arguments: [String]) throws {
        var options = BenchArguments(arguments)
        while let argument = options.nextOption() {
            switch argument {
            case "--seconds":
                let text = try options.value(of: argument, expected: "a positive number")
                guard let value = Double(text), value > 0 else {
                    throw BenchError.usage("--seconds needs a positive number, not '\(text)'")
                }
                seconds = value
            case "--seed": seed = try options.seed(of: argument)
            case "--samples": samplesDirectory = try options.value(of: argument, expected: "a folder")
            default: throw BenchError.usage("unknown option \(argument)")
            }
        }
    }

    func run() throws {
        let samples = try loadSamples()
        let directory = "/tmp/lckmigrate-bench/fuzz-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var random = SplitMix64(seed: seed)
        var iterations = 0
        var bytesFed = 0
        let onTerminal = isatty(2) == 1
        while ContinuousClock.now < deadline {
            let iterationSeed = random.next()
            var local = SplitMix64(seed: iterationSeed)
            let input = FuzzMutator.input(samples: samples, random: &local)
            let path = directory + "/Input.swift"
            try Data(input).write(to: URL(fileURLWithPath: path))
            // On a terminal the seed of every input is shown as it runs; in a log, one line per 1,000 inputs.
            // Either way a crash leaves this input in `path` (the folder is removed only on a normal end).
            if onTerminal {
                FileHandle.standardError.write(Data("\r\(iterations) inputs, seed \(iterationSeed)   ".utf8))
            } else if iterations % 1_000 == 0 {
                FileHandle.standardError.write(Data("\(iterations) inputs, current input \(path)\n".utf8))
            }
            let request = ScanRequest(paths: [path], currentDirectory: directory, jobs: 1)
            let report = ScanPipeline.run(request)
            for format in [ReportFormat.json, .sarif] {
                let rendered = format.reporter.render(report)
                guard (try? JSONSerialization.jsonObject(with: Data(rendered))) != nil else {
                    let kept = "/tmp/lckmigrate-bench/fuzz-failure-\(iterationSeed).swift"
                    try Data(input).write(to: URL(fileURLWithPath: kept))
                    throw BenchError.usage(
                        "\(format.rawValue) report is not valid JSON for seed \(iterationSeed); input kept at \(kept)")
                }
            }
            try checkHTML(report, path: path, directory: directory, input: input, seed: iterationSeed)
            iterations += 1
            bytesFed += input.count
        }
        print(
            "\nfuzz: \(iterations) inputs, \(bytesFed) bytes, seed \(seed): no crash, every JSON and SARIF report valid, every HTML report whole"
        )
    }

    /// The HTML migration report of the same scan must be one whole document.
    private func checkHTML(_ report: ScanReport, path: String, directory: String, input: [UInt8], seed: UInt64) throws {
        let files = FileDiscovery.discover(paths: [path], currentDirectory: directory, options: DiscoveryOptions())
            .files
        let migration = try? MigrationReportBuilder.build(scan: report, files: files, rules: BuiltinRuleTable.table)
        let html = migration.map { HTMLMigrationReport().render($0) } ?? []
        guard html.count > 100, String(decoding: html.suffix(16), as: UTF8.self).contains("</html>") else {
            let kept = "/tmp/lckmigrate-bench/fuzz-failure-\(seed).swift"
            try Data(input).write(to: URL(fileURLWithPath: kept))
            throw BenchError.usage("html report is incomplete for seed \(seed); input kept at \(kept)")
        }
    }

    private func loadSamples() throws -> [[UInt8]] {
        guard let enumerator = FileManager.default.enumerator(atPath: samplesDirectory) else {
            throw BenchError.usage(
                "no Samples folder at \(samplesDirectory); run from the package root or pass --samples")
        }
        var samples: [[UInt8]] = []
        for case let relative as String in enumerator where relative.hasSuffix(".swift") {
            if let data = FileManager.default.contents(atPath: samplesDirectory + "/" + relative) {
                samples.append(Array(data))
            }
        }
        guard !samples.isEmpty else { throw BenchError.usage("no .swift files under \(samplesDirectory)") }
        return samples.sorted { $0.lexicographicallyPrecedes($1) }
    }
}

/// Builds one fuzz input: random bytes, or a sample with byte flips, a truncation or a splice.
enum FuzzMutator {
    static func input(samples: [[UInt8]], random: inout SplitMix64) -> [UInt8] {
        var bytes = random.pick(samples)
        switch random.below(6) {
        case 5:
            return hostile(random: &random)
        case 0:
            return (0..<random.below(4096)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        case 1:
            for _ in 0..<(1 + random.below(16)) where !bytes.isEmpty {
                bytes[random.below(bytes.count)] = UInt8(truncatingIfNeeded: random.next())
            }
        case 2:
            bytes = Array(bytes.prefix(random.below(bytes.count + 1)))
        case 3:
            let other = random.pick(samples)
            let cut = random.below(bytes.count + 1)
            let from = random.below(other.count + 1)
            bytes = Array(bytes[..<cut]) + Array(other[from...])
        default:
            let tokens = [
                "{", "}", "(", ")", "\"", "\"\"\"", "#\"", "/*", "*/", "#if X\n", "#endif\n", "\\(", "/", "#/", "<",
                ">", "`", "@", "\n", "\u{0}", "é",
            ]
            for _ in 0..<(1 + random.below(32)) {
                let at = random.below(bytes.count + 1)
                bytes.insert(contentsOf: Array(random.pick(tokens).utf8), at: at)
            }
        }
        return bytes
    }

    /// One of issue 15's hostile shapes at a random size: findings on one line, stacked directives,
    /// nested closures in a handler, a line of `<` after a finding.
    static func hostile(random: inout SplitMix64) -> [UInt8] {
        let size = 1 + random.below(3_000)
        switch random.below(5) {
        case 0: return Array(HostileInputs.findingLine(size).utf8)
        case 1: return Array(HostileInputs.stackedDirectives(size).utf8)
        case 2: return Array(HostileInputs.nestedHandler(size).utf8)
        case 3: return Array(HostileInputs.nestedHandler(size, bare: true).utf8)
        default: return Array(HostileInputs.longAngleLine(size * 30).utf8)
        }
    }
}
