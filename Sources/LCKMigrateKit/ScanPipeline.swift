import Dispatch
import LCKCore
import LCKLexer
import Synchronization

/// Runs a scan: discover → (per file, in parallel) read → lex → analyze → locate → collect → sort.
///
/// Ordering constraints: `locate` needs the file's line table, so it runs while the bytes are still
/// held; sorting runs once at the end with `Finding.reportOrder`, which makes the report
/// independent of `jobs` and of which worker finished first. A file's bytes are dropped as soon
/// as its findings are located, so memory follows the largest file, not the whole tree.
public enum ScanPipeline {
    public static func run(_ request: ScanRequest) -> ScanReport {
        let discovery = FileDiscovery.discover(
            paths: request.paths, currentDirectory: request.currentDirectory, options: request.discovery)
        return run(files: discovery.files, problems: discovery.problems, request: request)
    }

    /// Scans an already discovered file list (`problems` are carried into the report).
    public static func run(files: [DiscoveredFile], problems: [FileProblem] = [], request: ScanRequest) -> ScanReport {
        let state = SharedScanState()
        let workers = max(1, min(request.jobs, files.count))
        let analyzer = request.analyzer
        let progress = request.progress
        let stageTimes = request.stageTimes
        let total = files.count
        let work: @Sendable (Int) -> Void = { _ in
            var local = FileOutcome()
            while true {
                let index = state.nextIndex.add(1, ordering: .relaxed).oldValue
                guard index < total else { break }
                scanOne(files[index], analyzer: analyzer, stageTimes: stageTimes, into: &local)
                if let progress {
                    let done = state.completed.add(1, ordering: .relaxed).newValue
                    progress(ScanProgress(completed: done, total: total, path: files[index].displayPath))
                }
            }
            state.outcome.withLock { $0.merge(local) }
        }
        if workers == 1 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: workers, execute: work)
        }
        let outcome = state.outcome.withLock { $0 }
        return ScanReport(
            findings: outcome.findings.sorted(by: Finding.reportOrder),
            rules: request.rules,
            filesScanned: outcome.filesScanned,
            filesWithCallKit: outcome.filesWithCallKit,
            linesScanned: outcome.linesScanned,
            problems: FileDiscovery.sortedProblems(problems + outcome.problems),
            rulesFingerprint: request.rulesFingerprint
        )
    }

    private static func scanOne(
        _ file: DiscoveredFile, analyzer: any FileAnalyzer, stageTimes: StageTimes?, into outcome: inout FileOutcome
    ) {
        var stopwatch = StageStopwatch(stageTimes)
        defer { stopwatch.submit() }
        let bytes: [UInt8]
        switch SourceReader.read(file) {
        case .failure(let error):
            outcome.problems.append(error.problem)
            return
        case .success(let read):
            bytes = read
        }
        stopwatch.lap(.read)
        let lines = LineTable(bytes)
        let tokenized = Lexer.tokenize(bytes)
        stopwatch.lap(.lex)
        var findings = analyzer.analyze(path: file.displayPath, file: tokenized)
        stopwatch.lap(.analyze)
        var hasMapping = false
        for index in findings.indices {
            findings[index].locate(path: file.displayPath, lines: lines)
            if findings[index].mappingKind != nil { hasMapping = true }
        }
        outcome.findings.append(contentsOf: findings)
        outcome.filesScanned += 1
        outcome.linesScanned += SourceReader.lineCount(bytes, table: lines)
        if hasMapping { outcome.filesWithCallKit += 1 }
        stopwatch.lap(.finish)
    }
}

/// Per-worker results, merged once per worker so the lock is taken rarely.
private struct FileOutcome: Sendable {
    var findings: [Finding] = []
    var problems: [FileProblem] = []
    var filesScanned = 0
    var filesWithCallKit = 0
    var linesScanned = 0

    mutating func merge(_ other: FileOutcome) {
        findings.append(contentsOf: other.findings)
        problems.append(contentsOf: other.problems)
        filesScanned += other.filesScanned
        filesWithCallKit += other.filesWithCallKit
        linesScanned += other.linesScanned
    }
}

/// The only state workers share: the next file index, a progress counter and the merged results.
private final class SharedScanState: Sendable {
    let nextIndex = Atomic<Int>(0)
    let completed = Atomic<Int>(0)
    let outcome = Mutex(FileOutcome())
}
