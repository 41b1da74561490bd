import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory lckmigrate-report report|scaffold|scan [--target NAME]...
/// [options]`: the commands that write files (`scan` for `--write-baseline` and `--output`), with the package's
/// targets (or the named ones) as their paths.
///
/// A plugin of its own because SwiftPM grants write access per plugin: the read-only `lckmigrate scan` verb
/// keeps needing no permission.
@main
struct WritingCommandPlugin: CommandPlugin {
    static let commands = ["report", "scaffold", "scan"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var rest = extractor.remainingArguments
        guard let command = rest.first, Self.commands.contains(command) else {
            throw PluginUsageError(
                "give the command first: 'swift package --allow-writing-to-package-directory lckmigrate-report "
                    + "report --output migration.html', '… scaffold --output DIR' or '… scan --write-baseline FILE'")
        }
        rest.removeFirst()
        let folders = try PackageTargets.folders(of: context.package, named: targetNames)
        var toolArguments = [command] + folders
        if !rest.contains(where: { $0 == "--config" || $0.hasPrefix("--config=") }),
            let config = PackageTargets.packageConfig(of: context.package)
        {
            toolArguments += ["--config", config]
        }
        let status = try PackageTargets.run(
            context.tool(named: "lckmigrate").url, toolArguments + rest, in: context.package.directoryURL)
        if status != 0 { exit(status) }
    }
}
