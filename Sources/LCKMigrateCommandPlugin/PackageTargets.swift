import Foundation
import PackagePlugin

/// A usage mistake, shown by SwiftPM as the plugin's error.
struct PluginUsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The folders of a package's targets and the tool run over them (also compiled into the writing plugin).
enum PackageTargets {
    /// The folders of the named targets, or of every Swift target, relative to the package.
    static func folders(of package: Package, named names: [String]) throws -> [String] {
        let targets = names.isEmpty ? package.targets : try package.targets(named: names)
        let root = package.directoryURL.standardizedFileURL.path
        var folders: [String] = []
        for target in targets {
            // `Target.directoryURL` needs tools version 6.1; the Swift module's has been there since 6.0.
            guard let module = target as? SwiftSourceModuleTarget else {
                if names.isEmpty { continue }
                throw PluginUsageError("target '\(target.name)' is not a Swift target; lckmigrate scans Swift only")
            }
            let path = module.directoryURL.standardizedFileURL.path
            let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
            if !folders.contains(relative) { folders.append(relative) }
        }
        guard !folders.isEmpty else { throw PluginUsageError("the package has no source targets to scan") }
        return folders
    }

    /// `.lckmigrate.json` of the package, given explicitly: the tool would otherwise read the first target's.
    static func packageConfig(of package: Package) -> String? {
        let config = package.directoryURL.appendingPathComponent(".lckmigrate.json")
        return FileManager.default.fileExists(atPath: config.path) ? ".lckmigrate.json" : nil
    }

    /// Runs `tool` in `folder` with the plugin's stdout and stderr; returns its exit status.
    static func run(_ tool: URL, _ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
