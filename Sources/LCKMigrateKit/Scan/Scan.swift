import LCKCore
import LCKReporters

/// The one way to run a scan, for the CLI and library users alike.
///
/// A run goes through these steps, and everything that can fail without scanning fails before the
/// first file is read:
///  1. settings  – config file located and read, the caller's overrides applied (`ConfigurationResolver`);
///  2. walk      – with more than one job and no `--files-from`, discovery starts now on another thread;
///  3. rules     – the rule table loaded; warnings go to the observer;
///  4. outputs   – outputs checked where they will land (`OutputGuard`: a config file's outputs stay in
///                 its folder, out of version control and off files it did not write; no output is an
///                 input or another output), then report files and `--write-baseline` opened
///                 (temporary files created; one that cannot be opened is reported at step 8);
///  5. baseline  – the baseline read;
///  6. files     – `--files-from` read, discovery finished, `include`/`exclude` applied (`ScanFileFilter`),
///                 and no output may be one of the files;
///  7. pipeline  – `ScanPipeline` reads, lexes, analyzes and assembles the `ScanReport`;
///  8. write     – the new baseline (every finding), then `minSeverity`/`only` (`FindingFilter`) leave
///                 findings out, then paths are shown as typed (`TypedPaths`), then the reports in
///                 `formats` order: each output on its own, so one that fails
///                 (`ScanOutcome.outputProblems`) costs no other.
public enum Scan {
    /// Runs `invocation` from settings to written reports.
    public static func run(
        _ invocation: ScanInvocation, observer: ScanObserver = ScanObserver()
    ) throws(ScanError) -> ScanOutcome {
        try prepare(invocation, observer: observer).run()
    }

    /// Steps 1–3: the settings and rules, with the walk under way. A caller with checks of its own
    /// (`report` reads its `--compare` file and opens its output) makes them between this and `run()`.
    public static func prepare(
        _ invocation: ScanInvocation, observer: ScanObserver = ScanObserver()
    ) throws(ScanError) -> PreparedScan {
        let configured = try ConfigurationResolver.configure(
            paths: invocation.paths, currentDirectory: invocation.currentDirectory, overrides: invocation.overrides)
        // The tree is walked while the rule table loads (neither needs the other). A --files-from list
        // is read later, after the outputs are opened, so that case stays in order.
        let earlyDiscovery =
            configured.configuration.jobs.value > 1 && invocation.filesFrom == nil
            ? BackgroundWork { [invocation] isCancelled in
                FileDiscovery.discover(
                    paths: invocation.paths, currentDirectory: invocation.currentDirectory,
                    options: invocation.discovery, shouldStop: isCancelled)
            }
            : nil
        let settings: ResolvedSettings
        do {
            settings = try ConfigurationResolver.loadRules(for: configured, overrides: invocation.overrides)
        } catch {
            earlyDiscovery?.cancelAndWait()
            throw error
        }
        for warning in settings.warnings { observer.message(ScanMessage(kind: .warning, text: warning)) }
        return PreparedScan(invocation, observer: observer, settings: settings, earlyDiscovery: earlyDiscovery)
    }
}

/// A scan whose settings and rules are known and whose walk may be under way; `run()` finishes it.
/// Dropped without running, it stops the walk rather than waiting for a large tree.
public final class PreparedScan {
    public let settings: ResolvedSettings
    let invocation: ScanInvocation
    let observer: ScanObserver
    private let earlyDiscovery: BackgroundWork<DiscoveryResult>?

    init(
        _ invocation: ScanInvocation, observer: ScanObserver, settings: ResolvedSettings,
        earlyDiscovery: BackgroundWork<DiscoveryResult>?
    ) {
        self.invocation = invocation
        self.observer = observer
        self.settings = settings
        self.earlyDiscovery = earlyDiscovery
    }

    deinit { earlyDiscovery?.cancelAndWait() }

    var configuration: Configuration { settings.configuration }

