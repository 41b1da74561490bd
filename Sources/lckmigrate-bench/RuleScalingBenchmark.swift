import Foundation

/// `lckmigrate-bench rules`: the same corpus scanned with the built-in table plus N generated mapping
/// rules, to show that per-file work does not grow with the size of the rule table.
///
/// The generated rules use every match kind (type, initializer, member, delegate method, enum case) and
/// names that never occur in the corpus, so findings stay the same and any time that grows with N is the
/// cost of having the rules, not of reporting more. Each N is also timed on one tiny file: that is the
/// fixed cost (loading and indexing the table); the rest of the scan time is the per-file work.
struct RuleScalingBenchmark {
    var lines = 1_000_000
    var extraCounts = [0, 1_000, 10_000]
    var runs = 3
    var json = false
    /// The `scan` benchmark's corpus, reused when it is already on disk.
    let seed = ScanCorpus.defaultSeed

    init(arguments: [String]) throws {
        var options = BenchArguments(arguments)
        while let argument = options.nextOption() {
            switch argument {
            case "--lines":
                lines = try ScanBenchmark.lineCount(options.value(of: argument, expected: "100k, 1M or a number"))
            case "--extra":
                extraCounts = try options.list(of: argument, expected: "counts such as 0,1000,10000") { part in
                    guard let value = Int(part), value >= 0 else { throw BenchError.usage("bad rule count '\(part)'") }
                    return value
                }
            case "--runs": runs = try options.positiveInt(of: argument)
            case "--json": json = true
            default: throw BenchError.usage("unknown option \(argument)")
            }
        }
    }

    struct Row {
        var extraRules = 0
        /// Wall seconds for one tiny file: process start, rule loading and indexing.
        var setupSeconds = 0.0
        var scanSeconds = 0.0
        var findings = 0
        var perFileSeconds: Double { scanSeconds - setupSeconds }
    }

    func run() throws {
        let binary = ChildProcess.executableDirectory + "/lckmigrate"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchError.usage(
                "no lckmigrate next to the benchmark (\(binary)); run `swift build -c release` first")
        }
        let corpus = ScanCorpus(lines: lines, seed: seed)
        if !json { FileHandle.standardError.write(Data("generating/reusing \(corpus.directory)\n".utf8)) }
        let summary = try corpus.materialize()
        let tinyFile = "/tmp/lckmigrate-bench/rules-tiny/Tiny.swift"
        try FileManager.default.createDirectory(
            atPath: "/tmp/lckmigrate-bench/rules-tiny", withIntermediateDirectories: true)
        try Data("let greeting = \"hello\"\n".utf8).write(to: URL(fileURLWithPath: tinyFile))
        var rows: [Row] = []
        for count in extraCounts {
            let rulesDirectory = try Self.writeRules(count: count)
            let ruleArguments = count == 0 ? [] : ["--rules", rulesDirectory]
            let outputPath = "/tmp/lckmigrate-bench/rules-scan.json"
            var row = Row(extraRules: count)
            var setup = Double.infinity
            var scan = Double.infinity
            // Warm-up: one untimed scan so the file cache is filled before the timed runs.
            _ = try ChildProcess.run(binary, ["scan", corpus.directory, "--quiet", "--jobs", "2"] + ruleArguments)
            for _ in 0..<runs {
                setup = min(setup, try ChildProcess.run(binary, ["scan", tinyFile, "--quiet"] + ruleArguments).seconds)
                let measured = try ChildProcess.run(
                    binary,
                    ["scan", corpus.directory, "--format", "json", "--quiet", "--jobs", "2", "--output", outputPath]
                        + ruleArguments)
                guard measured.status <= 1 else {
                    throw BenchError.usage("scan with \(count) extra rules exited \(measured.status)")
                }
                scan = min(scan, measured.seconds)
            }
            row.setupSeconds = setup
            row.scanSeconds = scan
            row.findings = try Self.findingCount(outputPath)
            rows.append(row)
        }
        json ? printJSON(rows, summary: summary) : printTable(rows, summary: summary)
    }

    /// A rules folder with `count` generated mapping rules (empty for 0), cycling through the match kinds.
    static func writeRules(count: Int) throws -> String {
        let directory = "/tmp/lckmigrate-bench/rules-\(count)"
        try FileManager.default.createDirectory(atPath: directory + "/mappings", withIntermediateDirectories: true)
        var entries: [String] = []
        for index in 0..<count {
            let type = "ZqLegacyCall\(index / 5)"
            let match: String
            switch index % 5 {
            case 0: match = #"{"type": "\#(type)"}"#
            case 1: match = #"{"initializer": "\#(type)", "labels": ["zqIdentifier"]}"#
            case 2: match = #"{"member": "zqMember\#(index)", "receiverTypes": ["\#(type)"]}"#
            case 3:
                match =
                    #"{"delegateMethod": "zqCallback\#(index)(_:didChange:)", "parameterTypes": ["\#(type)", "String"]}"#
            default: match = #"{"enumCase": "zqCase\#(index)", "enumType": "\#(type)State"}"#
            }
            entries.append(
                """
                {"id": "zq_generated_\(index)", "symbol": "ZqSymbol\(index)", "replacement": "ZqReplacement\(index)",
                 "mappingKind": "rename", "area": "provider", "severity": "note", "title": "Generated rule \(index)",
                 "note": "A generated rule for the rule-scaling benchmark.", "match": \(match)}
                """)
        }
        let text = "{\"entries\": [\n" + entries.joined(separator: ",\n") + "\n]}\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/mappings/generated.json"))
        return directory
    }

    static func findingCount(_ path: String) throws -> Int {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let document = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let findings = document["findings"] as? [Any]
        else { throw BenchError.usage("\(path) is not a scan report") }
        return findings.count
    }

    private func printTable(_ rows: [Row], summary: ScanCorpus.Summary) {
        print(
            "lckmigrate rule-table scaling (best of \(runs); --jobs 2; \(summary.lines) lines, \(summary.files) files; load \(ScanBenchmark.loadAverage()))"
        )
        print("extra rules  setup s (1 tiny file)  scan s   scan - setup s  per-file work vs. 0  findings")
        let base = rows.first { $0.extraRules == 0 }?.perFileSeconds
        for row in rows {
            let relative = base.map { String(format: "%.2f x", row.perFileSeconds / $0) } ?? "-"
            print(
                String(
                    format: "%-11d  %-21.3f  %-7.3f  %-14.3f  %-19@  %d",
                    row.extraRules, row.setupSeconds, row.scanSeconds, row.perFileSeconds, relative, row.findings))
        }
    }

    private func printJSON(_ rows: [Row], summary: ScanCorpus.Summary) {
        let objects = rows.map { row in
            "{\"extraRules\":\(row.extraRules),\"setupSeconds\":\(row.setupSeconds),\"scanSeconds\":\(row.scanSeconds),"
                + "\"perFileSeconds\":\(row.perFileSeconds),\"findings\":\(row.findings)}"
        }
        print(
            "{\"benchmark\":\"rules\",\"lines\":\(summary.lines),\"runs\":\(runs),\"results\":[\(objects.joined(separator: ","))]}"
        )
    }
}
