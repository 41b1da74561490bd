import Foundation

/// Runs the three code-shape checks over every Swift file of every target a package declares.
struct PackageCheck {
    /// Longest file allowed, in lines, unless generated.
    static let maximumFileLines = 400
    /// Longest function, initializer, subscript or computed property allowed, in lines.
    static let maximumFunctionLines = 80

    /// What a run found: the problems sorted by path and line, and how much it looked at.
    struct Result {
        var problems: [PackageProblem]
        var fileCount: Int
        var targetCount: Int

        /// The closing line: counts by kind, or that there was nothing to report.
        var summary: String {
            let scope =
                "\(fileCount) file\(fileCount == 1 ? "" : "s") in \(targetCount) target\(targetCount == 1 ? "" : "s")"
            guard !problems.isEmpty else { return "lckmigrate-package-check: no problems in \(scope)" }
            let counts = PackageProblem.Kind.allCases.compactMap { kind -> String? in
                let count = problems.filter { $0.kind == kind }.count
                return count == 0 ? nil : kind.summary(count: count)
            }
            return "lckmigrate-package-check: \(problems.count) problem\(problems.count == 1 ? "" : "s") "
                + "(\(counts.joined(separator: ", "))) in \(scope)"
        }
    }

    var manifest: PackageManifest
    /// The package root: target paths are relative to it, and so are the printed paths.
    var root: String

    func run() throws(PackageCheckError) -> Result {
        let targets = manifest.targets.filter(\.hasSwiftSources)
        var files: [(target: PackageManifest.Target, file: SourceFile)] = []
        for target in targets {
            for path in swiftFiles(of: target) {
                guard let data = FileManager.default.contents(atPath: root + "/" + path) else {
                    throw .unreadable(path: path)
                }
                files.append((target, SourceFile(path: path, targetName: target.name, bytes: [UInt8](data))))
            }
        }
        let lengthCheck = FileLengthCheck(
            generators: .init(
                executables: manifest.executableNames,
                testIdentifiers: Self.identifiers(in: files.filter { $0.target.type == "test" }.map(\.file)),
                root: root))
        var problems: [PackageProblem] = []
        for (target, file) in files {
            problems += UndeclaredImportCheck().problems(in: file, of: target)
            problems += lengthCheck.problems(in: file)
            problems += FunctionLengthCheck().problems(in: file)
        }
        return Result(problems: problems.sorted(), fileCount: files.count, targetCount: targets.count)
    }

    /// The target's Swift files, relative to the root and sorted, without excluded paths or hidden entries.
    func swiftFiles(of target: PackageManifest.Target) -> [String] {
        let folder = root + "/" + target.path
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            let isExcluded = target.exclude.contains { relative == $0 || relative.hasPrefix($0 + "/") }
            let isHidden = relative.split(separator: "/").contains { $0.hasPrefix(".") }
            if isExcluded || isHidden {
                walker.skipDescendants()
                continue
            }
            if relative.hasSuffix(".swift") { found.append(target.path + "/" + relative) }
        }
        return found.sorted()
    }

    private static func identifiers(in files: [SourceFile]) -> Set<String> {
        var names = Set<String>()
        for file in files {
            for token in file.tokenized.tokens where token.kind == .identifier {
                names.insert(file.tokenized.text(of: token))
            }
        }
        return names
    }
}
