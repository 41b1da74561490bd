internal import FoundationEssentials
import LCKCore

/// One rule file's text, addressed relative to its rules directory (`mappings/provider.json`).
public struct RuleSourceFile: Sendable, Hashable {
    public var path: String
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// The rule files of one directory (or the built-in table); later layers override earlier ones by id.
public struct RuleLayer: Sendable {
    /// Prefix used in messages: `Rules` for the built-in table, the directory path otherwise.
    public var displayRoot: String
    public var files: [RuleSourceFile]

    public init(displayRoot: String, files: [RuleSourceFile]) {
        self.displayRoot = displayRoot
        self.files = files
    }
}

/// Loads, validates and merges rule files into a `RuleTable`, reporting every problem at once.
public enum RuleLoader {
    /// The built-in table followed by `directories` in order; a later definition of an id replaces
    /// the earlier one and is recorded in `RuleTable.overrides`.
    public static func load(directories: [String] = [], includeBuiltin: Bool = true) throws(RuleLoadError) -> RuleTable
    {
        var layers: [RuleLayer] = includeBuiltin ? [BuiltinRules.layer] : []
        var problems: [RuleDiagnostic] = []
        for directory in directories {
            do {
                layers.append(try readDirectory(directory))
            } catch {
                problems.append(contentsOf: error.diagnostics)
            }
        }
        let table: RuleTable
        do {
            table = try load(layers: layers, isBuiltinOnly: directories.isEmpty && includeBuiltin)
        } catch {
            throw RuleLoadError(diagnostics: problems + error.diagnostics)
        }
        if !problems.isEmpty { throw RuleLoadError(diagnostics: problems) }
        return table
    }

    /// What `scan`, `report` and the `rules` commands load: the table only when `rules validate` accepts
    /// every pack (a pack the validator rejects is never scanned with, nor marked PASS by `rules test`).
    /// The built-in table alone is checked by the test suite, so it loads without the example checks.
    public static func loadValidated(directories: [String]) throws(RuleLoadError) -> RuleTable {
        if !directories.isEmpty {
            let diagnostics = RuleValidator.validate(directories: directories)
            if !diagnostics.isEmpty { throw RuleLoadError(diagnostics: diagnostics) }
        }
        return try load(directories: directories)
    }

    /// The rules compiled into the binary.
    public static func loadBuiltin() throws(RuleLoadError) -> RuleTable {
        try load(layers: [BuiltinRules.layer], isBuiltinOnly: true)
    }

    /// Reads `<directory>/mappings/*.json`, `<directory>/analyzers/*.json`, `<directory>/availability.json` and
    /// `<directory>/bridges.json`, sorted by path.
    public static func readDirectory(_ directory: String) throws(RuleLoadError) -> RuleLayer {
        guard !directory.isEmpty else {
            throw RuleLoadError(diagnostics: [
                RuleDiagnostic(
                    location: RuleLocation(file: "\"\""),
                    message: "an empty path is not a rules directory; give the folder holding mappings/ "
                        + "and analyzers/ ('.' for the current directory)")
            ])
        }
        let manager = FileManager.default
        var files: [RuleSourceFile] = []
        var problems: [RuleDiagnostic] = []
        var foundFolder = false
        for folder in ["analyzers", "mappings"] {
            let folderPath = directory + "/" + folder
            guard let names = try? manager.contentsOfDirectory(atPath: folderPath) else { continue }
            foundFolder = true
            for name in names.sorted() where name.hasSuffix(".json") {
                let path = folderPath + "/" + name
                guard let data = manager.contents(atPath: path) else {
                    problems.append(RuleDiagnostic(location: RuleLocation(file: path), message: "cannot read the file"))
                    continue
                }
                guard let text = String(validating: Array(data), as: UTF8.self) else {
                    problems.append(
                        RuleDiagnostic(location: RuleLocation(file: path), message: "the file is not valid UTF-8"))
                    continue
                }
                files.append(RuleSourceFile(path: folder + "/" + name, contents: text))
            }
        }
        for table in [AvailabilityTableDecoder.path, BridgeTableDecoder.path] {
            let tablePath = directory + "/" + table
            guard manager.fileExists(atPath: tablePath) else { continue }
            foundFolder = true
            if let data = manager.contents(atPath: tablePath), let text = String(validating: Array(data), as: UTF8.self)
            {
                files.append(RuleSourceFile(path: table, contents: text))
            } else {
                problems.append(
                    RuleDiagnostic(location: RuleLocation(file: tablePath), message: "cannot read the file as UTF-8"))
            }
        }
        if !foundFolder {
            problems.append(
                RuleDiagnostic(
                    location: RuleLocation(file: directory),
                    message: "not a rules directory: it has neither a 'mappings' nor an 'analyzers' folder"
                ))
        }
        if !problems.isEmpty { throw RuleLoadError(diagnostics: problems) }
        return RuleLayer(displayRoot: directory, files: files)
    }

    /// Merges layers in order. Throws when any file has an error; nothing is half-loaded.
    public static func load(layers: [RuleLayer]) throws(RuleLoadError) -> RuleTable {
        try load(layers: layers, isBuiltinOnly: false)
    }

