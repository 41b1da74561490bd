import Dispatch
import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKProjectModel
import Synchronization

/// Runs a scan. Stage order, and why:
///
///  1. discover  – paths → sorted file list (FileDiscovery; include/exclude already applied by the caller).
///  Per file, in parallel: the project pre-pass (`AnalyzerSuite.projectPass`) reads each file once,
///     learns the project's declarations from the files naming table types, and marks the files that
///     spell none of the prefilter's names: those are counted (files, lines) and go no further.
///  Per relevant file, in parallel, while the file's bytes are held (memory follows the largest file):
///  2. read      – bytes, strict UTF-8 check.
///  3. lex       – tokens and trivia.
///  4. analyze   – the `AnalyzerSuite` (after its project pre-pass over all files); byte ranges only.
///  5. suppress  – `// lckmigrate:` directives from comment trivia mark findings `.inSource` and add
///                 `unused_suppression`/`suppression_without_reason` findings; needs trivia and lines,
///                 and runs before `policy` so a directive for a disabled rule does not look unused.
///  6. policy    – drop disabled rules, apply severity overrides (also to the stage-5 findings); then the
///                 file's role (`FileRoleClassifier`): anti-pattern findings of a role the request does
///                 not check are dropped, the others carry the role.
///  7. locate    – path, line, column (UTF-8 and UTF-16) from the line table.
///  8. fingerprint – hash of the normalized line and enclosing declaration (needs bytes and lines).
///  9. sort      – the file's findings in `Finding.reportOrder`; identical findings then get ranked,
///                 unique fingerprints (`FindingFingerprint.rankDuplicates`).
/// 10. assemble  – per-file lists joined in file (path) order as files finish (`OrderedMerger`): the
///                 report no longer depends on `jobs` or worker timing.
///  Then once, on the collected findings:
/// 11. baseline  – mark known findings `.external`, in report order, so which duplicate is matched is
///                 deterministic; count entries left over (fixed findings). Only entries for the files
///                 in the list count: a partial scan leaves the others neither matched nor fixed.
/// 12. report    – the caller renders the `ScanReport`.
public enum ScanPipeline {
    public static func run(_ request: ScanRequest) -> ScanReport {
        let discovery = FileDiscovery.discover(
            paths: request.paths, currentDirectory: request.currentDirectory, options: request.discovery)
        return run(
            files: discovery.files, problems: discovery.problems, settingsFiles: discovery.settingsFiles,
            objectiveCFiles: discovery.objectiveCFiles, request: request)
    }

