import Foundation
import LCKLexer

/// `lckmigrate-bench lexer`: single-thread lexing throughput on a generated corpus, beside
/// the time `cat` needs to read the same bytes.
struct LexerBenchmark {
    var sizeMB = 24
    var runs = 5
    var json = false
    var seed: UInt64 = 0x5EED_CA11

    init(arguments: [String]) throws {
        var options = BenchArguments(arguments)
        while let argument = options.nextOption() {
            switch argument {
            case "--size-mb": sizeMB = try options.positiveInt(of: argument)
            case "--runs": runs = try options.positiveInt(of: argument)
            case "--seed": seed = try options.seed(of: argument)
            case "--json": json = true
            default: throw BenchError.usage("unknown option \(argument)")
            }
        }
    }

    func run() throws {
        let directory = "/tmp/lckmigrate-bench"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = "\(directory)/lexer-corpus-\(seed)-\(sizeMB)mb.swift"
        var generator = CorpusGenerator(seed: seed)
        let (corpus, fileStarts) = generator.generate(byteCount: sizeMB * 1_000_000)
        try Data(corpus).write(to: URL(fileURLWithPath: path))
        // The same bytes cut into ~16 KB files, the shape of a real project scan.
        let files: [[UInt8]] = fileStarts.indices.map { index in
            let end = index + 1 < fileStarts.count ? fileStarts[index + 1] : corpus.count
            return Array(corpus[fileStarts[index]..<end])
        }

        // One buffer: every run allocates (and the kernel zero-fills) fresh token arrays of ~100 MB.
        var bestLex = Double.infinity
        var tokenCount = 0
        var diagnosticCount = 0
        for _ in 0..<runs {
            let started = ContinuousClock.now
            let file = Lexer.tokenize(corpus)
            let seconds = Self.seconds(ContinuousClock.now - started)
            bestLex = min(bestLex, seconds)
            tokenCount = file.tokens.count
            diagnosticCount = file.diagnostics.count
        }
        var bestFiles = Double.infinity
        var fileTokenCount = 0
        for _ in 0..<runs {
            fileTokenCount = 0
            let started = ContinuousClock.now
            for bytes in files { fileTokenCount &+= Lexer.tokenize(bytes).tokens.count }
            bestFiles = min(bestFiles, Self.seconds(ContinuousClock.now - started))
        }
        var bestCat = Double.infinity
        for _ in 0..<runs {
            bestCat = min(bestCat, try Self.timeCat(path))
        }
        let megabytes = Double(corpus.count) / 1_000_000
        let lexRate = megabytes / bestLex
        let filesRate = megabytes / bestFiles
        let catRate = megabytes / bestCat
        if json {
            print(
                """
                {"benchmark":"lexer","bytes":\(corpus.count),"tokens":\(tokenCount),"diagnostics":\(diagnosticCount),\
                "runs":\(runs),"lexSeconds":\(bestLex),"lexMBps":\(lexRate),"files":\(files.count),\
                "filesTokens":\(fileTokenCount),"filesSeconds":\(bestFiles),"filesMBps":\(filesRate),\
                "catSeconds":\(bestCat),"catMBps":\(catRate),"corpus":"\(path)"}
                """)
        } else {
            print("corpus       \(path) (\(corpus.count) bytes, seed \(seed))")
            print("tokens       \(tokenCount), lexer diagnostics \(diagnosticCount)")
            print(
                String(
                    format: "lexer        %.3f s  %.1f MB/s  (one %d-byte buffer, best of %d, one thread)",
                    bestLex, lexRate, corpus.count, runs))
            print(
                String(
                    format: "lexer files  %.3f s  %.1f MB/s  (same bytes as %d files, best of %d, one thread)",
                    bestFiles, filesRate, files.count, runs))
            print(
                String(
                    format: "cat          %.3f s  %.1f MB/s  (/bin/cat file > /dev/null, incl. process start)",
                    bestCat, catRate))
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    /// Wall time of `/bin/cat path > /dev/null`.
    static func timeCat(_ path: String) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/cat")
        process.arguments = [path]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        let started = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        return seconds(ContinuousClock.now - started)
    }
}
