import LCKAnalyzers
import LCKCore

/// The targets of one `project.pbxproj`: deployment target, product type, generated Info.plist keys,
/// Info.plist and entitlements files, and membership (`XcodeTargetMembership`).
///
/// A setting is looked up as Xcode layers it (`BuildSettingLevels`): the target's configuration, its
/// `baseConfigurationReference` `.xcconfig`, the project's configuration of the same name, the project's
/// `.xcconfig`; `$(inherited)` continues at the level below. When the configurations (Debug, Release, …)
/// name different deployment targets the lowest is the target's: the build that runs on the oldest
/// systems is the one an unguarded LiveCommunicationKit call breaks. A configuration that builds for
/// another platform (`SDKROOT = watchos`) names no iOS deployment target.
struct XcodeProjectReader {
    let document: PBXDocument
    /// The pbxproj's display path; the project folder is the one holding the `.xcodeproj`.
    let path: String
    /// Build settings of the tree's `.xcconfig` files, by display path.
    let xcconfigs: [String: [String: String]]

    var projectFolder: String { DisplayPathPrefix.folder(of: DisplayPathPrefix.folder(of: path)) }

    /// The targets the project object lists; a file without one (no `rootObject`, or a project trimmed by
    /// hand) still has its native targets read, in id order, with the lone `PBXProject`'s settings if any.
    func targets() -> [SettingsTarget] {
        let root =
            document.rootObject.flatMap { document.objects[$0] }
            ?? document.objects.keys.sorted().lazy.compactMap { document.objects[$0] }.first { $0.isa == "PBXProject" }
        let listed = root?.lists["targets"]
        let ids =
            listed
            ?? document.objects.keys.sorted().filter {
                ["PBXNativeTarget", "PBXAggregateTarget", "PBXLegacyTarget"].contains(document.objects[$0]?.isa)
            }
        let projectConfigurations = root.map(configurations(of:)) ?? [:]
        let paths = root?.fields["mainGroup"].map(filePaths(from:)) ?? [:]
        let membership = XcodeTargetMembership(document: document, projectFolder: projectFolder, paths: paths)
        return ids.compactMap { id in
            guard let target = document.objects[id], target.isa.hasSuffix("Target") else { return nil }
            var result = read(target, projectConfigurations: projectConfigurations, paths: paths)
            membership.apply(to: &result, target: target, id: id)
            return result
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
        var versions: [OSVersion] = []
        var generated: DeclaredKeys?
        var infoPlistFile: String?
        var entitlements: String?
        for (name, configuration) in configurations(of: target).sorted(by: { $0.key < $1.key }) {
            let fallback = projectConfigurations[name]
            let levels = BuildSettingLevels(levels: [
                configuration.buildSettings.mapValues(\.value), baseSettings(of: configuration, paths: paths),
                fallback?.buildSettings.mapValues(\.value) ?? [:],
                fallback.map { baseSettings(of: $0, paths: paths) } ?? [:],
            ])
            if levels.buildsForIOS,
                let version = levels.value("IPHONEOS_DEPLOYMENT_TARGET").flatMap(OSVersion.init(parsing:))
            {
                versions.append(version)
            }
            infoPlistFile = infoPlistFile ?? levels.value("INFOPLIST_FILE")
            entitlements = entitlements ?? levels.value("CODE_SIGN_ENTITLEMENTS")
            if levels.value("GENERATE_INFOPLIST_FILE") == "YES" || !generatedKeys(configuration).isEmpty {
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

    /// The settings of a configuration's base `.xcconfig`: the file the group tree places at
    /// `baseConfigurationReference` (or, Xcode 16, `baseConfigurationReferenceRelativePath` inside the
    /// synchronized folder `baseConfigurationReferenceAnchor`), else the tree's first `.xcconfig` of that
    /// name; empty when the tree holds no such file.
    private func baseSettings(of configuration: PBXObject, paths: [String: String]) -> [String: String] {
        let written: String
        if let reference = configuration.fields["baseConfigurationReference"] {
            if let placed = paths[reference], let settings = xcconfigs[placed] { return settings }
            guard let file = document.objects[reference]?.fields["path"] else { return [:] }
            written = file
        } else if let anchor = configuration.fields["baseConfigurationReferenceAnchor"],
            let relative = configuration.fields["baseConfigurationReferenceRelativePath"]
        {
            let folder =
                paths[anchor]
                ?? document.objects[anchor]?.fields["path"].map {
                    DisplayPathPrefix.join(projectFolder, $0)
                }
            if let folder, let settings = xcconfigs[DisplayPathPrefix.join(folder, relative)] { return settings }
            written = relative
        } else {
            return [:]
        }
        let base = ProjectSettings.baseName(written)
        return xcconfigs.keys.sorted().first { ProjectSettings.baseName($0) == base }.flatMap { xcconfigs[$0] } ?? [:]
    }

    private func generatedKeys(_ configuration: PBXObject) -> [(String, ByteRange)] {
        configuration.buildSettings.compactMap { key, setting in
            key.hasPrefix("INFOPLIST_KEY_") ? (String(key.dropFirst(14)), setting.range) : nil
        }.sorted { $0.0 < $1.0 }
    }

    private func spot(_ range: ByteRange?) -> SettingsSpot {
        SettingsSpot(path: path, range: range ?? ByteRange(start: 0, end: 0))
    }
}
