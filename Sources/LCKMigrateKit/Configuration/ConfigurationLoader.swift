import LCKCore
import LCKReporters

/// A non-fatal config problem (unknown key, unknown rule id), printed as a warning with its position.
public struct ConfigurationWarning: Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var position: SourcePosition
    public var message: String

    public var description: String { "\(path):\(position.line):\(position.column): \(message)" }
}

/// A rule id written in the config, kept with its position so it can be checked once the rule table is known.
public struct RuleIDReference: Sendable, Equatable {
    public var id: String
    public var key: String
    public var position: SourcePosition
}

/// Reads `.lckmigrate.json` into a `Configuration`.
///
/// Invalid JSON and wrong types are fatal (`PATH:LINE:COLUMN: expected …`, exit 2); unknown keys
/// are warnings, so a config written for a newer version still works.
public enum ConfigurationLoader {
    public static let fileName = ".lckmigrate.json"
    public static let knownKeys = [
        "$schema", "include", "exclude", "disabledRules", "enabledRules", "severity", "rules", "baseline",
        "failOn", "formats", "jobs", "requireReason", "minSeverity", "minConfidence", "only", "roles",
        "maxFileFindings", "maxFindings",
    ]

    /// The config to use: `explicit` (`--config`) if given, else `.lckmigrate.json` in the scan root
    /// (the first path when it is a folder, else the current directory) when it exists.
    public static func locate(paths: [String], explicit: String?, currentDirectory: String) -> String? {
        if let explicit { return explicit }
        var root = currentDirectory
        if let first = paths.first, !first.isEmpty {
            let absolute = absolutePath(first, currentDirectory)
            if case .success(let status) = Platform.status(of: Array(absolute.utf8), followLinks: true),
                status.kind == .directory
            {
                root = absolute
            }
        }
        let candidate = root + "/" + fileName
        guard case .success(let status) = Platform.status(of: Array(candidate.utf8), followLinks: true),
            status.kind == .regular
        else {
            return nil
        }
        return DisplayPath.relative(candidate, to: currentDirectory)
    }

    /// Reads and checks the config at `path` (relative to `currentDirectory`) over `base`.
    public static func load(
        path: String, currentDirectory: String, over base: Configuration
    ) throws(FileProblemError) -> (
        configuration: Configuration, warnings: [ConfigurationWarning], ruleIDs: [RuleIDReference]
    ) {
        let absolute = absolutePath(path, currentDirectory)
        let display = DisplayPath.relative(absolute, to: currentDirectory)
        let bytes: [UInt8]
        switch Platform.readFile(Array(absolute.utf8)) {
        case .success(let read): bytes = read
        case .failure(let error):
            throw FileProblemError(
                FileProblem(path: display, message: "cannot read config file (\(error.message)); check --config"))
        }
        let document: JSONDocument
        do {
            document = try JSONParser().parse(bytes)
        } catch {
            throw FileProblemError(
                FileProblem(path: "\(display):\(error.position.line):\(error.position.column)", message: error.message))
        }
        if let (duplicate, first) = document.firstDuplicateKey() {
            let at = document.position(of: duplicate.keyRange.start)
            let earlier = document.position(of: first.keyRange.start)
            throw FileProblemError(
                FileProblem(
                    path: "\(display):\(at.line):\(at.column)",
                    message:
                        "duplicate key \"\(duplicate.key)\" (first at line \(earlier.line), column \(earlier.column)); "
                        + "keep one of them"))
        }
        var reader = Reader(
            document: document, display: display, directory: parentDirectory(absolute),
            currentDirectory: currentDirectory)
        var configuration = base
        configuration.file = display
        configuration.patternRoot = parentDirectory(absolute)
        try reader.read(into: &configuration)
        return (configuration, reader.warnings, reader.ruleIDs)
    }

