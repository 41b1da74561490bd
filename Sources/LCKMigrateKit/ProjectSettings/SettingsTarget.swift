import LCKAnalyzers
import LCKCore

/// One target the settings describe: an Xcode native target, a Swift package, a Podfile's platform, or
/// an app known only from an Info.plist in the tree.
public struct SettingsTarget: Sendable {
    public var name: String
    /// The folder whose files the target covers when nothing more precise says (display path, "" = ".").
    public var root: String
    public var isApplication: Bool
    /// The lowest across build configurations; nil when unknown.
    public var deploymentTarget: OSVersion?
    /// Where the deployment target was read (`App.xcodeproj/project.pbxproj`), for the summary.
    public var source: String
    /// Display paths of the files in the target's sources build phase (resolved through the group tree).
    var memberPaths: Set<String> = []
    /// Base names of the ones the group tree does not place.
    var memberNames: Set<String> = []
    /// Folders (display paths) synchronized with the target (Xcode 16 `PBXFileSystemSynchronizedRootGroup`).
    var synchronizedFolders: [String] = []
    /// Files (or folders) of those folders that are not the target's (an Xcode 16 membership exception).
    var synchronizedExclusions: Set<String> = []
    /// The Info.plist file (display path) named by `INFOPLIST_FILE`, and the generated keys.
    var infoPlistPath: String?
    var generatedInfoPlist: DeclaredKeys?
    /// The entitlements file (display path) named by `CODE_SIGN_ENTITLEMENTS`.
    var entitlementsPath: String?

    init(name: String, root: String, isApplication: Bool, deploymentTarget: OSVersion?, source: String) {
        self.name = name
        self.root = root
        self.isApplication = isApplication
        self.deploymentTarget = deploymentTarget
        self.source = source
    }

    /// Whether the Swift file at `path` is listed in the target's sources or lies in one of its folders.
    func lists(_ path: String) -> Bool {
        if memberPaths.contains(path) { return true }
        let base = path.split(separator: "/").last.map(String.init) ?? path
        if memberNames.contains(base) { return true }
        if synchronizedExclusions.contains(where: { $0 == path || DisplayPathPrefix.contains($0, path) }) {
            return false
        }
        return synchronizedFolders.contains { DisplayPathPrefix.contains($0, path) }
    }
}

/// Folder containment on display paths (`""` is the current folder).
enum DisplayPathPrefix {
    static func contains(_ folder: String, _ path: String) -> Bool {
        folder.isEmpty || folder == "." || path.hasPrefix(folder + "/")
    }

    /// The folder of a display path (`""` for a file in the current folder).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// `relative` resolved against `folder` (`..` and `.` components, `$(SRCROOT)/` removed).
    static func join(_ folder: String, _ relative: String) -> String {
        var rest = relative
        for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/"] where rest.hasPrefix(prefix)
        {
            rest.removeFirst(prefix.count)
        }
        var parts = folder.isEmpty || folder == "." ? [] : folder.split(separator: "/").map(String.init)
        for part in rest.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
            } else {
                parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }
}
