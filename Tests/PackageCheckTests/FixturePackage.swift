import LCKTestSupport

@testable import lckmigrate_package_check

/// A small package tree written to a temporary folder for one test (removed when the value goes away), with
/// the `dump-package` JSON that describes its targets.
struct FixturePackage {
    let tree: TemporaryTree
    var root: String { tree.root }

    /// Writes `files` (path relative to the root → contents) into a new temporary folder.
    init(files: [String: String]) throws {
        tree = try TemporaryTree()
        for (path, contents) in files { try tree.file(path, contents) }
    }

    /// Runs every check with `targets` as the package's manifest.
    func check(_ targets: [PackageManifest.Target]) throws -> PackageCheck.Result {
        try PackageCheck(manifest: PackageManifest(targets: targets), root: root).run()
    }

    /// Runs the checks on a tree made of `files`, then removes it.
    static func check(_ files: [String: String], targets: [PackageManifest.Target]) throws -> PackageCheck.Result {
        try FixturePackage(files: files).check(targets)
    }
}

extension PackageManifest.Target {
    /// A target in `Sources/NAME` (or `Tests/NAME` for tests) depending on `dependencies` by name.
    static func fixture(_ name: String, type: String = "regular", dependencies: [String] = []) -> Self {
        .init(
            name: name, type: type, path: (type == "test" ? "Tests/" : "Sources/") + name, exclude: [],
            dependencyModules: Set(dependencies.map(PackageManifest.moduleName(of:))))
    }
}

/// `count` lines of statements, each ending in a line break.
func statementLines(_ count: Int) -> String {
    String(repeating: "    total += 1\n", count: count)
}