    /// Warnings for rule ids (in the config) that are not in `known`.
    public static func unknownRuleWarnings(
        _ references: [RuleIDReference], known: Set<String>, path: String
    ) -> [ConfigurationWarning] {
        references.filter { !known.contains($0.id) }.map {
            ConfigurationWarning(
                path: path, position: $0.position,
                message: "unknown rule id '\($0.id)' in \"\($0.key)\"; it has no effect")
        }
    }

    static func absolutePath(_ path: String, _ currentDirectory: String) -> String {
        path.hasPrefix("/") ? path : currentDirectory + "/" + path
    }

    static func parentDirectory(_ absolute: String) -> String {
        guard let slash = absolute.lastIndex(of: "/") else { return "." }
        return slash == absolute.startIndex ? "/" : String(absolute[..<slash])
    }
}

/// Walks the config object; each key's reader checks the type and records the origin.
private struct Reader {
    let document: JSONDocument
    let display: String
    /// The config file's folder (absolute): the base of relative paths in it.
    let directory: String
    let currentDirectory: String
    var warnings: [ConfigurationWarning] = []
    var ruleIDs: [RuleIDReference] = []

    init(document: JSONDocument, display: String, directory: String, currentDirectory: String) {
        self.document = document
        self.display = display
        self.directory = directory
        self.currentDirectory = currentDirectory
    }

    private func origin(_ value: JSONValue) -> ValueOrigin {
        .configFile(path: display, position: document.position(of: value.range.start))
    }

    private func failure(_ value: JSONValue, _ message: String) -> FileProblemError {
        let position = document.position(of: value.range.start)
        return FileProblemError(FileProblem(path: "\(display):\(position.line):\(position.column)", message: message))
    }

    /// A path from the config, made relative to the current directory.
    private func resolved(_ path: String) -> String {
        DisplayPath.relative(path.hasPrefix("/") ? path : directory + "/" + path, to: currentDirectory)
    }

    /// A file a config names for reading stays inside the folder the scan runs in, as written and once its
    /// links are resolved: a pull request's config must not make the scan read (and quote in an error) a file
    /// elsewhere on the machine. The command line's `--baseline`/`--rules` may name any file.
    private func checkInsideTree(
        _ path: String, _ value: JSONValue, key: String, option: String
    ) throws(FileProblemError) {
        let absolute = path.hasPrefix("/") ? path : directory + "/" + path
        var inside =
            FolderPath.isLexicallyInside(absolute, folder: currentDirectory)
            || (key == "rules" && FolderPath.isLexicallyInside(absolute + "/x", folder: currentDirectory))
        if inside, let target = Platform.resolvedPath(Array(absolute.utf8)),
            let folder = Platform.resolvedPath(Array(currentDirectory.utf8))
        {
            inside = FolderPath.isInside(target, folder: folder)
        }
        guard !inside else { return }
        throw failure(
            value,
            "\"\(key)\" names a path outside the folder the scan runs in (a config reads only files inside it); "
                + "move it inside, or name it on the command line with \(option)")
    }

