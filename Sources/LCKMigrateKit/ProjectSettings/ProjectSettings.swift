import LCKAnalyzers
import LCKCore

/// What the scanned tree's settings files say: its targets with their deployment targets, Info.plists
/// and entitlements, and a note per file that could not be read. Built only when discovery found
/// settings files, so a tree of plain Swift files pays nothing.
public struct ProjectSettings: Sendable {
    public private(set) var targets: [SettingsTarget] = []
    /// One per unreadable settings file: `line N: why`.
    public private(set) var notes: [FileProblem] = []
    /// Property lists by display path.
    var plists: [String: PlistDocument] = [:]

    public init() {}

    /// Reads `files` (discovery's settings files, in path order); `read` gives a file's bytes.
    public init(files: [DiscoveredFile], read: (DiscoveredFile) -> [UInt8]?) {
        self.init(contents: files.compactMap { file in read(file).map { (file.displayPath, $0) } })
    }

    /// Reads settings files given as (display path, bytes), in path order.
    public init(contents: [(path: String, bytes: [UInt8])]) {
        let xcconfigFiles = contents.filter { SettingsFileKind(path: $0.path) == .xcconfig }
        let includes = XcconfigIncludes(
            files: Dictionary(xcconfigFiles.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first }))
        notes += includes.notes
        var xcconfigs: [String: [String: String]] = [:]
        for (path, _) in xcconfigFiles { xcconfigs[path] = includes.settings(of: path) }
        for (path, bytes) in contents { take(path, bytes: bytes, xcconfigs: xcconfigs) }
        addImplicitApplications()
    }

    private mutating func take(_ path: String, bytes: [UInt8], xcconfigs: [String: [String: String]]) {
        let folder = DisplayPathPrefix.folder(of: path)
        switch SettingsFileKind(path: path) {
        case .pbxproj:
            switch PBXScanner.scan(bytes) {
            case .failure(let problem): notes.append(problem.note(path: path, bytes: bytes))
            case .success(let document):
                targets += XcodeProjectReader(document: document, path: path, xcconfigs: xcconfigs).targets()
            }
        case .plist, .entitlements:
            switch PlistScanner.scan(bytes) {
            case .failure(let problem): notes.append(problem.note(path: path, bytes: bytes))
            case .success(let document): plists[path] = document
            }
        case .package:
            if let version = BuildFileReaders.packagePlatform(bytes) {
                targets.append(
                    SettingsTarget(
                        name: "package \(Self.baseName(folder))", root: folder, isApplication: false,
                        deploymentTarget: version, source: path))
            }
        case .podfile:
            if let version = BuildFileReaders.podfilePlatform(bytes) {
                targets.append(
                    SettingsTarget(
                        name: "Podfile", root: folder, isApplication: false, deploymentTarget: version, source: path))
            }
        case .xcconfig, nil:
            break
        }
    }

    /// An app's Info.plist no project file names (a tree without its `.xcodeproj`) stands for an app
    /// target in its folder, unless it belongs to an extension, a framework or a test bundle.
    private mutating func addImplicitApplications() {
        let named = Set(targets.compactMap(\.infoPlistPath))
        let projectFolders = targets.filter { $0.source.hasSuffix(".pbxproj") }.map(\.root)
        for (path, document) in plists.sorted(by: { $0.key < $1.key }) where SettingsFileKind(path: path) == .plist {
            guard !named.contains(path), Self.baseName(path).hasSuffix("Info.plist"),
                !projectFolders.contains(where: { DisplayPathPrefix.contains($0, path) }),
                document.keys["NSExtension"] == nil, !path.contains("Test")
            else { continue }
            let folder = DisplayPathPrefix.folder(of: path)
            var target = SettingsTarget(
                name: folder.isEmpty ? "app" : Self.baseName(folder), root: folder, isApplication: true,
                deploymentTarget: nil, source: path)
            target.infoPlistPath = path
            target.entitlementsPath = plists.keys.sorted().first {
                SettingsFileKind(path: $0) == .entitlements && DisplayPathPrefix.folder(of: $0) == folder
            }
            targets.append(target)
        }
        // An entitlements file alone (no Info.plist beside it) still stands for its folder's app.
        let claimed = Set(targets.compactMap(\.entitlementsPath))
        for path in plists.keys.sorted() where SettingsFileKind(path: path) == .entitlements && !claimed.contains(path)
        {
            let folder = DisplayPathPrefix.folder(of: path)
            guard !projectFolders.contains(where: { DisplayPathPrefix.contains($0, path) }),
                !targets.contains(where: { $0.root == folder && $0.entitlementsPath != nil })
            else { continue }
            if let index = targets.firstIndex(where: { $0.root == folder && $0.source.hasSuffix("Info.plist") }) {
                targets[index].entitlementsPath = path
                continue
            }
            var target = SettingsTarget(
                name: folder.isEmpty ? "app" : Self.baseName(folder), root: folder, isApplication: true,
                deploymentTarget: nil, source: path)
            target.entitlementsPath = path
            targets.append(target)
        }
    }

    static func baseName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

    /// The targets a Swift file belongs to: those listing it, else those of the deepest folder holding it.
    func targetIndices(for path: String) -> [Int] {
        let listing = targets.indices.filter { targets[$0].lists(path) }
        if !listing.isEmpty { return listing }
        var deepest: [Int] = []
        var depth = -1
        for index in targets.indices where DisplayPathPrefix.contains(targets[index].root, path) {
            let rootDepth = targets[index].root.isEmpty ? 0 : targets[index].root.split(separator: "/").count
            if rootDepth > depth {
                depth = rootDepth
                deepest = [index]
            } else if rootDepth == depth {
                deepest.append(index)
            }
        }
        return deepest
    }

    /// The deployment target a Swift file is built for. A file some target builds (its sources build phase,
    /// a synchronized folder) gets the lowest of those targets' (the oldest system that runs the code; nil
    /// when they build for another platform or name none): a file of a watchOS target never takes the iOS
    /// app's. Any other file gets the lowest of the targets of the deepest folder holding it, else of the
    /// targets whose folder holds it; nil when none names one. A file outside every project's folder (a
    /// scan of several apps side by side) is unknown, so one app's target never applies to another's code.
    public func deploymentTarget(for path: String) -> OSVersion? {
        let listing = targets.filter { $0.lists(path) }
        if !listing.isEmpty { return listing.compactMap(\.deploymentTarget).min() }
        if let own = targetIndices(for: path).compactMap({ targets[$0].deploymentTarget }).min() { return own }
        return targets.filter { DisplayPathPrefix.contains($0.root, path) }.compactMap(\.deploymentTarget).min()
    }

    public var lowestDeploymentTarget: OSVersion? { targets.compactMap(\.deploymentTarget).min() }

    /// Each target's facts for the settings rules, its code usage gathered from `usage` (path, usage).
    package func appTargetFacts(usage: [(path: String, usage: CodeUsage)]) -> [AppTargetFacts] {
        var facts = targets.map { target in
            var fact = AppTargetFacts(
                name: target.name, isApplication: target.isApplication, deploymentTarget: target.deploymentTarget)
            fact.infoPlist = infoPlist(of: target)
            fact.entitlements = target.entitlementsPath.flatMap { path in plists[path].map { declared($0, path) } }
            return fact
        }
        for (path, fileUsage) in usage {
            for index in targetIndices(for: path) { facts[index].usage.merge(fileUsage) }
        }
        return facts
    }

    /// The Info.plist file's keys with the generated ones; nil when neither is known.
    private func infoPlist(of target: SettingsTarget) -> DeclaredKeys? {
        let file = target.infoPlistPath.flatMap { path in plists[path].map { declared($0, path) } }
        guard var keys = file ?? target.generatedInfoPlist else { return nil }
        if file != nil, let generated = target.generatedInfoPlist {
            for (key, spot) in generated.keys.sorted(by: { $0.key < $1.key }) { keys.declare(key, at: spot) }
        }
        return keys
    }

    private func declared(_ document: PlistDocument, _ path: String) -> DeclaredKeys {
        var keys = DeclaredKeys(dictionary: SettingsSpot(path: path, range: document.dictionary))
        for (key, range) in document.keys.sorted(by: { $0.key < $1.key }) {
            keys.declare(key, at: SettingsSpot(path: path, range: range), values: document.arrays[key] ?? [])
        }
        return keys
    }
}

/// The settings files discovery keeps beside Swift files.
public enum SettingsFileKind: Sendable {
    case pbxproj, plist, entitlements, xcconfig, podfile, package

    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name == "project.pbxproj" {
            guard DisplayPathPrefix.folder(of: path).hasSuffix(".xcodeproj") else { return nil }
            self = .pbxproj
        } else if name.hasSuffix("Info.plist") {
            self = .plist
        } else if name.hasSuffix(".entitlements") {
            self = .entitlements
        } else if name.hasSuffix(".xcconfig") {
            self = .xcconfig
        } else if name == "Podfile" {
            self = .podfile
        } else if name == "Package.swift" {
            self = .package
        } else {
            return nil
        }
    }
}
