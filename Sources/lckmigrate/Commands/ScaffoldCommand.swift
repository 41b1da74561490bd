import LCKCore
import LCKMigrateKit

/// `lckmigrate scaffold PATH... --output DIR`: generate the LiveCommunicationKit side of the app.
struct ScaffoldCommand: Command {
    static let name = "scaffold"
    static let abstract = "Generate LiveCommunicationKit starter code from the app's CallKit code."
    static let discussion = """
        Writes CallingSystem.swift (one ConversationManager, configuration carried over from the app's
        CXProviderConfiguration, CallKit defaults made explicit), CallingSystemDelegate.swift (a perform case per
        action the app handles today; unknown actions fail), HandleMapper.swift, VoIPPushHandler.swift (awaits
        reportNewIncomingConversation before returning) and TODO.md (what needs a human, with file:line).

        When the app's lowest deployment target (read from the project files, Package.swift, Podfile or
        xcconfig files in the scanned folders) is below iOS 17.4, or no settings file names one, it also writes
        CallBackend.swift (a protocol and makeCallBackend(), which picks LiveCommunicationKit with
        #available(iOS 17.4, *)) and CallKitCallBackend.swift (the CallKit path for older systems), and marks
        the LiveCommunicationKit types @available(iOS 17.4, *). That two-stack form is correct on any target.

        Existing files are never overwritten unless --force is given. Exit status: 0 when the files were
        written, 2 on a usage error, an existing file, or a file that could not be read or written.
        """
    static let usage = "[options] PATH... --output DIR"
    static let options: [CommandOption<ScaffoldCommand>] =
        [
            .value(
                "output", short: "o", "DIR", help: "Folder for the generated files (created when missing).",
                stores: \.output),
            .flag("force", help: "Replace files that already exist in DIR.", sets: \.force),
        ] + ScanSettings.options.named(sharedOptions).lifted(\.settings)

    /// Settings shared with `scan`: the config file and extra rules decide what counts as a usage.
    static let sharedOptions: Set<String> = ["config", "rules"]

    var paths: [String] = []
    var output: String?
    var force = false
    var settings = ScanSettings()

    mutating func accept(positional path: String) throws {
        paths.append(path)
    }

    func finishParsing() throws {
        guard !paths.isEmpty else {
            throw UsageError("missing PATH; give the app's Swift files or folders", command: Self.self)
        }
        guard output != nil else {
            throw UsageError("missing --output DIR; give the folder for the generated files", command: Self.self)
        }
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let directory = output.map { $0.hasPrefix("/") ? $0 : context.currentDirectory + "/" + $0 } ?? ""
        var invocation = settings.invocation(paths: paths, context: context)
        invocation.filtersFindings = false  // The generated code needs every usage, whatever the config's `only`.
        let outcome = try Scan.run(invocation, observer: ScanConsole.observer(context, quiet: false))
        let facts = ScaffoldWriter.facts(
            files: outcome.files, findings: outcome.report.findings, settingsFiles: outcome.settingsFiles)
        let files = ScaffoldGenerator.generate(facts)
        do {
            try ScaffoldWriter.write(files, to: directory, force: force)
        } catch {
            let path =
                error.problem.path.hasPrefix(context.currentDirectory + "/")
                ? String(error.problem.path.dropFirst(context.currentDirectory.count + 1)) : error.problem.path
            context.console.err(ErrorPresentation.errorLine(path, error.problem.message))
            return .failure
        }
        ScanConsole.printProblems(outcome.report.problems, quiet: false, context)
        context.console.diagnostic(
            "\(ToolName.name): wrote \(files.map(\.name).joined(separator: ", ")) to \(output ?? "") "
                + "(\(facts.stackSummary); \(facts.handlers.count) action handlers, "
                + "\(facts.noEquivalent.count) usages without an equivalent)"
        )
        return FailThreshold.never.exitStatus(for: outcome.report)
    }
}