    /// Applies each member of the config object to `configuration`, in file order; unknown keys become warnings.
    mutating func read(into configuration: inout Configuration) throws(FileProblemError) {
        guard let members = document.root.members else {
            throw failure(document.root, "expected a configuration object ({ … }), found \(document.root.typeName)")
        }
        for member in members {
            let value = member.value
            switch member.key {
            case "$schema":
                guard value.stringValue != nil else {
                    throw failure(value, "expected a string for \"$schema\", found \(value.typeName)")
                }
            case "include":
                configuration.include = Sourced(try strings(value, member.key).map(GlobPattern.init), origin(value))
            case "exclude":
                configuration.exclude = Sourced(try strings(value, member.key).map(GlobPattern.init), origin(value))
            case "disabledRules":
                configuration.disabledRules = Sourced(try ruleList(value, member.key), origin(value))
            case "enabledRules":
                configuration.enabledRules = Sourced(try ruleList(value, member.key), origin(value))
            case "severity":
                try readSeverity(value, into: &configuration)
            case "rules":
                let folders = try strings(value, member.key)
                for folder in folders { try checkInsideTree(folder, value, key: "rules", option: "--rules") }
                configuration.ruleDirectories = Sourced(folders.map(resolved), origin(value))
            case "baseline":
                guard let path = value.stringValue, !path.isEmpty else {
                    throw failure(value, "expected a file path string for \"baseline\", found \(describe(value))")
                }
                try checkInsideTree(path, value, key: "baseline", option: "--baseline")
                configuration.baseline = Sourced(resolved(path), origin(value))
            case "failOn":
                configuration.failOn = Sourced(try failThreshold(value), origin(value))
            case "formats":
                configuration.outputs = Sourced(try outputs(value), origin(value))
            case "jobs":
                guard let jobs = value.intValue, jobs >= 1, jobs <= 1024 else {
                    throw failure(
                        value, "expected a whole number from 1 to 1024 for \"jobs\", found \(describe(value))")
                }
                configuration.jobs = Sourced(jobs, origin(value))
            case "requireReason":
                guard let flag = value.boolValue else {
                    throw failure(value, "expected true or false for \"requireReason\", found \(describe(value))")
                }
                configuration.requireReason = Sourced(flag, origin(value))
            case "minSeverity":
                let level: Severity = try level(value, member.key, spelled: #""error", "warning" or "note""#)
                configuration.minSeverity = Sourced(level, origin(value))
            case "minConfidence":
                let level: Confidence = try level(value, member.key, spelled: #""high", "medium" or "low""#)
                configuration.minConfidence = Sourced(level, origin(value))
            case "only":
                let entries = try strings(value, member.key).flatMap { FindingFilter.parseOnly($0) ?? [] }
                configuration.only = Sourced(entries.isEmpty ? nil : entries, origin(value))
            case "roles":
                guard let roles = FileRole.parseList(try strings(value, member.key)) else {
                    throw failure(
                        value,
                        "expected an array of \"app\", \"example\", \"test\", \"vendored\" or \"all\" for \"roles\"")
                }
                configuration.roles = Sourced(roles, origin(value))
            case "maxFileFindings":
                let limit = try cap(
                    value, member.key, maximum: FindingLimits.defaultPerFile, option: "max-file-findings")
                configuration.maxFileFindings = Sourced(limit, origin(value))
            case "maxFindings":
                let limit = try cap(value, member.key, maximum: FindingLimits.defaultPerRun, option: "max-findings")
                configuration.maxFindings = Sourced(limit, origin(value))
            default:
                warnings.append(unknownKeyWarning(member))
            }
        }
    }

    /// A string naming one of `Level`'s values for `key`; `spelled` lists them for the error.
    private func level<Level: RawRepresentable<String>>(
        _ value: JSONValue, _ key: String, spelled: String
    ) throws(FileProblemError) -> Level {
        guard let level = value.stringValue.flatMap(Level.init(rawValue:)) else {
            throw failure(value, "expected \(spelled) for \"\(key)\", found \(describe(value))")
        }
        return level
    }

    /// `"severity"`: rule id → level, merged into the levels already set. Each id is kept with its position so
    /// an unknown one can be reported once the rule table is known.
    private mutating func readSeverity(
        _ value: JSONValue, into configuration: inout Configuration
    ) throws(FileProblemError) {
        guard let entries = value.members else {
            throw failure(
                value,
                "expected an object of rule id → \"error\" | \"warning\" | \"note\" for \"severity\", "
                    + "found \(value.typeName)")
        }
        for entry in entries {
            guard let level = entry.value.stringValue.flatMap(Severity.init(rawValue:)) else {
                throw failure(
                    entry.value,
                    "expected \"error\", \"warning\" or \"note\" for severity of '\(entry.key)', "
                        + "found \(describe(entry.value))")
            }
            ruleIDs.append(
                RuleIDReference(id: entry.key, key: "severity", position: document.position(of: entry.keyRange.start)))
            configuration.severity[entry.key] = Sourced(level, origin(entry.value))
        }
    }

    /// `"failOn"`: the lowest severity that makes the scan exit 1, or `never`.
    private func failThreshold(_ value: JSONValue) throws(FileProblemError) -> FailThreshold {
        guard let level = value.stringValue.flatMap(FailThreshold.init(rawValue:)) else {
            throw failure(
                value, "expected \"error\", \"warning\", \"note\" or \"never\" for \"failOn\", found \(describe(value))"
            )
        }
        return level
    }

    /// `"formats"`: `FORMAT` or `FORMAT=FILE` strings, file paths resolved against the config's folder. At most
    /// one may go to standard output, as on the command line.
    private func outputs(_ value: JSONValue) throws(FileProblemError) -> [OutputRequest] {
        guard let elements = value.arrayValue else {
            throw failure(
                value,
                "expected an array of \"FORMAT\" or \"FORMAT=FILE\" strings for \"formats\", found \(value.typeName)")
        }
        var outputs: [OutputRequest] = []
        for element in elements {
            guard let text = element.stringValue, var output = OutputRequest.parse(text), output.path?.isEmpty != true
            else {
                let names = ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw failure(
                    element,
                    "expected \"FORMAT\" or \"FORMAT=FILE\" with FORMAT one of \(names), found \(describe(element))")
            }
            output.path = output.path.map(resolved)
            if output.path != nil {
                let position = document.position(of: element.range.start)
                output.confinement = OutputConfinement(
                    folder: directory, location: "\(display):\(position.line):\(position.column)")
            }
            if output.path == nil && outputs.contains(where: { $0.path == nil }) {
                throw failure(element, "expected at most one format without a file (stdout) in \"formats\"")
            }
            outputs.append(output)
        }
        return outputs
    }

    /// `"maxFileFindings"`, `"maxFindings"`: a scanned tree's config is untrusted, so it may lower a cap on
    /// findings but not raise it past the built-in default (`maximum`); only the command line can.
    private func cap(
        _ value: JSONValue, _ key: String, maximum: Int, option: String
    ) throws(FileProblemError) -> Int {
        guard let limit = value.intValue, limit >= 1, limit <= maximum else {
            throw failure(
                value,
                "expected a whole number from 1 to \(maximum) for \"\(key)\", found \(describe(value)) "
                    + "(a config may only lower the cap; raise it with --\(option) on the command line)")
        }
        return limit
    }

    /// A key this version does not know: a warning rather than an error, so a config written for a newer
    /// version still works.
    private func unknownKeyWarning(_ member: JSONMember) -> ConfigurationWarning {
        ConfigurationWarning(
            path: display, position: document.position(of: member.keyRange.start),
            message: "unknown key \"\(member.key)\" (ignored); known keys: "
                + ConfigurationLoader.knownKeys.dropFirst().joined(separator: ", "))
    }

    private func strings(_ value: JSONValue, _ key: String) throws(FileProblemError) -> [String] {
        guard let elements = value.arrayValue else {
            throw failure(value, "expected an array of strings for \"\(key)\", found \(value.typeName)")
        }
        var result: [String] = []
        for element in elements {
            guard let text = element.stringValue else {
                throw failure(element, "expected a string in \"\(key)\", found \(element.typeName)")
            }
            result.append(text)
        }
        return result
    }

    private mutating func ruleList(_ value: JSONValue, _ key: String) throws(FileProblemError) -> [String] {
        let ids = try strings(value, key)
        for (id, element) in zip(ids, value.arrayValue ?? []) {
            ruleIDs.append(RuleIDReference(id: id, key: key, position: document.position(of: element.range.start)))
        }
        return ids
    }

    /// A short rendering of a wrong value for messages: strings quoted, others by type.
    private func describe(_ value: JSONValue) -> String {
        if let text = value.stringValue { return JSONWriter.quoted(text) }
        if case .number(let number) = value.kind { return number.text }
        return value.typeName
    }
}
