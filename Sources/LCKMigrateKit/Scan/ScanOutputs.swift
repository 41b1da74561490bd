import LCKCore
import LCKReporters

/// An output of a run once opened: a temporary file waiting for its bytes, or why it could not be opened
/// (reported when its turn to be written comes, so one bad output costs no other).
enum OpenedOutput {
    case file(AtomicOutputFile)
    case failed(FileProblem)
}

/// Steps 4 and 8 of `Scan`: checking and opening the outputs, then writing them one by one.
extension PreparedScan {
    /// Every output of the run through `OutputGuard`, before anything is opened: where each lands, a
    /// config file's outputs confined, no two on one file, none on the config file, the `--files-from`
    /// list, the baseline (`--write-baseline` may rewrite it: that is what it is for), a rule pack or a
    /// caller's input. Returns the guard, for the scanned files once they are known.
    func checkOutputs() throws(ScanError) -> OutputGuard {
        var planned: [PlannedOutput] = []
        if invocation.mode == .writeReports {
            for output in configuration.outputs.value {
                if let path = output.path {
                    planned.append(
                        PlannedOutput(path: path, kind: .report(output.format), confinement: output.confinement))
                }
            }
        }
        planned += invocation.guardedOutputs.map { PlannedOutput(path: $0, kind: .callerFile) }
        if invocation.mode != .listFiles, let path = invocation.writeBaseline {
            planned.append(PlannedOutput(path: path, kind: .baseline))
        }
        let outputs = OutputGuard(outputs: planned, currentDirectory: invocation.currentDirectory)
        try outputs.checkEachOther()
        try outputs.checkConfinement()
        if let file = configuration.file { try outputs.checkNotReplacing(file, role: "the config file") }
        if let list = invocation.filesFrom, list != "-" {
            try outputs.checkNotReplacing(list, role: "the --files-from list")
        }
        if let baseline = configuration.baseline.value {
            try outputs.checkNotReplacing(baseline, role: "the baseline", baselineWriteMayReplace: true)
        }
        for folder in configuration.ruleDirectories.value {
            try outputs.checkNotReplacing(folder, role: "the rule pack")
            try outputs.checkNotInside(folder, role: "the rule pack")
        }
        for input in invocation.guardedInputs { try outputs.checkNotReplacing(input.path, role: input.role) }
        return outputs
    }

    /// Every `formats` destination, opened now (temporary files made) so a report never waits on a
    /// scan to learn that its folder is missing; nil for stdout.
    func openReportFiles() -> [(OutputRequest, OpenedOutput?)] {
        let outputs = configuration.outputs.value
        InterruptCleanup.reserve(outputs.count + 1)
        return outputs.map { output in (output, output.path.map(open)) }
    }

    func open(_ path: String) -> OpenedOutput {
        do {
            return .file(try AtomicOutputFile.open(path, in: invocation.currentDirectory))
        } catch {
            return .failed(error.problem)
        }
    }

    /// Writes every current finding as the new baseline, then applies it: the run reports as the next
    /// run with that baseline will. Returns the problem when it cannot be written (nothing applied).
    func writeBaseline(_ output: OpenedOutput, into outcome: inout ScanOutcome) {
        let file: AtomicOutputFile
        switch output {
        case .failed(let problem): return outcome.outputProblems.append(problem)
        case .file(let opened): file = opened
        }
        let written = Baseline(findings: outcome.report.findings)
        do {
            try file.commit(written.serialized())
        } catch {
            return outcome.outputProblems.append(error.problem)
        }
        outcome.writtenBaseline = WrittenBaseline(
            path: invocation.writeBaseline ?? file.path, entryCount: written.entries.count)
        let (matched, _) = written.apply(to: &outcome.report.findings)
        if outcome.report.baseline == nil {
            outcome.report.baseline = BaselineOutcome(path: file.path, matched: matched, fixed: 0)
        }
    }

    /// Renders and writes each report in `formats` order, those without a file into
    /// `outcome.standardOutputReports`; the ones that could not be written go to `outcome.outputProblems`.
    func writeReports(to destinations: [(OutputRequest, OpenedOutput?)], into outcome: inout ScanOutcome) {
        let report = outcome.report
        let listsEveryUse =
            invocation.listsEveryUse
            || configuration.findingFilter.selectsUsages(of: settings.rules.descriptors)
        let options = ReporterOptions(
            sourceRootURI: SARIFReporter.fileURI(forDirectory: invocation.currentDirectory),
            jobs: configuration.jobs.value, failingSeverity: configuration.failOn.value.lowestFailingSeverity,
            listsEveryUse: listsEveryUse)
        var problems: [FileProblem] = []
        for (output, destination) in destinations {
            switch destination {
            case nil:
                var onScreen = options
                onScreen.style = invocation.standardOutputStyle
                outcome.standardOutputReports.append(output.format.reporter(options: onScreen).render(report))
            case .failed(let problem): problems.append(problem)
            case .file(let file):
                do {
                    try file.commit(output.format.reporter(options: options).render(report))
                } catch {
                    problems.append(error.problem)
                }
            }
        }
        if let summary = invocation.gitHubStepSummary, !summary.isEmpty,
            destinations.contains(where: { $0.0.format == .github })
        {
            let path = Array(ConfigurationLoader.absolutePath(summary, invocation.currentDirectory).utf8)
            if let error = Platform.append(ReportFormat.markdown.reporter(options: options).render(report), to: path) {
                problems.append(FileProblem(path: summary, message: "cannot append the job summary (\(error.message))"))
            }
        }
        outcome.outputProblems += problems
    }
}
