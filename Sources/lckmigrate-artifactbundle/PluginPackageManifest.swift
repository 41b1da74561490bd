import Foundation

/// The plugin package's Package.swift, derived from this checkout's own manifest (`swift package dump-package`
/// JSON) so the two cannot drift: the same plugin products, capabilities, verbs, permissions and source
/// folders, with `lckmigrate` a binary target (the bundle) instead of an executable built from source.
struct PluginPackageManifest {
    /// A plugin target of the checkout's manifest.
    struct Plugin: Equatable {
        var name: String
        /// Its sources' folder, the same in the plugin package.
        var path: String
        /// The `capability:` argument, as Swift source.
        var capability: String
    }

    var plugins: [Plugin]

    /// Reads the plugin targets of `dump-package` output. Every one must depend on `lckmigrate` alone (the one
    /// tool the bundle provides) and have a capability this writer knows; anything else is an error, not a
    /// plugin silently left out.
    init(dumpPackage data: Data) throws {
        guard let package = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let targets = package["targets"] as? [[String: Any]]
        else { throw BundleError.failed("`swift package dump-package` printed no package description") }
        plugins = try targets.filter { $0["type"] as? String == "plugin" }.map(Self.plugin)
        if plugins.isEmpty { throw BundleError.failed("the package declares no plugin to put in the bundle") }
    }

    private static func plugin(_ target: [String: Any]) throws -> Plugin {
        let name = target["name"] as? String ?? "?"
        let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).map { dependency in
            (dependency["byName"] as? [Any])?.first as? String
        }
        guard dependencies == ["lckmigrate"] else {
            throw BundleError.failed("plugin \(name) must depend on lckmigrate alone to run from the bundle")
        }
        guard let path = target["path"] as? String, let capability = target["pluginCapability"] as? [String: Any]
        else { throw BundleError.failed("plugin \(name) has no path or capability in the package description") }
        return Plugin(name: name, path: path, capability: try Self.capability(capability, of: name))
    }

    private static func capability(_ capability: [String: Any], of name: String) throws -> String {
        if capability.keys.contains("buildTool") { return ".buildTool()" }
        guard let command = capability["command"] as? [Any], command.count == 2,
            let intent = (command[0] as? [String: Any])?["custom"] as? [String: Any],
            let verb = intent["verb"] as? String, let description = intent["description"] as? String,
            let permissions = command[1] as? [[String: Any]]
        else { throw BundleError.failed("plugin \(name) has a capability this writer does not know") }
        var reasons: [String] = []
        for permission in permissions {
            guard let write = permission["writeToPackageDirectory"] as? [String: Any],
                let reason = write["reason"] as? String
            else { throw BundleError.failed("plugin \(name) asks for a permission this writer does not know") }
            reasons.append(reason)
        }
        let literalIntent = ".custom(verb: \(literal(verb)), description: \(literal(description)))"
        if reasons.isEmpty { return ".command(intent: \(literalIntent))" }
        let literalPermissions = reasons.map { ".writeToPackageDirectory(reason: \(literal($0)))" }
        return ".command(intent: \(literalIntent), permissions: [\(literalPermissions.joined(separator: ", "))])"
    }

    private static func literal(_ text: String) -> String { "\"\(ArtifactBundleInfo.escaped(text))\"" }

    /// The manifest text.
    func source(version: String) -> String {
        let products = plugins.map { "        .plugin(name: \"\($0.name)\", targets: [\"\($0.name)\"])," }
        let targets = plugins.map { plugin in
            """
                    .plugin(
                        name: "\(plugin.name)",
                        capability: \(plugin.capability),
                        dependencies: ["lckmigrate"], path: "\(plugin.path)"
                    ),
            """
        }
        return """
            // swift-tools-version:6.0
            // Written by lckmigrate-artifactbundle (lckmigrate \(version)): lckmigrate's plugins running the
            // prebuilt binary in lckmigrate.artifactbundle instead of building lckmigrate from source.
            import PackageDescription

            let package = Package(
                name: "lckmigrate",
                products: [
            \(products.joined(separator: "\n"))
                ],
                targets: [
                    .binaryTarget(name: "lckmigrate", path: "lckmigrate.artifactbundle"),
            \(targets.joined(separator: "\n"))
                ]
            )

            """
    }
}
