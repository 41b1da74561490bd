import Foundation
import LCKTestSupport
import Testing

@testable import lckmigrate_artifactbundle

/// The plugin package's manifest is derived from this checkout's: the same plugins, and nothing it cannot carry.
@Suite struct PluginPackageManifestTests {
    private func description(of folder: String) throws -> [String: Any] {
        let data = try ToolProcess.output(ArtifactBundleWriter.dumpPackage, in: folder)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func plugins(_ package: [String: Any]) -> [String: String] {
        let targets = package["targets"] as? [[String: Any]] ?? []
        var capabilities: [String: String] = [:]
        for target in targets where target["type"] as? String == "plugin" {
            let capability = target["pluginCapability"] ?? NSNull()
            let data = (try? JSONSerialization.data(withJSONObject: capability, options: [.sortedKeys])) ?? Data()
            capabilities[target["name"] as? String ?? "?"] = String(decoding: data, as: UTF8.self)
        }
        return capabilities
    }

    /// SwiftPM reads the written manifest back as the checkout's plugins, with `lckmigrate` a binary target.
    @Test func theWrittenManifestDeclaresTheCheckoutsPlugins() throws {
        let checkout = try description(of: PackageRoot.path)
        let data = try JSONSerialization.data(withJSONObject: checkout)
        let manifest = try PluginPackageManifest(dumpPackage: data)
        let tree = try TemporaryTree()
        _ = try tree.file("Package.swift", manifest.source(version: "9.9.9"))
        _ = try tree.file("lckmigrate.artifactbundle/info.json", "{}\n")
        for plugin in manifest.plugins { _ = try tree.file(plugin.path + "/Plugin.swift", "\n") }
        let written = try description(of: tree.root)
        #expect(plugins(written) == plugins(checkout))
        #expect(plugins(written).count == 3)
        let binary = (written["targets"] as? [[String: Any]] ?? []).first { $0["name"] as? String == "lckmigrate" }
        #expect(binary?["type"] as? String == "binary")
    }

    @Test func aPluginNeedingMoreThanLckmigrateIsRefused() throws {
        let json = """
            {"targets": [{"name": "P", "type": "plugin", "path": "Sources/P", "pluginCapability": {"buildTool": null},
              "dependencies": [{"byName": ["lckmigrate", null]}, {"byName": ["other", null]}]}]}
            """
        #expect(throws: BundleError.failed("plugin P must depend on lckmigrate alone to run from the bundle")) {
            try PluginPackageManifest(dumpPackage: Data(json.utf8))
        }
    }

    @Test func anUnknownCapabilityOrPermissionIsRefused() throws {
        let capability = """
            {"targets": [{"name": "P", "type": "plugin", "path": "Sources/P", "pluginCapability": {"macro": null},
              "dependencies": [{"byName": ["lckmigrate", null]}]}]}
            """
        #expect(throws: BundleError.self) { try PluginPackageManifest(dumpPackage: Data(capability.utf8)) }
        let permission = """
            {"targets": [{"name": "P", "type": "plugin", "path": "Sources/P", "dependencies": [{"byName": ["lckmigrate", null]}],
              "pluginCapability": {"command": [{"custom": {"verb": "v", "description": "d"}}, [{"allowNetworkConnections": {}}]]}}]}
            """
        #expect(throws: BundleError.self) { try PluginPackageManifest(dumpPackage: Data(permission.utf8)) }
        #expect(throws: BundleError.self) { try PluginPackageManifest(dumpPackage: Data(#"{"targets": []}"#.utf8)) }
    }
}
