import Foundation
import PackagePlugin

/// Adds one build command per Swift target: `lckmigrate scan` of the target's folder in the `xcode` format, so
/// SwiftPM and Xcode show the findings as compiler warnings beside the target's own.
///
/// The command reruns only when a source, the config or the baseline changed; its declared output is a stamp
/// in the plugin's work folder, a Swift file holding one comment (never a resource). A CallKit-free target costs one
/// prefilter pass over its bytes and prints nothing.
@main
struct LCKMigrateBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // `Target.directoryURL` needs tools version 6.1; the Swift module's has been there since 6.0.
        guard let module = target as? SwiftSourceModuleTarget else { return [] }
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
        guard !sources.isEmpty else { return [] }
        let scan = TargetScan(
            name: target.name, folder: module.directoryURL, projectFolder: context.package.directoryURL,
            sources: sources, workFolder: context.pluginWorkDirectoryURL)
        return [try scan.command(tool: context.tool(named: "lckmigrate").url)]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same command for an Xcode project's target (Xcode only: this module does not exist on Linux, so CI
/// cannot build this part). The project folder plays the package's part: its `.lckmigrate.json`, its baseline.
extension LCKMigrateBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let sources = target.inputFiles.map(\.url).filter { $0.pathExtension == "swift" }
        guard !sources.isEmpty else { return [] }
        let project = context.xcodeProject.directoryURL
        let scan = TargetScan(
            name: target.displayName, folder: project, projectFolder: project, sources: sources,
            workFolder: context.pluginWorkDirectoryURL)
        return [try scan.command(tool: context.tool(named: "lckmigrate").url)]
    }
}
#endif
