import Foundation
import PackagePlugin

/// The `lckmigrate scan` build command for one target: which config and baseline apply, what reruns it, and
/// the stamp it leaves (its declared output, compiled as an empty source; the tool rewrites it only when missing).
struct TargetScan {
    var name: String
    /// The target's folder: its `.lckmigrate.json` wins over the package's.
    var folder: URL
    /// The package (or Xcode project) folder: paths are reported, and baselines matched, relative to it.
    var projectFolder: URL
    var sources: [URL]
    var workFolder: URL

    func command(tool: URL) throws -> Command {
        // A Swift file holding one comment: SwiftPM would turn any other kind of output into a resource bundle.
        let stamp = workFolder.appendingPathComponent("\(name)+lckmigrate-stamp.swift")
        // SwiftPM reuses this plan until the package graph changes, so the tool, not the plugin, looks for the
        // config (target folder first) and only a config's own `failOn` makes findings fail the build.
        let arguments = [
            "scan", "--directory", projectFolder.path, "--files-from", try sourceList().path,
            "--config-search", folder.path, "--config-search", projectFolder.path, "--fail-on-default", "never",
            "--format", "xcode", "--stamp", stamp.path, "--quiet",
        ]
        // Inputs: the configs there are (an edit reruns the scan) and their folders (creating one changes the
        // folder's modification time; llbuild refuses a missing input file).
        let folders = projectFolder == folder ? [folder] : [folder, projectFolder]
        let configs = folders.map { $0.appendingPathComponent(".lckmigrate.json") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        return .buildCommand(
            displayName: "lckmigrate scan \(name)", executable: tool, arguments: arguments,
            inputFiles: sources + configs + folders, outputFiles: [stamp])
    }

    /// The target's Swift files, one absolute path a line, for `--files-from` (written when the plan is made).
    private func sourceList() throws -> URL {
        let list = workFolder.appendingPathComponent("\(name).lckmigrate-sources")
        let text = sources.map { $0.path + "\n" }.joined()
        if (try? String(contentsOf: list, encoding: .utf8)) != text {
            try FileManager.default.createDirectory(at: workFolder, withIntermediateDirectories: true)
            try text.write(to: list, atomically: true, encoding: .utf8)
        }
        return list
    }
}
