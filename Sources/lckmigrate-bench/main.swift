// Release-build benchmarks: `swift run -c release lckmigrate-bench <benchmark> [options]`.
import Foundation

enum BenchError: Error {
    case usage(String)
}

let usage = """
    usage: lckmigrate-bench <benchmark> [options]
      lexer [--size-mb N] [--runs N] [--seed N] [--json]   lexing throughput vs. cat
      scan [--lines 100k|1M|5M[,...]] [--runs N] [--seed N] [--callkit-free] [--corpus DIR]... [--json]
                                                        end-to-end `lckmigrate scan` vs. cat, stages, RSS
      rules [--lines N] [--extra 0,1000,10000] [--runs N] [--json]
                                                        scan time with N generated rules added to the table
      fuzz [--seconds N] [--seed N]                     random and mutated input through the whole pipeline
      complexity [--runs N] [--limit 2.3] [--only SHAPE,...]
                                                        doubles each hostile input four times; fails if super-linear
      summaries [--files N] [--runs N]                  doubles a cross-file helper project four times: time and
                                                        the project model's work; fails if super-linear
      memory [--sizes 10MB,20MB,50MB] [--source FILE] [--seed N] [--limit 16]
                                                        peak RSS per byte of one file: app code and token-dense input
    """

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "lexer":
        try LexerBenchmark(arguments: Array(arguments.dropFirst())).run()
    case "scan":
        try ScanBenchmark(arguments: Array(arguments.dropFirst())).run()
    case "rules":
        try RuleScalingBenchmark(arguments: Array(arguments.dropFirst())).run()
    case "complexity":
        try ComplexityBenchmark(arguments: Array(arguments.dropFirst())).run()
    case "summaries":
        try SummaryScalingBenchmark(arguments: Array(arguments.dropFirst())).run()
    case "memory":
        try MemoryBenchmark(arguments: Array(arguments.dropFirst())).run()
    case "fuzz":
        try FuzzCommand(arguments: Array(arguments.dropFirst())).run()
    default:
        print(usage)
        exit(arguments.isEmpty ? 0 : 64)
    }
} catch BenchError.usage(let message) {
    FileHandle.standardError.write(Data("lckmigrate-bench: \(message)\n\(usage)\n".utf8))
    exit(64)
}
