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
        let config = [folder, projectFolder].map { $0.appendingPathComponent(".lckmigrate.json") }
            .first { FileManager.default.fileExists(atPath: $0.path) }
        let settings = config.map(ConfigKeys.init(file:)) ?? ConfigKeys()
        // A Swift file holding one comment: SwiftPM would turn any other kind of output into a resource bundle.
        let stamp = workFolder.appendingPathComponent("\(name)+lckmigrate-stamp.swift")
        var arguments = [
            "scan", "--directory", projectFolder.path, "--files-from", try sourceList().path,
            "--format", "xcode", "--stamp", stamp.path, "--quiet",
        ]
        if let config { arguments += ["--config", config.path] }
        // Findings fail the build only when the config asks for it with `failOn`.
        if !settings.setsFailOn { arguments += ["--fail-on", "never"] }
        var inputs = sources
        if let config { inputs.append(config) }
        if let baseline = settings.baseline { inputs.append(baseline) }
        return .buildCommand(
            displayName: "lckmigrate scan \(name)", executable: tool, arguments: arguments, inputFiles: inputs,
            outputFiles: [stamp])
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

/// The two keys of a `.lckmigrate.json` the plugin needs before the tool runs; the tool reads (and checks) the
/// whole file itself, so a file this cannot parse is left to it.
struct ConfigKeys {
    var setsFailOn = false
    /// The baseline file, an input of the command, so editing it reruns the scan.
    var baseline: URL?

    init() {}

    init(file: URL) {
        guard let data = try? Data(contentsOf: file),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            setsFailOn = true  // let the tool report the broken config, and fail the build
            return
        }
        setsFailOn = object["failOn"] != nil
        if let path = object["baseline"] as? String {
            baseline = URL(fileURLWithPath: path, relativeTo: file.deletingLastPathComponent()).standardizedFileURL
        }
    }
}
