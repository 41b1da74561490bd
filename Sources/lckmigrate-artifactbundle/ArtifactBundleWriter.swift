import Foundation

/// Writes the plugin package with its artifact bundle: builds (or takes) the binary, reads the checkout's
/// plugins, assembles everything in a sibling folder and moves it into place.
struct ArtifactBundleWriter {
    /// This checkout's root: its Package.swift and plugin sources.
    let packageRoot: String

    struct Written: Equatable {
        var output: String
        var version: String
        var triples: [String]
    }

    func write(_ request: BundleRequest, variant: BundleVariant? = nil) throws -> Written {
        let files = FileManager.default
        guard files.fileExists(atPath: packageRoot + "/Package.swift") else {
            throw BundleError.usage("no Package.swift in \(packageRoot): run from the lckmigrate checkout's root")
        }
        let output = absolute(request.output)
        if files.fileExists(atPath: output) {
            guard request.force else { throw BundleError.usage("\(request.output) exists; pass --force to replace it") }
            // --force replaces only what this tool wrote: never the checkout, a folder around it, or anything else.
            guard files.fileExists(atPath: output + "/lckmigrate.artifactbundle/info.json"),
                output != packageRoot, !packageRoot.hasPrefix(output + "/")
            else {
                throw BundleError.usage(
                    "\(request.output) is not a plugin package this tool wrote (no lckmigrate.artifactbundle/info.json); "
                        + "--force replaces only such a folder: name a new folder")
            }
        }
        let parent = (output as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard files.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue else {
            throw BundleError.usage("the folder \(parent) of --output does not exist; create it first")
        }
        let variant = try variant ?? BundleVariant.host()
        let binary = try request.binary.map(absolute) ?? build(variant)
        guard files.isExecutableFile(atPath: binary) else {
            throw BundleError.usage("--binary \(binary) is not an executable file")
        }
        let version = try ToolProcess.version(ofBinary: binary)
        let manifest = try PluginPackageManifest(
            dumpPackage: ToolProcess.output(Self.dumpPackage, in: packageRoot))

        let staging = parent + "/." + (output as NSString).lastPathComponent + ".partial-\(getpid())"
        try? files.removeItem(atPath: staging)
        do {
            try assemble(in: staging, binary: binary, version: version, variant: variant, manifest: manifest)
            if files.fileExists(atPath: output) { try files.removeItem(atPath: output) }
            try files.moveItem(atPath: staging, toPath: output)
        } catch {
            try? files.removeItem(atPath: staging)
            if let error = error as? BundleError { throw error }
            throw BundleError.failed("writing \(request.output) failed: \(error.localizedDescription)")
        }
        return Written(output: request.output, version: version, triples: variant.triples)
    }

    /// `swift package dump-package` with its own scratch folder: the package's `.build` may be locked by the
    /// `swift run` or `swift test` this runs under, and a description needs no build.
    static var dumpPackage: [String] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lckmigrate-artifactbundle-manifest")
        return ["swift", "package", "--scratch-path", scratch.path, "dump-package"]
    }

    /// `path` from the command line (relative to the folder it ran in, which is the package root).
    private func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: packageRoot)).standardizedFileURL.path
    }

    /// `swift build -c release` of the `lckmigrate` product for this variant; returns the binary's path.
    private func build(_ variant: BundleVariant) throws -> String {
        let arguments = ["swift", "build", "-c", "release", "--product", "lckmigrate"] + variant.buildArguments
        _ = try ToolProcess.output(arguments, in: packageRoot, showsOutput: true)
        let folder = String(
            decoding: try ToolProcess.output(arguments + ["--show-bin-path"], in: packageRoot), as: UTF8.self)
        return folder.trimmingCharacters(in: .whitespacesAndNewlines) + "/lckmigrate"
    }

    private func assemble(
        in folder: String, binary: String, version: String, variant: BundleVariant, manifest: PluginPackageManifest
    ) throws {
        let files = FileManager.default
        let bundle = folder + "/lckmigrate.artifactbundle"
        let target = bundle + "/" + variant.binaryPath(version: version)
        try files.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try files.copyItem(atPath: binary, toPath: target)
        try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: target)
        try Data(ArtifactBundleInfo.json(version: version, variant: variant).utf8)
            .write(to: URL(fileURLWithPath: bundle + "/info.json"))
        try Data(manifest.source(version: version).utf8).write(to: URL(fileURLWithPath: folder + "/Package.swift"))
        for plugin in manifest.plugins {
            try copySources(of: plugin, into: folder)
        }
    }

    /// Copies a plugin's Swift files, following links (the writing plugin shares a file by a link whose target
    /// the plugin package would not have).
    private func copySources(of plugin: PluginPackageManifest.Plugin, into folder: String) throws {
        let files = FileManager.default
        let source = packageRoot + "/" + plugin.path
        let destination = folder + "/" + plugin.path
        try files.createDirectory(atPath: destination, withIntermediateDirectories: true)
        for name in try files.contentsOfDirectory(atPath: source).sorted() where name.hasSuffix(".swift") {
            let data = try Data(contentsOf: URL(fileURLWithPath: source + "/" + name).resolvingSymlinksInPath())
            try data.write(to: URL(fileURLWithPath: destination + "/" + name))
        }
    }
}