    /// Scans an already discovered file list (`problems` are carried into the report); `settingsFiles`
    /// (discovery's) are read first when there are any (`ProjectSettings`); `objectiveCFiles` are only
    /// searched for CallKit names (`ProjectOverviewBuilder`).
    public static func run(
        files: [DiscoveredFile], problems: [FileProblem] = [], settingsFiles: [DiscoveredFile] = [],
        objectiveCFiles: [DiscoveredFile] = [], request: ScanRequest
    ) -> ScanReport {
        let projectSettings = SettingsPass.read(settingsFiles)
        let state = SharedScanState()
        let workers = max(1, min(request.jobs, files.count))
        let (pass, preReadLines) = prePass(files: files, request: request, workers: workers)
        let analyzer = pass.suite
        let relevant = pass.relevant
        let settings = FileStageSettings(request)
        let runLimit = request.findingLimits.perRun
        let progress = request.progress
        let stageTimes = request.stageTimes
        let total = files.count
        let assembly = assembler(files: files, runLimit: runLimit)
        let work: @Sendable (Int) -> Void = { _ in
            var local = FileOutcome()
            while true {
                let index = state.nextIndex.add(1, ordering: .relaxed).oldValue
                guard index < total else { break }
                if relevant[index] {
                    let findings = scanOne(
                        files[index], position: index, analyzer: analyzer, parsed: pass.retained.take(index),
                        validated: preReadLines[index] >= 0, settings: settings, projectSettings: projectSettings,
                        stageTimes: stageTimes, into: &local)
                    assembly.finish(index, contribution: findings.isEmpty ? nil : findings)
                } else {
                    _ = pass.retained.take(index)  // a kept parse of a file that cannot get a finding: freed now
                    local.filesScanned += 1
                    local.linesScanned += preReadLines[index]
                    assembly.finish(index, contribution: nil)
                }
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
        // Moved out of the merger, and out of `assembled`: a second reference would make the sort or the
        // baseline below copy every finding.
        var assembled = assembly.result(count: total, leaving: AssembledFindings())
        var findings: [Finding] = []
        swap(&findings, &assembled.findings)
        if let projectSettings {
            let added = SettingsPass.findings(
                settings: projectSettings, usage: outcome.usage.map { (files[$0.position].displayPath, $0.usage) },
                suite: analyzer, policy: request.policy, files: settingsFiles)
            if !added.isEmpty { assembled.inPathOrder = false }
            findings += added
        }
        if !assembled.inPathOrder { findings.sort(by: Finding.reportOrder) }
        let baselineOutcome = applyBaseline(
            request, to: &findings, scannedFiles: files + (projectSettings == nil ? [] : settingsFiles),
            cappedFiles: cappedFiles(outcome.problems, assembled, files))
        let project = ProjectOverviewBuilder.build(projectSettings, findings, objectiveCFiles, request)
        var report = ScanReport(
            findings: findings,
            rules: request.policy.apply(to: request.rules),
            filesScanned: outcome.filesScanned,
            filesWithCallKit: outcome.filesWithCallKit,
            linesScanned: outcome.linesScanned,
            problems: FileDiscovery.sortedProblems(
                problems + outcome.problems + FindingCapNote.run(assembled, limit: runLimit)
                    + (projectSettings?.notes ?? []) + project.problems),
            rulesFingerprint: request.rulesFingerprint
        )
        report.baseline = baselineOutcome
        report.project = project.overview
        return report
    }

    /// Marks the findings the request's baseline accepts; nil without a baseline.
    private static func applyBaseline(
        _ request: ScanRequest, to findings: inout [Finding], scannedFiles: [DiscoveredFile], cappedFiles: Set<PathKey>
    ) -> BaselineOutcome? {
        guard let (baseline, path) = request.baseline else { return nil }
        let (matched, fixed, unevaluated) = baseline.apply(
            to: &findings, scannedFiles: scannedFiles, cappedFiles: cappedFiles)
        return BaselineOutcome(path: path, matched: matched, fixed: fixed, unevaluated: unevaluated)
    }

    /// The files whose findings a cap cut short (per file or per run): their baseline entries are not evaluated.
    private static func cappedFiles(
        _ problems: [FileProblem], _ assembled: AssembledFindings, _ files: [DiscoveredFile]
    ) -> Set<PathKey> {
        var capped = Set(problems.filter { $0.kind == .truncated }.map { PathKey($0.path) })
        for position in assembled.runCappedPositions { capped.insert(PathKey(files[position].displayPath)) }
        return capped
    }

    /// The project pre-pass, and the line counts of the files it read and found valid UTF-8 (-1 for the
    /// others).
    ///
    /// The pipeline runs the pass's steps (`ProjectPassRoundOne`) and reads each file a step asks for.
    /// Round one reads every file, checks its UTF-8 and counts its lines; the files the prefilter finds
    /// irrelevant are counted from that and never lexed or analysed. The helper rounds and round two read
    /// some files again (-1: not read yet), needing neither the check nor the count a second time.
    private static func prePass(
        files: [DiscoveredFile], request: ScanRequest, workers: Int
    ) -> (ProjectPass, [Int]) {
        let lineCounts = Mutex([Int](repeating: -1, count: files.count))
        let read: @Sendable (Int) -> [UInt8]? = { position in
            let counted = lineCounts.withLock { $0[position] >= 0 }
            guard case .success(let bytes) = SourceReader.read(files[position], requireUTF8: !counted) else {
                return nil
            }
            if !counted {
                let lines = SourceReader.lineCount(bytes)
                lineCounts.withLock { $0[position] = lines }
            }
            return bytes
        }
        let roundOne = ProjectPassRoundOne(
            suite: request.analyzer, fileCount: files.count, paths: files.map(\.displayPath))
        ParallelLoop.forEach(files.count, jobs: workers) { roundOne.examine(read($0), at: $0) }
        let helpers = roundOne.helperRounds()
        while let round = helpers.nextRound() {
            ParallelLoop.forEach(round.files.count, jobs: workers) { slot in
                helpers.examine(read(round.files[slot]), at: round.files[slot], in: round)
            }
        }
        let secondRound = helpers.secondRound()
        ParallelLoop.forEach(secondRound.files.count, jobs: workers) { slot in
            secondRound.examine(read(secondRound.files[slot]), at: secondRound.files[slot])
        }
        return (secondRound.finish(), lineCounts.withLock { $0 })
    }

    /// Joins each file's findings (already in report order) in file order as files finish, so no worker
    /// waits for a serial join at the end; the path check covers caller-built lists. Past `runLimit`
    /// findings are counted and the first file that reached it is kept for the note.
    private static func assembler(
        files: [DiscoveredFile], runLimit: Int
    ) -> OrderedMerger<[Finding], AssembledFindings> {
        OrderedMerger<[Finding], AssembledFindings>(AssembledFindings()) { assembled, findings, position in
            let path = files[position].displayPath
            if let previous = assembled.lastPath, !previous.utf8.lexicographicallyPrecedes(path.utf8) {
                assembled.inPathOrder = false
            }
            assembled.lastPath = path
            let room = max(0, runLimit - assembled.findings.count)
            if findings.count <= room {
                assembled.findings.append(contentsOf: findings)
            } else {
                assembled.findings.append(contentsOf: findings.prefix(room))
                assembled.droppedForRun += findings.count - room
                if assembled.firstCappedPath == nil { assembled.firstCappedPath = path }
                assembled.runCappedPositions.append(position)
            }
        }
    }

    /// The file's findings in report order; counts and problems go to `outcome`.
    /// `parsed`: the pre-pass's parse of the file, when it kept one (then the file is neither read nor
    /// lexed again); `validated`: the pre-pass found its bytes valid UTF-8 (not checked a second time).
    private static func scanOne(
        _ file: DiscoveredFile, position: Int, analyzer: AnalyzerSuite, parsed: consuming AnalysisContext?,
        validated: Bool,
        settings: FileStageSettings, projectSettings: ProjectSettings?, stageTimes: StageTimes?,
        into outcome: inout FileOutcome
    ) -> [Finding] {
        var stopwatch = StageStopwatch(stageTimes)
        defer { stopwatch.submit() }
        let tokenized: TokenizedFile
        if let parsed {
            tokenized = parsed.file
        } else {
            switch SourceReader.read(file, requireUTF8: !validated) {
            case .failure(let error):
                outcome.problems.append(error.problem)
                return []
            case .success(let read):
                stopwatch.lap(.read)
                tokenized = Lexer.tokenize(read, trivia: .lineComments)
            }
        }
        let bytes = tokenized.bytes
        stopwatch.lap(.lex)
        var stoppedEarly = false
        // Analyzers build only the findings the file cap can keep, and count the rest: exact unless a
        // directive could claim one of the rest (or go unused without it).
        let analyzerLimit = SuppressionDirectiveParser.hasDirective(tokenized) ? Int.max : settings.limits.perFile
        var unbuilt: [String: Int] = [:]
        var findings = analyzer.findings(
            in: tokenized, parsed: parsed, limit: settings.limits.perFile, analyzerLimit: analyzerLimit,
            stoppedEarly: &stoppedEarly, unbuilt: &unbuilt,
            deploymentTarget: projectSettings?.deploymentTarget(for: file.displayPath))
        // The kept parse's outline and facts go now, not after the later stages (the file's tokens stay).
        _ = consume parsed
        if projectSettings != nil {
            let usage = CodeUsage(file: tokenized, path: file.displayPath)
            if usage.usesAny { outcome.usage.append((position, usage)) }
        }
        stopwatch.lap(.analyze)
        // Built once the analysis (the file's largest memory) is over: only the later stages need lines.
        let lines = LineTable(bytes)
        SuppressionPass.apply(to: &findings, file: tokenized, lines: lines, options: settings.suppressions)
        settings.policy.apply(to: &findings)
        // Like a disabled rule, after the directives claimed their findings: a directive in a test file
        // is not unused because its rule skips test files.
        let role = FileRoleClassifier.role(
            path: FileRoleClassifier.pathBelowRoot(file.displayPath, roots: settings.roleRoots), file: tokenized)
        if !settings.checkedRoles.contains(role) {
            findings.removeAll { $0.mappingKind == nil && !SuppressionRules.ids.contains($0.ruleID) }
            unbuilt = [:]
        }
        if role != .app {
            for index in findings.indices { findings[index].role = role }
        }
        Finding.locate(&findings, path: file.displayPath, lines: lines, bytes: bytes)
        let hasMapping = findings.contains { $0.mappingKind != nil }
        FindingFingerprint.assign(to: &findings, bytes: bytes, lines: lines)
        // Sorted here, in parallel: every finding of the file has the same path, so the per-file lists
        // only need joining in path order.
        findings.sort(by: Finding.reportOrder)
        // The policy drops inactive rules' findings, built or not.
        let unbuiltKept = unbuilt.reduce(0) { settings.policy.isActive($1.key) ? $0 + $1.value : $0 }
        let dropped = max(0, findings.count + unbuiltKept - settings.limits.perFile)
        if findings.count > settings.limits.perFile { findings.removeSubrange(settings.limits.perFile...) }
        if dropped > 0 || stoppedEarly {
            outcome.problems.append(
                FindingCapNote.file(
                    file.displayPath, kept: findings.count, dropped: dropped, stoppedMatching: stoppedEarly,
                    limit: settings.limits.perFile))
        }
        FindingFingerprint.rankDuplicates(in: &findings)
        outcome.filesScanned += 1
        outcome.linesScanned += SourceReader.lineCount(bytes, table: lines)
        if hasMapping { outcome.filesWithCallKit += 1 }
        stopwatch.lap(.finish)
        return findings
    }
}

/// The per-file stage settings, copied once into the workers.
private struct FileStageSettings: Sendable {
    var suppressions: SuppressionOptions
    var policy: RulePolicy
    var limits: FindingLimits
    var checkedRoles: Set<FileRole>
    /// The folders the request names, as display paths: file roles are told below them.
    var roleRoots: Set<String>

    init(_ request: ScanRequest) {
        suppressions = request.suppressions
        policy = request.policy
        limits = request.findingLimits
        checkedRoles = request.checkedRoles
        roleRoots = Set(request.paths.map { DisplayPath.relative($0, to: request.currentDirectory) })
    }
}

/// The notes a scan adds when a `FindingLimits` cap drops findings: which file, how many, which option.
enum FindingCapNote {
    static func file(_ path: String, kept: Int, dropped: Int, stoppedMatching: Bool, limit: Int) -> FileProblem {
        let what = stoppedMatching ? "rule matching stopped early" : "\(dropped) findings dropped"
        return FileProblem(
            path: path,
            message:
                "findings capped: \(what), \(kept) kept (a file keeps at most \(limit), --max-file-findings; "
                + "a token at most \(FindingLimits.perToken) mapping findings)",
            kind: .truncated)
    }

    fileprivate static func run(_ assembled: AssembledFindings, limit: Int) -> [FileProblem] {
        guard let path = assembled.firstCappedPath else { return [] }
        return [
            FileProblem(
                path: path,
                message:
                    "\(assembled.droppedForRun) findings dropped from this file on: a run keeps at most \(limit) "
                    + "(raise it with --max-findings)",
                kind: .truncated)
        ]
    }
}

/// Per-worker results, merged once per worker so the lock is taken rarely.
private struct FileOutcome: Sendable {
    var problems: [FileProblem] = []
    var filesScanned = 0
    var filesWithCallKit = 0
    var linesScanned = 0
    /// What each file's code uses, by file position: only when the tree has settings files.
    var usage: [(position: Int, usage: CodeUsage)] = []

    mutating func merge(_ other: FileOutcome) {
        problems.append(contentsOf: other.problems)
        usage.append(contentsOf: other.usage)
        filesScanned += other.filesScanned
        filesWithCallKit += other.filesWithCallKit
        linesScanned += other.linesScanned
    }
}

/// The findings joined so far, and whether the files came in path order (discovery's lists always do).
private struct AssembledFindings: Sendable {
    var findings: [Finding] = []
    var lastPath: String?
    var inPathOrder = true
    /// Findings past `FindingLimits.perRun`, and the file where the cap was reached.
    var droppedForRun = 0
    var firstCappedPath: String?
    /// The files that lost findings to `FindingLimits.perRun`.
    var runCappedPositions: [Int] = []
}

/// The only state workers share: the next file index, a progress counter and the merged results.
private final class SharedScanState: Sendable {
    let nextIndex = Atomic<Int>(0)
    let completed = Atomic<Int>(0)
    let outcome = Mutex(FileOutcome())
}
