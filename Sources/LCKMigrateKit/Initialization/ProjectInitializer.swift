import LCKCore

/// What `lckmigrate init` is asked to do.
public struct InitializationRequest: Sendable {
    /// The project's folder as the user typed it (`.` by default); nothing is written outside it.
    public var folder: String
    /// Where `folder` and the displayed paths are relative to.
    public var currentDirectory: String
    /// Replace an existing config file and baseline.
    public var force = false
    /// The process environment, for `GITHUB_ACTIONS` and `GITLAB_CI`.
    public var environment: [String: String] = [:]
    /// `--jobs` for the first scan; nil for the default.
    public var jobs: Int?

    public init(folder: String, currentDirectory: String = ScanDefaults.currentDirectory) {
        self.folder = folder
        self.currentDirectory = currentDirectory
    }
}

/// What `lckmigrate init` wrote and found.
public struct InitializationOutcome: Sendable {
    /// The config file and the baseline, relative to the request's current directory.
    public var configPath: String
    public var baselinePath: String
    public var baselineEntryCount: Int
    /// The first scan; its problems (unreadable files) are the caller's to show.
    public var scan: ScanOutcome
    /// CI platforms seen in the folder or the environment; empty when none.
    public var platforms: [CIPlatform]
}

/// Adoption in one command: a `.lckmigrate.json` with the defaults spelled out, a first baseline of
/// today's findings beside it, and the CI platform to print a job for.
///
/// Both files go in the folder and nowhere else, each written atomically; neither replaces an existing
/// file (a link included) without `force`. The baseline comes from a scan with the built-in defaults
/// (the values the config file spells out, whatever config the folder held) run from the folder, so its
/// paths match a later `lckmigrate scan .` there, and that scan exits 0 until a new finding appears.
public enum ProjectInitializer {
    public static func run(
        _ request: InitializationRequest, observer: ScanObserver = ScanObserver()
    ) throws(ScanError) -> InitializationOutcome {
        let folder = ConfigurationLoader.absolutePath(request.folder, request.currentDirectory)
        guard case .success(let status) = Platform.status(of: Array(folder.utf8), followLinks: true),
            status.kind == .directory
        else {
            throw .file(
                FileProblem(
                    path: request.folder,
                    message: "is not a folder; give the project's folder, such as 'lckmigrate init .'"))
        }
        let configPath = folder + "/" + ConfigurationLoader.fileName
        let baselinePath = folder + "/" + InitialConfiguration.baselineFileName
        func display(_ path: String) -> String { DisplayPath.relative(path, to: request.currentDirectory) }
        if !request.force {
            for path in [configPath, baselinePath] where exists(path) {
                throw .file(
                    FileProblem(
                        path: display(path),
                        message: "already exists; keep it, or run '\(ToolInfo.name) init --force' to replace it"))
            }
        }
        let configFile: AtomicOutputFile
        do {
            configFile = try AtomicOutputFile.open(configPath)
        } catch {
            throw ScanError(error)
        }
        let outcome: ScanOutcome
        do {
            outcome = try Scan.run(firstScan(folder: folder, jobs: request.jobs), observer: observer)
        } catch {
            configFile.discard()
            throw error
        }
        guard let written = outcome.writtenBaseline else {
            configFile.discard()
            throw .file(
                outcome.outputProblems.first
                    ?? FileProblem(path: display(baselinePath), message: "the baseline could not be written"))
        }
        do {
            try configFile.commit(Array(InitialConfiguration.text().utf8))
        } catch {
            throw ScanError(error)
        }
        return InitializationOutcome(
            configPath: display(configPath), baselinePath: display(baselinePath),
            baselineEntryCount: written.entryCount, scan: outcome,
            platforms: CIPlatform.detect(in: folder, environment: request.environment))
    }

    /// A scan of the whole folder, from the folder, with the built-in defaults, writing the baseline.
    private static func firstScan(folder: String, jobs: Int?) -> ScanInvocation {
        var invocation = ScanInvocation(paths: ["."], currentDirectory: folder)
        invocation.overrides.ignoresConfigFile = true
        invocation.overrides.jobs = jobs
        invocation.mode = .collect
        invocation.writeBaseline = InitialConfiguration.baselineFileName
        return invocation
    }

    /// Whether anything, a dangling link included, is at `path`.
    private static func exists(_ path: String) -> Bool {
        if case .success = Platform.status(of: Array(path.utf8), followLinks: false) { return true }
        return false
    }
}
