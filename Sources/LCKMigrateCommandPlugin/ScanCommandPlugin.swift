import Foundation
import PackagePlugin

/// `swift package lckmigrate scan [--target NAME]... [scan options]`: scans the package's targets (or the named
/// ones) with this package's `lckmigrate`, from the package folder, so reported paths are relative to it.
///
/// Read-only, so it asks for no permission; the writing commands live in `lckmigrate-report`, because SwiftPM
/// grants write access per plugin, not per verb.
@main
struct ScanCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var rest = extractor.remainingArguments
        if rest.first == "scan" { rest.removeFirst() }
        if let command = rest.first, !command.hasPrefix("-") {
            throw PluginUsageError(
                "'\(command)' is not a command of 'swift package lckmigrate'; use 'scan', or "
                    + "'swift package --allow-writing-to-package-directory lckmigrate-report \(command) …'")
        }
        let folders = try PackageTargets.folders(of: context.package, named: targetNames)
        var toolArguments = ["scan"] + folders
        if !rest.contains(where: { $0 == "--config" || $0.hasPrefix("--config=") }),
            let config = PackageTargets.packageConfig(of: context.package)
        {
            toolArguments += ["--config", config]
        }
        let status = try PackageTargets.run(
            context.tool(named: "lckmigrate").url, toolArguments + rest, in: context.package.directoryURL)
        // Keep the tool's exit status (1 findings, 2 errors) for scripts; the tool has printed why.
        if status != 0 { exit(status) }
    }
}
