import LCKCore

/// The targets of a package, read from `swift package dump-package` output: what the checks need of
/// Package.swift, without evaluating it here.
struct PackageManifest: Sendable {
    /// One target: where its sources are and which targets or products it declares as dependencies.
    struct Target: Sendable {
        /// The target's name as Package.swift spells it.
        var name: String
        /// `regular`, `executable`, `test`, `plugin`, `macro`, `system` or `binary`.
        var type: String
        /// The sources folder, relative to the package root.
        var path: String
        /// Paths inside `path` that SwiftPM leaves out.
        var exclude: [String]
        /// Module names of the declared dependencies (targets and products).
        var dependencyModules: Set<String>

        /// The name other modules `import`: the target name with every character that cannot be in an
        /// identifier replaced by `_`, as SwiftPM does (`lckmigrate-bench` is imported as `lckmigrate_bench`).
        var moduleName: String { PackageManifest.moduleName(of: name) }

        /// Whether SwiftPM compiles Swift sources for the target (system libraries and binaries have none).
        var hasSwiftSources: Bool { type != "system" && type != "binary" }
    }

    var targets: [Target]

    /// Reads the JSON that `swift package dump-package` prints.
    init(dumpJSON bytes: [UInt8]) throws(PackageCheckError) {
        let document: JSONDocument
        do {
            document = try JSONParser().parse(bytes)
        } catch {
            throw .invalidManifest("not JSON: \(error)")
        }
        guard let entries = document.root["targets"]?.arrayValue else {
            throw .invalidManifest("no `targets` array (is this `swift package dump-package` output?)")
        }
        targets = try entries.map { entry throws(PackageCheckError) in try Self.target(from: entry) }
    }

    init(targets: [Target]) {
        self.targets = targets
    }

    /// Names of the executable targets: the programs that `swift run NAME` can start.
    var executableNames: Set<String> {
        Set(targets.filter { $0.type == "executable" }.map(\.name))
    }

    /// SwiftPM's module name for a target name (its `c99name`).
    static func moduleName(of targetName: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in targetName.unicodeScalars {
            let allowed = scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
            scalars.append(allowed ? scalar : "_")
        }
        if let first = scalars.first, ("0"..."9").contains(first) { scalars.insert("_", at: scalars.startIndex) }
        return String(scalars)
    }

    private static func target(from entry: JSONValue) throws(PackageCheckError) -> Target {
        guard let name = entry["name"]?.stringValue, let type = entry["type"]?.stringValue else {
            throw .invalidManifest("a target without a `name` or `type`")
        }
        let defaultFolder = type == "test" ? "Tests" : type == "plugin" ? "Plugins" : "Sources"
        let path = entry["path"]?.stringValue ?? "\(defaultFolder)/\(name)"
        let exclude = (entry["exclude"]?.arrayValue ?? []).compactMap(\.stringValue)
        var modules = Set<String>()
        for dependency in entry["dependencies"]?.arrayValue ?? [] {
            // Each dependency is an object with one key, `byName`, `target` or `product`, whose value is an
            // array starting with the name.
            for member in dependency.members ?? [] {
                if let dependencyName = member.value.arrayValue?.first?.stringValue {
                    modules.insert(moduleName(of: dependencyName))
                }
            }
        }
        return Target(name: name, type: type, path: path, exclude: exclude, dependencyModules: modules)
    }
}
