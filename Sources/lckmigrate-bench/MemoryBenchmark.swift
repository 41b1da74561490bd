import Foundation

/// `lckmigrate-bench memory`: peak RSS of the release `lckmigrate` scanning one file at several sizes, as a
/// multiple of the file's size, for ordinary app code and for token-dense input (`a,a,a,…`).
///
/// App code is generated (the `scan` benchmark's writer, all in one file) unless `--source FILE` gives
/// real code, which is repeated or cut (at a line end) to each size. The RSS of scanning an empty file
/// (process, rule table) is measured too and shown subtracted in the last column. Peak RSS is GNU time's
/// (`ChildProcess.runMeasuringRSS`).
struct MemoryBenchmark {
    var sizes = [10_000_000, 20_000_000, 50_000_000]
    var source: String?
    var seed = ScanCorpus.defaultSeed
    /// `--limit N`: exit non-zero when a row's peak RSS exceeds N bytes per input byte (issue 29's 16).
    var limit: Double?
    let directory = "/tmp/lckmigrate-bench/memory"
    /// Each row's peak RSS per input byte, for `--limit`.
    private let ratios = Ratios()

    private final class Ratios { var values: [Double] = [] }

    init(arguments: [String]) throws {
        var options = BenchArguments(arguments)
        while let argument = options.nextOption() {
            switch argument {
            case "--sizes":
                sizes = try options.list(of: argument, expected: "sizes such as 10MB,20MB") { text in
                    guard let bytes = Self.parseSize(text) else {
                        throw BenchError.usage("--sizes needs sizes such as 10MB or 512KB, not '\(text)'")
                    }
                    return bytes
                }
            case "--source": source = try options.value(of: argument, expected: "a Swift file")
            case "--seed": seed = try options.seed(of: argument)
            case "--limit":
                let text = try options.value(of: argument, expected: "bytes of peak RSS per input byte")
                guard let value = Double(text), value > 0 else {
                    throw BenchError.usage("--limit needs a positive number, not '\(text)'")
                }
                limit = value
            default: throw BenchError.usage("unknown option \(argument)")
            }
        }
    }

    /// `10MB`, `512KB`, `1000000` (decimal units: a megabyte is 1,000,000 bytes here).
    static func parseSize(_ text: String) -> Int? {
        let units: [(String, Int)] = [("GB", 1_000_000_000), ("MB", 1_000_000), ("KB", 1_000), ("", 1)]
        for (suffix, scale) in units where text.uppercased().hasSuffix(suffix) {
            guard let number = Double(text.dropLast(suffix.count)), number > 0 else { return nil }
            return Int(number * Double(scale))
        }
        return nil
    }

    func run() throws {
        let binary = ChildProcess.executableDirectory + "/lckmigrate"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchError.usage(
                "no lckmigrate next to the benchmark (\(binary)); run `swift build -c release` first")
        }
        let realCode = try source.map { path -> [UInt8] in
            guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else {
                throw BenchError.usage("--source \(path): cannot read it, or it is empty")
            }
            return [UInt8](data)
        }
        let empty = try measure([], binary: binary)
        print("lckmigrate memory (peak RSS of one scan of one file; empty file: \(empty / 1024) MB)")
        print("input               MB      peak RSS MB   RSS/size   (RSS - empty)/size")
        let appName = realCode == nil ? "generated app code" : "app code (--source)"
        for size in sizes {
            let bytes = realCode.map { Self.resized($0, to: size) } ?? HostileInputs.appFile(bytes: size, seed: seed)
            try report(appName, bytes, binary: binary, empty: empty)
        }
        for size in sizes {
            try report("token-dense", HostileInputs.tokenDense(bytes: size), binary: binary, empty: empty)
        }
        // Every line a finding (`CXProvider(configuration:)`, also a multiple_providers site): findings dominate.
        try report("finding-dense", Self.findingDense(bytes: sizes[0]), binary: binary, empty: empty)
        // 100 files of 512 KB, two workers: the run's caps on findings bound the total.
        let manyFiles = realCode.map { Self.resized($0, to: 512_000) } ?? Self.findingDense(bytes: 512_000)
        try report("100 files x 512 KB", manyFiles, copies: 100, binary: binary, empty: empty)
        try? FileManager.default.removeItem(atPath: directory)
        if let limit, let worst = ratios.values.max(), worst > limit {
            print(
                String(format: "FAIL: a row took %.2f bytes of peak RSS per input byte, over --limit %g", worst, limit))
            exit(1)
        }
    }

    /// `CXProvider(configuration: c);` on every line, about `size` bytes.
    static func findingDense(bytes size: Int) -> [UInt8] {
        let line = Array("CXProvider(configuration: c);\n".utf8)
        var result = Array("import CallKit\n".utf8)
        result.reserveCapacity(size + line.count)
        while result.count < size { result += line }
        return result
    }

    private func report(_ name: String, _ bytes: [UInt8], copies: Int = 1, binary: String, empty: Int) throws {
        let peak = try measure(bytes, copies: copies, binary: binary)
        let size = Double(bytes.count * copies)
        ratios.values.append(Double(peak) * 1024 / size)
        print(
            name.padding(toLength: 18, withPad: " ", startingAt: 0)
                + String(
                    format: "  %-6.1f  %-12d  %-9.2f  %.2f", size / 1e6, peak / 1024, Double(peak) * 1024 / size,
                    Double(peak - empty) * 1024 / size))
    }

    /// Peak RSS in kilobytes of `lckmigrate scan` over a folder holding `bytes` as its one file.
    /// `copies` > 1 writes that many files and scans them with `--jobs 2`.
    private func measure(_ bytes: [UInt8], copies: Int = 1, binary: String) throws -> Int {
        try? FileManager.default.removeItem(atPath: directory)
        for copy in 0..<copies {
            try ComplexityBenchmark.write(bytes, to: directory + "/src/File\(copy == 0 ? "" : String(copy)).swift")
        }
        var arguments = ["scan", directory + "/src", "--format", "json", "--quiet", "--max-file-size", "2GB"]
        if copies > 1 { arguments += ["--jobs", "2"] }
        let measured = try ChildProcess.runMeasuringRSS(binary, arguments)
        guard measured.status <= 1 else { throw BenchError.usage("lckmigrate exited \(measured.status)") }
        return measured.peakRSSKilobytes
    }

    /// `bytes` repeated or cut to about `size` bytes, ending at a line end.
    static func resized(_ bytes: [UInt8], to size: Int) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(size + bytes.count)
        while result.count < size { result += bytes }
        result.removeSubrange(size...)
        if let lastNewline = result.lastIndex(of: 0x0A) { result.removeSubrange((lastNewline + 1)...) }
        return result
    }
}
