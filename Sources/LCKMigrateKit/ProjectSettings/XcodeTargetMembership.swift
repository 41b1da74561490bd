/// Which files of a `project.pbxproj` a target builds: the files of its sources build phase (display paths
/// where the group tree places them, base names otherwise) and its Xcode 16 synchronized folders
/// (`PBXFileSystemSynchronizedRootGroup`), less the files a `PBXFileSystemSynchronizedBuildFileExceptionSet`
/// takes out of it; a folder another target owns adds the files such a set names for this one.
struct XcodeTargetMembership {
    let document: PBXDocument
    let projectFolder: String
    /// File reference and group ids → display paths (the group tree).
    let paths: [String: String]
    /// Synchronized folder id → display path, for every such folder of the file.
    private let folders: [String: String]

    init(document: PBXDocument, projectFolder: String, paths: [String: String]) {
        self.document = document
        self.projectFolder = projectFolder
        self.paths = paths
        var folders: [String: String] = [:]
        for (id, object) in document.objects where object.isa == "PBXFileSystemSynchronizedRootGroup" {
            folders[id] = paths[id] ?? object.fields["path"].map { DisplayPathPrefix.join(projectFolder, $0) }
        }
        self.folders = folders
    }

    func apply(to result: inout SettingsTarget, target: PBXObject, id: String) {
        (result.memberPaths, result.memberNames) = sources(of: target)
        let owned = target.lists["fileSystemSynchronizedGroups"] ?? []
        result.synchronizedFolders = owned.compactMap { folders[$0] }
        for (folderID, folder) in folders.sorted(by: { $0.key < $1.key }) {
            for file in exceptions(in: folderID, for: id) {
                let path = DisplayPathPrefix.join(folder, file)
                if owned.contains(folderID) {
                    result.synchronizedExclusions.insert(path)
                } else {
                    result.memberPaths.insert(path)
                }
            }
        }
    }

    /// The files (paths inside the folder) of the folder's exception sets that name the target.
    private func exceptions(in folderID: String, for targetID: String) -> [String] {
        (document.objects[folderID]?.lists["exceptions"] ?? []).flatMap { setID -> [String] in
            guard let set = document.objects[setID], set.isa == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                set.fields["target"] == targetID
            else { return [] }
            return set.lists["membershipExceptions"] ?? []
        }
    }

    private func sources(of target: PBXObject) -> (Set<String>, Set<String>) {
        var full: Set<String> = []
        var names: Set<String> = []
        for phaseID in target.lists["buildPhases"] ?? [] {
            guard let phase = document.objects[phaseID], phase.isa == "PBXSourcesBuildPhase" else { continue }
            for fileID in phase.lists["files"] ?? [] {
                guard let reference = document.objects[fileID]?.fields["fileRef"] else { continue }
                if let resolved = paths[reference] {
                    full.insert(resolved)
                } else if let path = document.objects[reference]?.fields["path"] {
                    names.insert(ProjectSettings.baseName(path))
                }
            }
        }
        return (full, names)
    }
}
