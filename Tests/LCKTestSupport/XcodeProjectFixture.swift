/// A `project.pbxproj` in the layout Xcode writes (`/* Begin … section */` markers, `/* name */` comments
/// after ids, one key a line, quoted values where Xcode quotes), built from a few facts, so tests of the
/// settings reader read what Xcode writes rather than one-line objects. Ids are 24 hex digits from a counter.
public struct XcodeProjectFixture {
    public struct Configuration {
        public var name: String
        /// Build settings in the order written (`IPHONEOS_DEPLOYMENT_TARGET`, `"$(inherited)"`, …).
        public var settings: [(key: String, value: String)]
        /// The base `.xcconfig` (path from the project folder), a file reference of the group tree.
        public var xcconfig: String?

        public init(_ name: String, _ settings: [(key: String, value: String)] = [], xcconfig: String? = nil) {
            self.name = name
            self.settings = settings
            self.xcconfig = xcconfig
        }
    }

    public struct Target {
        public var name: String
        public var productType: String
        public var configurations: [Configuration]
        /// Source files (paths from the project folder) of its sources build phase, placed in groups by folder.
        public var sources: [String]
        /// Xcode 16 synchronized folders (paths from the project folder).
        public var synchronizedFolders: [String]
        /// Files of synchronized folders (paths from the project folder) whose membership in this target is
        /// the opposite of the folder's: out of it for a folder it owns, in it for another target's folder.
        public var membershipExceptions: [String]

        public init(
            _ name: String, productType: String = "com.apple.product-type.application",
            configurations: [Configuration], sources: [String] = [], synchronizedFolders: [String] = [],
            membershipExceptions: [String] = []
        ) {
            self.name = name
            self.productType = productType
            self.configurations = configurations
            self.sources = sources
            self.synchronizedFolders = synchronizedFolders
            self.membershipExceptions = membershipExceptions
        }
    }

    public var targets: [Target]
    public var projectConfigurations: [Configuration]
    /// Without it the file has no `PBXProject` and no `rootObject` (a hand-trimmed project).
    public var includesProjectObject = true

    public init(targets: [Target], projectConfigurations: [Configuration] = [Configuration("Debug")]) {
        self.targets = targets
        self.projectConfigurations = projectConfigurations
    }

