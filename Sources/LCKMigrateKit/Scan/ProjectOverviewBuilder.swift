import LCKCore
import LCKRules

/// Builds the scan's `ProjectOverview`: the targets the settings name, the target of each file with
/// findings, and the Objective-C files that name CallKit or PushKit types.
enum ProjectOverviewBuilder {
    /// The overview of a scan run with `request`, and the notes for Objective-C files too large to search.
    static func build(
        _ settings: ProjectSettings?, _ findings: [Finding], _ objectiveCFiles: [DiscoveredFile],
        _ request: ScanRequest
    ) -> (overview: ProjectOverview, problems: [FileProblem]) {
        build(
            settings: settings, findings: findings, objectiveCFiles: objectiveCFiles, rules: request.analyzer.rules,
            maxFileSize: request.discovery.maxFileSize)
    }

    static func build(
        settings: ProjectSettings?, findings: [Finding], objectiveCFiles: [DiscoveredFile], rules: RuleTable,
        maxFileSize: Int?
    ) -> (overview: ProjectOverview, problems: [FileProblem]) {
        var overview = ProjectOverview()
        if let settings {
            overview.targets = settings.targets.map {
                ProjectTarget(
                    name: $0.name, deploymentTarget: $0.deploymentTarget, isApplication: $0.isApplication,
                    source: $0.source)
            }
            var seen: Set<PathKey> = []
            for finding in findings where seen.insert(PathKey(finding.path)).inserted {
                if let name = targetName(of: finding.path, in: settings) {
                    overview.fileTargets[PathKey(finding.path)] = FileTarget(
                        name: name, deploymentTarget: settings.deploymentTarget(for: finding.path))
                }
            }
        }
        var problems: [FileProblem] = []
        overview.notAnalyzed = ObjectiveCInventory.notAnalyzed(
            objectiveCFiles, typeNames: rules.frameworkTypeNames, maxFileSize: maxFileSize, problems: &problems)
        return (overview, problems)
    }

    /// The target a file is reported under: the targets listing it (several joined with " + "), else the
    /// SwiftPM package or Info.plist app of the deepest folder holding it, a package's file under its
    /// SwiftPM target's folder (`Sources/NAME/…` → NAME). An Xcode project's folder is no evidence (its
    /// targets list their files) and a Podfile builds nothing: nil when nothing else holds the file.
    static func targetName(of path: String, in settings: ProjectSettings) -> String? {
        var indices = settings.targets.indices.filter { settings.targets[$0].lists(path) }
        if indices.isEmpty {
            indices = settings.targetIndices(for: path).filter {
                !settings.targets[$0].source.hasSuffix(".pbxproj") && !settings.targets[$0].source.hasSuffix("Podfile")
            }
        }
        let names = indices.map { index in
            let target = settings.targets[index]
            return target.source.hasSuffix("Package.swift")
                ? swiftPMTarget(of: path, packageRoot: target.root) ?? target.name : target.name
        }
        guard !names.isEmpty else { return nil }
        return Array(Set(names)).sorted().joined(separator: " + ")
    }

    /// `NAME` for `ROOT/Sources/NAME/…`, `ROOT/Tests/NAME/…` or `ROOT/Plugins/NAME/…`.
    static func swiftPMTarget(of path: String, packageRoot: String) -> String? {
        let inside = packageRoot.isEmpty || packageRoot == "." ? path : String(path.dropFirst(packageRoot.count + 1))
        let parts = inside.split(separator: "/")
        guard parts.count >= 3, ["Sources", "Tests", "Plugins"].contains(parts[0]) else { return nil }
        return String(parts[1])
    }
}

/// The Objective-C files of the tree that name CallKit or PushKit types: lckmigrate analyzes only Swift,
/// so these are listed as not analyzed, with their counts, instead of being silently left out.
enum ObjectiveCInventory {
    /// Each file is searched once for the rule table's type names (`IdentifierSearch`, no lexing); a file
    /// over `maxFileSize` is skipped with a note, like a Swift file.
    static func notAnalyzed(
        _ files: [DiscoveredFile], typeNames: [String], maxFileSize: Int?, problems: inout [FileProblem]
    ) -> [NotAnalyzedFile] {
        guard !files.isEmpty, !typeNames.isEmpty else { return [] }
        let search = IdentifierSearch(names: typeNames)
        var listed: [NotAnalyzedFile] = []
        for file in files {
            if let limit = maxFileSize,
                case .success(let status) = Platform.status(of: file.fileSystemPath, followLinks: true),
                status.size > limit
            {
                problems.append(
                    FileProblem(
                        path: file.displayPath,
                        message:
                            "skipped: \(status.size) bytes is larger than --max-file-size (\(limit) bytes); "
                            + "not searched for CallKit names",
                        kind: .skipped))
                continue
            }
            guard case .success(let bytes) = SourceReader.read(file, requireUTF8: false), search.matches(bytes) else {
                continue
            }
            let counts = search.occurrences(in: bytes).sorted { $0.key < $1.key }
            listed.append(
                NotAnalyzedFile(
                    path: file.displayPath, mentions: counts.reduce(0) { $0 + $1.value },
                    symbols: counts.map { (name: $0.key, count: $0.value) }))
        }
        return listed
    }
}