    /// Steps 4–8: opens the outputs, reads the baseline, finds the files, scans them and writes.
    public func run() throws(ScanError) -> ScanOutcome {
        let outputGuard = try checkOutputs()
        let reportFiles = invocation.mode == .writeReports ? openReportFiles() : []
        let baselineFile = invocation.mode == .listFiles ? nil : invocation.writeBaseline.map(open)
        let baseline = try loadBaseline()
        let paths = try invocation.paths + filesFromPaths()
        let discovery =
            earlyDiscovery?.value
            ?? FileDiscovery.discover(
                paths: paths, currentDirectory: invocation.currentDirectory, options: invocation.discovery)
        let fileFilter = ScanFileFilter(configuration, currentDirectory: invocation.currentDirectory)
        let files = fileFilter.apply(to: discovery.files)
        try outputGuard.checkNotReplacing(files)
        var outcome = ScanOutcome(
            settings: settings, files: files,
            report: ScanReport(findings: [], rules: [], filesScanned: 0, problems: discovery.problems),
            mode: invocation.mode)
        outcome.settingsFiles = discovery.settingsFiles
        let typedPaths =
            invocation.showsTypedPaths
            ? TypedPaths(arguments: invocation.paths, currentDirectory: invocation.currentDirectory)
            : TypedPaths(arguments: [], currentDirectory: invocation.currentDirectory)
        guard invocation.mode != .listFiles else { return typedPaths.applied(to: outcome) }

        var request = ScanRequest(
            paths: paths, currentDirectory: invocation.currentDirectory, configuration: configuration,
            rules: settings.rules)
        request.baseline = baseline
        request.discovery = invocation.discovery
        request.findingLimits = configuration.findingLimits
        request.progress = observer.progress.map { progress in
            { @Sendable update in
                var shown = update
                shown.path = typedPaths.shown(update.path)
                progress(shown)
            }
        }
        outcome.report = ScanPipeline.run(
            files: files, problems: discovery.problems, settingsFiles: discovery.settingsFiles,
            objectiveCFiles: fileFilter.apply(to: discovery.objectiveCFiles), request: request)
        if observer.progress != nil { observer.progressFinished() }
        if let baselineFile { writeBaseline(baselineFile, into: &outcome) }
        // After the baseline (written and matched with every finding), before the reports and the exit status.
        if invocation.filtersFindings {
            outcome.filteredOut = configuration.findingFilter.apply(
                to: &outcome.report, rules: settings.rules.descriptors)
        }
        // Last: fingerprints, the baseline and the filters above all saw the current-directory-relative paths.
        outcome = typedPaths.applied(to: outcome)
        writeReports(to: reportFiles, into: &outcome)
        if invocation.strictBaseline, invocation.writeBaseline == nil, let baseline = outcome.report.baseline,
            baseline.fixed > 0
        {
            outcome.fixedBaselineEntries = baseline
        }
        return outcome
    }

    /// The configured baseline and its path, for the pipeline to match findings against.
    private func loadBaseline() throws(ScanError) -> (baseline: Baseline, path: String)? {
        guard let path = configuration.baseline.value else { return nil }
        do {
            return (try ScanSetup.loadBaseline(path, currentDirectory: invocation.currentDirectory), path)
        } catch {
            throw ScanError(error)
        }
    }

    /// The paths the `--files-from` list adds (none without one); skipped paths become notes.
    private func filesFromPaths() throws(ScanError) -> [String] {
        guard let source = invocation.filesFrom else { return [] }
        let selection: ChangedFiles.Selection
        do {
            let list = try ChangedFiles.readList(source, currentDirectory: invocation.currentDirectory)
            selection = try ChangedFiles.select(
                list, currentDirectory: invocation.currentDirectory, listName: source == "-" ? "stdin" : source)
        } catch {
            throw ScanError(error)
        }
        for note in selection.notes { observer.message(ScanMessage(kind: .note, text: note)) }
        return selection.paths
    }
}
