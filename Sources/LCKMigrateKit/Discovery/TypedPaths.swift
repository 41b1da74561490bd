import LCKCore

/// Shows reported paths the way the PATH arguments were typed: a file found under `/home/me/App` is
/// `/home/me/App/A.swift`, not `../../home/me/App/A.swift`.
///
/// The scan itself runs on current-directory-relative display paths (`DisplayPath.relative`):
/// fingerprints hash them, and baselines, `include`/`exclude` and project settings match them, so a
/// baseline written by `scan .` still matches `scan "$PWD"`. Only the finished report is rewritten, for
/// the reader. A relative argument is shown as before (relative to the current directory, without `./`
/// or `dir/..`), and so are `--files-from` entries, which are machine-written (the build-tool plugin's
/// list is absolute and expects paths relative to its `--directory`).
///
/// A path under several arguments follows the one nearest to it (the longest), and of equal ones the
/// last given, as discovery keeps the last one found.
package struct TypedPaths: Sendable {
    private struct Root: Sendable {
        /// The argument's display path, split at `/` (empty for the current directory).
        var components: [Substring]
        /// What replaces those components: the normalized absolute path; nil for a relative argument.
        var absolute: String?
    }

    /// Nearest first: most components first, later arguments first among equals.
    private let roots: [Root]

    package init(arguments: [String], currentDirectory: String) {
        guard arguments.contains(where: { $0.hasPrefix("/") }) else {
            roots = []
            return
        }
        let given = arguments.enumerated().filter { !$0.element.isEmpty }.map { position, argument in
            let display = DisplayPath.relative(argument, to: currentDirectory)
            let root = Root(
                components: display.split(separator: "/"),
                absolute: argument.hasPrefix("/") ? DisplayPath.absolute(argument) : nil)
            return (position: position, root: root)
        }
        roots = given.sorted { lhs, rhs in
            lhs.root.components.count != rhs.root.components.count
                ? lhs.root.components.count > rhs.root.components.count : lhs.position > rhs.position
        }.map(\.root)
    }

    /// Whether no path changes (no absolute argument): the report is left as it is.
    package var isIdentity: Bool { roots.isEmpty }

    /// `path`, a display path of the scan, as the reader should see it.
    package func shown(_ path: String) -> String {
        // Already absolute (a missing argument is reported as typed), or the empty-argument marker.
        guard !isIdentity, !path.hasPrefix("/"), path != "\"\"" else { return path }
        let components = path == "." ? [] : path.split(separator: "/")
        for root in roots where components.starts(with: root.components, by: { $0.utf8.elementsEqual($1.utf8) }) {
            // `..` right after the root leaves it: `../../x` is not under `..`.
            if components.dropFirst(root.components.count).first == ".." { continue }
            guard let absolute = root.absolute else { return path }
            let rest = components.dropFirst(root.components.count).joined(separator: "/")
            if rest.isEmpty { return absolute }
            return absolute == "/" ? "/" + rest : absolute + "/" + rest
        }
        return path
    }

    /// Every path of `report`: findings and their witness steps, file problems and the project overview.
    package func apply(to report: inout ScanReport) {
        guard !isIdentity else { return }
        var cache: [PathKey: String] = [:]
        func show(_ path: String) -> String {
            if let known = cache[PathKey(path)] { return known }
            let value = shown(path)
            cache[PathKey(path)] = value
            return value
        }
        for index in report.findings.indices {
            report.findings[index].path = show(report.findings[index].path)
            for step in report.findings[index].witness.indices {
                if let path = report.findings[index].witness[step].path {
                    report.findings[index].witness[step].path = show(path)
                }
            }
        }
        for index in report.problems.indices { report.problems[index].path = show(report.problems[index].path) }
        for index in report.project.targets.indices {
            report.project.targets[index].source = show(report.project.targets[index].source)
        }
        for index in report.project.notAnalyzed.indices {
            report.project.notAnalyzed[index].path = show(report.project.notAnalyzed[index].path)
        }
        report.project.fileTargets = Dictionary(
            report.project.fileTargets.map { (PathKey(show($0.key.path)), $0.value) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The files' display paths (how to open them does not change).
    package func apply(to files: inout [DiscoveredFile]) {
        guard !isIdentity else { return }
        for index in files.indices { files[index].displayPath = shown(files[index].displayPath) }
    }

    /// `outcome` with its report's and files' paths shown as typed.
    func applied(to outcome: ScanOutcome) -> ScanOutcome {
        guard !isIdentity else { return outcome }
        var shown = outcome
        apply(to: &shown.report)
        apply(to: &shown.files)
        apply(to: &shown.settingsFiles)
        return shown
    }
}