    /// The file's text.
    public func text() -> String {
        var ids = IDs()
        var sections: [String: [String]] = [:]
        let files = Set(targets.flatMap(\.sources) + allConfigurations.compactMap(\.xcconfig)).sorted()
        var fileIDs: [String: String] = [:]
        for path in files { fileIDs[path] = ids.next() }
        let mainGroup = ids.next()
        var groups: [String: [String]] = [:]
        for path in files {
            let (folder, name) = Self.split(path)
            groups[folder, default: []].append("\(fileIDs[path]!) /* \(name) */")
            sections["PBXFileReference", default: []].append(
                "\t\t\(fileIDs[path]!) /* \(name) */ = {isa = PBXFileReference; lastKnownFileType = "
                    + "\(name.hasSuffix(".swift") ? "sourcecode.swift" : "text.xcconfig"); path = \(Self.quoted(name)); "
                    + "sourceTree = \"<group>\"; };")
        }
        var syncIDs: [String: String] = [:]
        for folder in Set(targets.flatMap(\.synchronizedFolders)).sorted() { syncIDs[folder] = ids.next() }
        var topChildren = groups.keys.sorted().filter { !$0.isEmpty }.map { folder in
            let id = ids.next()
            sections["PBXGroup", default: []].append(
                Self.object(
                    id, comment: folder,
                    [
                        "isa = PBXGroup;", "children = (", groups[folder]!.map { "\t\($0)," }.joined(separator: "\n"),
                        ");", "path = \(Self.quoted(folder));", "sourceTree = \"<group>\";",
                    ]))
            return "\(id) /* \(folder) */"
        }
        topChildren += (groups[""] ?? []) + syncIDs.keys.sorted().map { "\(syncIDs[$0]!) /* \($0) */" }
        sections["PBXGroup", default: []].insert(
            Self.object(
                mainGroup, comment: nil,
                [
                    "isa = PBXGroup;", "children = (", topChildren.map { "\t\($0)," }.joined(separator: "\n"), ");",
                    "sourceTree = \"<group>\";",
                ]), at: 0)
        var targetIDs: [String] = []
        for target in targets {
            targetIDs.append(write(target, ids: &ids, fileIDs: fileIDs, syncIDs: syncIDs, sections: &sections))
        }
        writeSynchronizedFolders(syncIDs, targetIDs: targetIDs, ids: &ids, sections: &sections)
        let projectList = configurationList(
            projectConfigurations, owner: "PBXProject \"App\"", ids: &ids, fileIDs: fileIDs, sections: &sections)
        let projectID = ids.next()
        if includesProjectObject {
            sections["PBXProject", default: []].append(
                Self.object(
                    projectID, comment: "Project object",
                    [
                        "isa = PBXProject;", "attributes = {", "\tLastUpgradeCheck = 1600;", "};",
                        "buildConfigurationList = \(projectList) /* Build configuration list for PBXProject \"App\" */;",
                        "compatibilityVersion = \"Xcode 14.0\";", "knownRegions = (", "\ten,", "\tBase,", ");",
                        "mainGroup = \(mainGroup);", "projectDirPath = \"\";", "projectRoot = \"\";", "targets = (",
                        zip(targetIDs, targets).map { "\t\($0) /* \($1.name) */," }.joined(separator: "\n"), ");",
                    ]))
        }
        var out = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 77;\n\tobjects = {\n"
        for section in sections.keys.sorted() {
            out += "\n/* Begin \(section) section */\n" + sections[section]!.joined(separator: "\n")
            out += "\n/* End \(section) section */\n"
        }
        out += "\t};\n"
        if includesProjectObject { out += "\trootObject = \(projectID) /* Project object */;\n" }
        return out + "}\n"
    }

    /// The synchronized folders and their membership exception sets.
    private func writeSynchronizedFolders(
        _ syncIDs: [String: String], targetIDs: [String], ids: inout IDs, sections: inout [String: [String]]
    ) {
        for folder in syncIDs.keys.sorted() {
            let inside = { (index: Int) in
                targets[index].membershipExceptions.filter { $0.hasPrefix(folder + "/") }.map {
                    String($0.dropFirst(folder.count + 1))
                }
            }
            let exceptions = targets.indices.filter { !inside($0).isEmpty }.map { index in
                let id = ids.next()
                sections["PBXFileSystemSynchronizedBuildFileExceptionSet", default: []].append(
                    Self.object(
                        id, comment: "Exceptions for \"\(folder)\" folder in \"\(targets[index].name)\" target",
                        [
                            "isa = PBXFileSystemSynchronizedBuildFileExceptionSet;", "membershipExceptions = (",
                            inside(index).map { "\t\(Self.quoted($0))," }.joined(separator: "\n"),
                            ");", "target = \(targetIDs[index]) /* \(targets[index].name) */;",
                        ]))
                return "\(id) /* PBXFileSystemSynchronizedBuildFileExceptionSet */"
            }
            var lines = ["isa = PBXFileSystemSynchronizedRootGroup;"]
            if !exceptions.isEmpty {
                lines += ["exceptions = ("] + exceptions.map { "\t\($0)," } + [");"]
            }
            lines += ["path = \(Self.quoted(folder));", "sourceTree = \"<group>\";"]
            sections["PBXFileSystemSynchronizedRootGroup", default: []].append(
                Self.object(syncIDs[folder]!, comment: folder, lines))
        }
    }

    private var allConfigurations: [Configuration] { projectConfigurations + targets.flatMap(\.configurations) }

    /// The target's objects; returns its id.
    private func write(
        _ target: Target, ids: inout IDs, fileIDs: [String: String], syncIDs: [String: String],
        sections: inout [String: [String]]
    ) -> String {
        let list = configurationList(
            target.configurations, owner: "PBXNativeTarget \"\(target.name)\"", ids: &ids, fileIDs: fileIDs,
            sections: &sections)
        let phase = ids.next()
        let buildFiles = target.sources.map { path in
            let id = ids.next()
            let name = Self.split(path).name
            sections["PBXBuildFile", default: []].append(
                "\t\t\(id) /* \(name) in Sources */ = {isa = PBXBuildFile; fileRef = \(fileIDs[path]!) /* \(name) */; };"
            )
            return "\(id) /* \(name) in Sources */"
        }
        sections["PBXSourcesBuildPhase", default: []].append(
            Self.object(
                phase, comment: "Sources",
                ["isa = PBXSourcesBuildPhase;", "buildActionMask = 2147483647;", "files = ("]
                    + buildFiles.map { "\t\($0)," } + [");", "runOnlyForDeploymentPostprocessing = 0;"]))
        let id = ids.next()
        var lines = [
            "isa = PBXNativeTarget;",
            "buildConfigurationList = \(list) /* Build configuration list for PBXNativeTarget \"\(target.name)\" */;",
            "buildPhases = (", "\t\(phase) /* Sources */,", ");", "buildRules = (", ");", "dependencies = (", ");",
        ]
        if !target.synchronizedFolders.isEmpty {
            lines +=
                ["fileSystemSynchronizedGroups = ("]
                + target.synchronizedFolders.map { "\t\(syncIDs[$0]!) /* \($0) */," } + [");"]
        }
        lines += [
            "name = \(Self.quoted(target.name));", "productName = \(Self.quoted(target.name));",
            "productType = \"\(target.productType)\";",
        ]
        sections["PBXNativeTarget", default: []].append(Self.object(id, comment: target.name, lines))
        return id
    }

    private func configurationList(
        _ configurations: [Configuration], owner: String, ids: inout IDs, fileIDs: [String: String],
        sections: inout [String: [String]]
    ) -> String {
        let members = configurations.map { configuration in
            let id = ids.next()
            var lines = ["isa = XCBuildConfiguration;"]
            if let xcconfig = configuration.xcconfig {
                lines.append(
                    "baseConfigurationReference = \(fileIDs[xcconfig]!) /* \(Self.split(xcconfig).name) */;")
            }
            lines += ["buildSettings = {"] + configuration.settings.map { "\t\($0.key) = \(Self.quoted($0.value));" }
            lines += ["};", "name = \(Self.quoted(configuration.name));"]
            sections["XCBuildConfiguration", default: []].append(Self.object(id, comment: configuration.name, lines))
            return "\t\(id) /* \(configuration.name) */,"
        }
        let id = ids.next()
        sections["XCConfigurationList", default: []].append(
            Self.object(
                id, comment: "Build configuration list for \(owner)",
                ["isa = XCConfigurationList;", "buildConfigurations = ("] + members
                    + [");", "defaultConfigurationIsVisible = 0;", "defaultConfigurationName = Release;"]))
        return id
    }

    /// An object over several lines, as Xcode writes all but build files and file references.
    private static func object(_ id: String, comment: String?, _ lines: [String]) -> String {
        let head = "\t\t\(id)\(comment.map { " /* \($0) */" } ?? "") = {\n"
        return head + lines.flatMap { $0.split(separator: "\n") }.map { "\t\t\t\($0)\n" }.joined() + "\t\t};"
    }

    /// Quoted as Xcode quotes: anything but letters, digits and `_$/:.-` is.
    static func quoted(_ value: String) -> String {
        let bare =
            !value.isEmpty
            && value.utf8.allSatisfy { byte in
                switch byte {
                case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F, 0x24, 0x2F, 0x3A, 0x2E, 0x2D: true
                default: false
                }
            }
        let escaped = value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        return bare && !value.contains("$(") ? value : "\"\(escaped)\""
    }

    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }

    private struct IDs {
        var counter = 0x1000

        mutating func next() -> String {
            counter += 1
            let hex = String(counter, radix: 16, uppercase: true)
            return "A5C0" + String(repeating: "0", count: 20 - hex.count) + hex
        }
    }
}
