import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKRules

/// The outcome for one annotated sample file.
public struct SampleTestResult: Hashable, Sendable {
    public var path: String
    /// Nil when the file's findings match its annotations.
    public var failure: RuleTestFailure?
    /// Why the file could not be checked (unreadable, unknown rule id): a failure.
    public var problem: String?
    /// Why the file was not checked (it names a rule the tester cannot run): not a failure.
    public var skipReason: String?

    public var passed: Bool { failure == nil && problem == nil && skipReason == nil }
    public var failed: Bool { failure != nil || problem != nil }
}

extension RuleTester {
    /// Checks every `.swift` file under `paths` against its `// expect:` / `// expect-none`
    /// annotations (see `AnnotatedSample`). Each path is analysed as one project, like one `scan PATH`.
    ///
    /// Only findings of rules in `scope` or named in the file's annotations are compared, so a pack's
    /// tests are not disturbed by built-in findings they do not care about.
    public func testSamples(paths: [String], currentDirectory: String, scope: Set<String>) -> [SampleTestResult] {
        // Each path is one project: the scan's pre-pass (cross-file facts) sees only its files.
        paths.flatMap { path in
            let discovery = FileDiscovery.discover(paths: [path], currentDirectory: currentDirectory)
            var results = discovery.problems.map { SampleTestResult(path: $0.path, problem: $0.message) }
            let files = discovery.files
            // The tree's project settings give each file its deployment target, as in a scan.
            let settings = SettingsPass.read(discovery.settingsFiles)
            // Read here, so the pre-pass only looks at bytes it is handed (sample trees are small).
            let sources: [[UInt8]?] = files.map { try? SourceReader.read($0).get() }
            let projectRun = AnalyzerSuite(rules: table, analyzers: analyzers).preparedForProject(
                fileCount: files.count, jobs: 1, paths: files.map(\.displayPath)
            ) { sources[$0] }
            for file in discovery.files {
                switch SourceReader.read(file) {
                case .failure(let error):
                    results.append(SampleTestResult(path: file.displayPath, problem: error.problem.message))
                case .success(let bytes):
                    results.append(
                        testSample(
                            bytes, path: file.displayPath, scope: scope, run: projectRun,
                            deploymentTarget: settings?.deploymentTarget(for: file.displayPath)))
                }
            }
            return results
        }
    }

    /// One annotated source, analysed on its own like an example (or with `run`, a suite prepared
    /// for the sample's project, as a scan runs it, at `deploymentTarget` from the project's settings).
    package func testSample(
        _ bytes: [UInt8], path: String, scope: Set<String>, run: AnalyzerSuite? = nil,
        deploymentTarget: OSVersion? = nil
    ) -> SampleTestResult {
        let annotations = AnnotatedSample.expectations(in: String(decoding: bytes, as: UTF8.self))
        let ruleScope = scope.union(annotations.mentionedRuleIDs)
        let unknown = annotations.mentionedRuleIDs.sorted().filter { !table.allIDs.contains($0) }
        if !unknown.isEmpty {
            return SampleTestResult(
                path: path, problem: unknown.map { "'\($0)' is not a rule id" }.joined(separator: "; "))
        }
        let unavailable = annotations.mentionedRuleIDs.sorted().compactMap { id in
            unavailableReason(id).map { "'\(id)' cannot run: \($0)" }
        }
        if !unavailable.isEmpty {
            return SampleTestResult(path: path, skipReason: unavailable.joined(separator: "; "))
        }
        let findings =
            run.map { run in
                // A file the scan's prefilter passes over gets no finding in a scan either.
                guard run.isRelevant(bytes) else { return [] }
                var stopped = false
                let found = run.findings(
                    in: Lexer.tokenize(bytes), limit: .max, stoppedEarly: &stopped, deploymentTarget: deploymentTarget)
                return Self.located(found, path: path, lines: LineTable(bytes))
            } ?? findings(in: bytes, path: path)
        let expected = annotations.expectsNone ? [] : annotations.findings
        let actual = AnnotatedSample.actual(findings, scope: ruleScope, confidenceFor: expected)
        guard expected != actual else { return SampleTestResult(path: path) }
        let failure = RuleTestFailure(
            name: annotations.expectsNone ? "expect-none" : "annotations",
            expected: expected.map(\.description),
            actual: actual.map(\.description)
        )
        return SampleTestResult(path: path, failure: failure)
    }
}
