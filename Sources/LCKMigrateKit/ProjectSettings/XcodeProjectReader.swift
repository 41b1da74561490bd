import LCKAnalyzers
import LCKCore

/// The targets of one `project.pbxproj`: deployment target (lowest across build configurations, the
/// target's own setting before its `.xcconfig`, then the project's), product type, generated Info.plist
/// keys, Info.plist and entitlements files, and membership (sources build phase or synchronized folders).
struct XcodeProjectReader {
    let document: PBXDocument
    /// The pbxproj's display path; the project folder is the one holding the `.xcodeproj`.
    let path: String
    /// Build settings of the tree's `.xcconfig` files, by base name.
    let xcconfigs: [String: [String: String]]

    var projectFolder: String { DisplayPathPrefix.folder(of: DisplayPathPrefix.folder(of: path)) }

    func targets() -> [SettingsTarget] {
        guard let rootID = document.rootObject, let root = document.objects[rootID] else { return [] }
        let projectConfigurations = configurations(of: root)
        let paths = root.fields["mainGroup"].map(filePaths(from:)) ?? [:]
        return (root.lists["targets"] ?? []).compactMap { id in
            guard let target = document.objects[id], target.isa.hasSuffix("Target") else { return nil }
            return read(target, projectConfigurations: projectConfigurations, paths: paths)
        }
    }

    /// File reference id → display path, walking the group tree from `mainGroup` with an explicit stack:
    /// `<group>` paths are relative to the enclosing group, `SOURCE_ROOT` ones to the project folder.
    private func filePaths(from mainGroup: String) -> [String: String] {
        var paths: [String: String] = [:]
        var pending = [(id: mainGroup, folder: projectFolder)]
        var seen: Set<String> = []
        while let (id, folder) = pending.popLast() {
            guard seen.insert(id).inserted, let object = document.objects[id] else { continue }
            let own = object.fields["path"]
            let resolved: String? =
                switch object.fields["sourceTree"] ?? "<group>" {
                case "<group>": own.map { DisplayPathPrefix.join(folder, $0) } ?? folder
                case "SOURCE_ROOT": own.map { DisplayPathPrefix.join(projectFolder, $0) } ?? projectFolder
                default: nil
                }
            guard let resolved else { continue }
            if let children = object.lists["children"] {
                for child in children.reversed() { pending.append((child, resolved)) }
            } else {
                paths[id] = resolved
            }
        }
        return paths
    }

    private func read(
        _ target: PBXObject, projectConfigurations: [String: PBXObject], paths: [String: String]
    ) -> SettingsTarget {
        let own = configurations(of: target)
        var versions: [OSVersion] = []
        var generated: DeclaredKeys?
        var infoPlistFile: String?
        var entitlements: String?
        for (name, configuration) in own.sorted(by: { $0.key < $1.key }) {
            let fallback = projectConfigurations[name]
            let value = { (key: String) in setting(key, in: configuration) ?? fallback.flatMap { setting(key, in: $0) }
            }
            if let version = value("IPHONEOS_DEPLOYMENT_TARGET").flatMap(OSVersion.init(parsing:)) {
                versions.append(version)
            }
            infoPlistFile = infoPlistFile ?? value("INFOPLIST_FILE")
            entitlements = entitlements ?? value("CODE_SIGN_ENTITLEMENTS")
            if value("GENERATE_INFOPLIST_FILE") == "YES" || !generatedKeys(configuration).isEmpty {
                var keys = generated ?? DeclaredKeys(dictionary: spot(configuration.buildSettingsRange))
                for (key, range) in generatedKeys(configuration) + (fallback.map(generatedKeys) ?? []) {
                    keys.declare(key, at: spot(range))
                }
                generated = keys
            }
        }
        let productType = target.fields["productType"] ?? ""
        var result = SettingsTarget(
            name: target.fields["name"] ?? "target", root: projectFolder,
            isApplication: productType == "com.apple.product-type.application", deploymentTarget: versions.min(),
            source: path)
        result.generatedInfoPlist = generated
        result.infoPlistPath = infoPlistFile.map { DisplayPathPrefix.join(projectFolder, $0) }
        result.entitlementsPath = entitlements.map { DisplayPathPrefix.join(projectFolder, $0) }
        (result.memberPaths, result.memberNames) = members(of: target, paths: paths)
        result.synchronizedFolders = (target.lists["fileSystemSynchronizedGroups"] ?? []).compactMap { id in
            document.objects[id]?.fields["path"].map { DisplayPathPrefix.join(projectFolder, $0) }
        }
        return result
    }

    /// Configuration name → configuration, for a target or the project.
    private func configurations(of owner: PBXObject) -> [String: PBXObject] {
        guard let listID = owner.fields["buildConfigurationList"], let list = document.objects[listID] else {
            return [:]
        }
        var result: [String: PBXObject] = [:]
        for id in list.lists["buildConfigurations"] ?? [] {
            guard let configuration = document.objects[id] else { continue }
            result[configuration.fields["name"] ?? id] = configuration
        }
        return result
    }

    /// A build setting of a configuration, or of its base `.xcconfig`; `$(inherited)` and other variables
    /// stay unresolved (nil).
    private func setting(_ key: String, in configuration: PBXObject) -> String? {
        if let own = configuration.buildSettings[key]?.value, !own.contains("$(inherited)") { return own }
        guard let reference = configuration.fields["baseConfigurationReference"],
            let file = document.objects[reference]?.fields["path"]
        else { return nil }
        let base = file.split(separator: "/").last.map(String.init) ?? file
        return xcconfigs[base]?[key]
    }

    private func generatedKeys(_ configuration: PBXObject) -> [(String, ByteRange)] {
        configuration.buildSettings.compactMap { key, setting in
            key.hasPrefix("INFOPLIST_KEY_") ? (String(key.dropFirst(14)), setting.range) : nil
        }.sorted { $0.0 < $1.0 }
    }

    /// The target's source files: display paths where the group tree resolves them, base names otherwise.
    private func members(of target: PBXObject, paths: [String: String]) -> (Set<String>, Set<String>) {
        var full: Set<String> = []
        var names: Set<String> = []
        for phaseID in target.lists["buildPhases"] ?? [] {
            guard let phase = document.objects[phaseID], phase.isa == "PBXSourcesBuildPhase" else { continue }
            for fileID in phase.lists["files"] ?? [] {
                guard let reference = document.objects[fileID]?.fields["fileRef"] else { continue }
                if let resolved = paths[reference] {
                    full.insert(resolved)
                } else if let path = document.objects[reference]?.fields["path"] {
                    names.insert(path.split(separator: "/").last.map(String.init) ?? path)
                }
            }
        }
        return (full, names)
    }

    private func spot(_ range: ByteRange?) -> SettingsSpot {
        SettingsSpot(path: path, range: range ?? ByteRange(start: 0, end: 0))
    }
}