    /// `isBuiltinOnly`: `layers` is exactly the embedded table, whose fingerprint was computed when it
    /// was embedded (a test keeps the two equal).
    private static func load(layers: [RuleLayer], isBuiltinOnly: Bool) throws(RuleLoadError) -> RuleTable {
        var merger = LayerMerger()
        for layer in layers { merger.add(layer) }
        merger.checkConflicts()
        if !merger.diagnostics.isEmpty { throw RuleLoadError(diagnostics: merger.diagnostics) }
        return RuleTable(
            mappings: merger.activeMappings, analyzers: merger.activeAnalyzers, overrides: merger.overrides,
            availability: AvailabilityTable(merger.activeAvailability), bridges: BridgeTable(merger.activeBridges),
            knownFingerprint: isBuiltinOnly ? BuiltinRules.fingerprint : nil)
    }
}

/// The state of a multi-layer load: active definitions by id, in definition order.
private struct LayerMerger {
    var diagnostics: [RuleDiagnostic] = []
    var overrides: [RuleOverride] = []
    private var mappings: [String: MappingRule] = [:]
    private var analyzers: [String: AnalyzerRule] = [:]
    private var order: [String] = []

    var activeMappings: [MappingRule] { order.compactMap { mappings[$0] } }
    var activeAnalyzers: [AnalyzerRule] { order.compactMap { analyzers[$0] } }
    /// Availability entries by symbol; a later layer's entry replaces an earlier one.
    private var availability: [String: AvailabilityEntry] = [:]
    var activeAvailability: [AvailabilityEntry] { Array(availability.values) }
    /// Bridge entries by runtime; a later layer's entry replaces an earlier one.
    private var bridges: [String: RuntimeBridge] = [:]
    var activeBridges: [RuntimeBridge] { Array(bridges.values) }

    mutating func add(_ layer: RuleLayer) {
        var definedInLayer: [String: RuleLocation] = [:]
        for file in layer.files.sorted(by: { $0.path < $1.path }) {
            let display = layer.displayRoot + "/" + file.path
            let isMapping = file.path.hasPrefix("mappings/")
            let isAvailability = file.path == AvailabilityTableDecoder.path
            let isBridges = file.path == BridgeTableDecoder.path
            guard file.path.hasSuffix(".json"),
                isMapping || isAvailability || isBridges || file.path.hasPrefix("analyzers/")
            else { continue }
            let document: JSONDocument
            do {
                document = try JSONParser().parse(file.contents)
            } catch {
                diagnostics.append(
                    RuleDiagnostic(
                        location: RuleLocation(file: display, position: error.position), message: error.message))
                continue
            }
            let context = RuleFileContext(file: display, document: document)
            if isAvailability {
                for entry in AvailabilityTableDecoder.decodeFile(document.root, context: context) {
                    availability[entry.symbol] = entry
                }
            } else if isBridges {
                for entry in BridgeTableDecoder.decodeFile(document.root, context: context) {
                    bridges[entry.runtime] = entry
                }
            } else if isMapping {
                for rule in MappingRuleDecoder.decodeFile(document.root, context: context) {
                    guard claim(rule.id, at: rule.location, isMapping: true, in: &definedInLayer) else { continue }
                    mappings[rule.id] = rule
                }
            } else {
                let name = String(file.path.dropFirst("analyzers/".count).dropLast(".json".count))
                if let rule = AnalyzerRuleDecoder.decodeFile(document.root, expectedID: name, context: context),
                    claim(rule.id, at: rule.location, isMapping: false, in: &definedInLayer)
                {
                    analyzers[rule.id] = rule
                }
            }
            // Decoding order is field order; readers want file order.
            diagnostics.append(contentsOf: context.diagnostics.sorted { $0.location.position < $1.location.position })
        }
    }

    /// Records a definition of `id`; false when it clashes within the layer or across rule kinds.
    private mutating func claim(
        _ id: String, at location: RuleLocation, isMapping: Bool, in layer: inout [String: RuleLocation]
    ) -> Bool {
        if let first = layer[id] {
            diagnostics.append(
                RuleDiagnostic(location: location, message: "duplicate id '\(id)' (first defined at \(first))"))
            return false
        }
        layer[id] = location
        let previous = mappings[id]?.location ?? analyzers[id]?.location
        guard let previous else {
            order.append(id)
            return true
        }
        if (mappings[id] != nil) != isMapping {
            let other = isMapping ? "an analyzer" : "a mapping"
            diagnostics.append(
                RuleDiagnostic(location: location, message: "id '\(id)' is already used by \(other) at \(previous)"))
            return false
        }
        overrides.append(RuleOverride(id: id, replaced: previous, replacement: location))
        return true
    }

    /// Two active mappings may not claim the same symbol or the same match patterns.
    mutating func checkConflicts() {
        var bySymbol: [String: MappingRule] = [:]
        var byMatch: [[MatchSpec]: MappingRule] = [:]
        for rule in activeMappings {
            if let first = bySymbol[rule.symbol] {
                diagnostics.append(
                    RuleDiagnostic(
                        location: rule.location,
                        message:
                            "'\(rule.id)' claims symbol '\(rule.symbol)', already mapped by '\(first.id)' at \(first.location)"
                    ))
            } else {
                bySymbol[rule.symbol] = rule
            }
            if let first = byMatch[rule.matches] {
                diagnostics.append(
                    RuleDiagnostic(
                        location: rule.location,
                        message:
                            "'\(rule.id)' has the same match as '\(first.id)' at \(first.location); detection could not tell them apart"
                    ))
            } else {
                byMatch[rule.matches] = rule
            }
        }
    }
}
