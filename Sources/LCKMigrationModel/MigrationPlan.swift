import LCKCore

/// The migration plan as data (`Rules/plan.json`), so rule authors can change steps and their
/// dependencies without touching code.
public struct MigrationPlan: Sendable, Hashable {
    /// Display title of a rule-table area, in report order.
    public struct Area: Sendable, Hashable {
        public var id: String
        public var title: String
    }

    /// A label for effort sums up to `upTo` points (nil: no upper bound).
    public struct EffortBand: Sendable, Hashable {
        public var upTo: Int?
        public var label: String
    }

    /// One checklist step and what its status depends on.
    public struct Step: Sendable, Hashable {
        public var id: String
        public var title: String
        public var description: String
        /// Warning-level mapping findings in these areas keep the step "to do".
        public var areas: [String]
        /// Mapping rule ids that count for the step whatever their area.
        public var rules: [String]
        /// Analyzer ids whose active findings block the step.
        public var analyzers: [String]
        /// Set for a step that only some apps need (`when` in plan.json); nil: always part of the plan.
        public var condition: StepCondition? = nil
        /// Points the step adds to the effort when it is part of the plan (`effort`, default 0).
        public var effort = 0
    }

    /// When a conditional step is part of the plan.
    public enum StepCondition: Sendable, Hashable {
        /// The lowest deployment target is below this version (`"when": {"deploymentTargetBelow": "17.4"}`).
        case deploymentTargetBelow(OSVersion)
    }

    public var areas: [Area]
    public var effortBands: [EffortBand]
    /// Developer-time bands for the same points (`about 2–4 developer-weeks`); empty when the plan has none.
    public var effortTimes: [EffortBand]
    public var steps: [Step]

    /// The plan compiled into the binary (a copy of `Rules/plan.json`).
    public static let builtin: MigrationPlan = {
        do {
            return try MigrationPlan(json: Array(MigrationPlanSource.builtinText.utf8))
        } catch {
            preconditionFailure("the embedded Rules/plan.json does not load: \(error)")
        }
    }()

    /// The area's display title, or the id itself for areas the plan does not name.
    public func title(ofArea id: String) -> String {
        areas.first { $0.id == id }?.title ?? id
    }

    /// The band whose bound is the first at or above `points`.
    public func effortBand(for points: Int) -> String {
        Self.band(for: points, in: effortBands)
    }

    /// The developer-time band for `points`, or "" when the plan has no `effortTimes`.
    public func effortTime(for points: Int) -> String {
        Self.band(for: points, in: effortTimes)
    }

    private static func band(for points: Int, in bands: [EffortBand]) -> String {
        for band in bands {
            guard let bound = band.upTo else { return band.label }
            if points <= bound { return band.label }
        }
        return bands.last?.label ?? ""
    }
}

/// Why a plan file could not be read.
public struct MigrationPlanError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension MigrationPlan {
    /// Parses the `plan.json` shape; every key is required except `about` and `effortTimes`.
    public init(json bytes: [UInt8]) throws(MigrationPlanError) {
        let root: JSONValue
        do {
            root = try JSONParser().parse(bytes).root
        } catch {
            throw MigrationPlanError(message: "plan.json: \(error.description)")
        }
        func strings(_ value: JSONValue?, _ what: String) throws(MigrationPlanError) -> [String] {
            guard let elements = value?.arrayValue else {
                throw MigrationPlanError(message: "plan.json: \(what) must be an array of strings")
            }
            var result: [String] = []
            for element in elements {
                guard let text = element.stringValue else {
                    throw MigrationPlanError(message: "plan.json: \(what) must hold strings")
                }
                result.append(text)
            }
            return result
        }
        func string(_ value: JSONValue?, _ what: String) throws(MigrationPlanError) -> String {
            guard let text = value?.stringValue else {
                throw MigrationPlanError(message: "plan.json: \(what) must be a string")
            }
            return text
        }
        guard let areaValues = root["areas"]?.arrayValue, let bandValues = root["effortBands"]?.arrayValue,
            let stepValues = root["steps"]?.arrayValue
        else {
            throw MigrationPlanError(message: "plan.json: needs the arrays \"areas\", \"effortBands\" and \"steps\"")
        }
        var areas: [Area] = []
        for value in areaValues {
            areas.append(
                Area(id: try string(value["id"], "areas[].id"), title: try string(value["title"], "areas[].title")))
        }
        let effortBands = try Self.bands(bandValues, "effortBands", "label")
        var effortTimes: [EffortBand] = []
        if let timeValues = root["effortTimes"] {
            guard let elements = timeValues.arrayValue else {
                throw MigrationPlanError(message: "plan.json: effortTimes must be an array")
            }
            effortTimes = try Self.bands(elements, "effortTimes", "time")
        }
        var steps: [Step] = []
        var seen: Set<String> = []
        for value in stepValues {
            let id = try string(value["id"], "steps[].id")
            guard seen.insert(id).inserted else {
                throw MigrationPlanError(message: "plan.json: step id '\(id)' appears twice")
            }
            var step = Step(
                id: id, title: try string(value["title"], "steps[].title"),
                description: try string(value["description"], "steps[].description"),
                areas: try strings(value["areas"], "steps[].areas"),
                rules: try strings(value["rules"], "steps[].rules"),
                analyzers: try strings(value["analyzers"], "steps[].analyzers"))
            try Self.readCondition(value, into: &step)
            steps.append(step)
        }
        self.init(areas: areas, effortBands: effortBands, effortTimes: effortTimes, steps: steps)
    }

    /// A step's optional `when` (`{"deploymentTargetBelow": "17.4"}`) and `effort` (points, 0 or more).
    private static func readCondition(_ value: JSONValue, into step: inout Step) throws(MigrationPlanError) {
        if let effort = value["effort"] {
            guard let points = effort.intValue, points >= 0 else {
                throw MigrationPlanError(
                    message: "plan.json: steps[].effort of '\(step.id)' must be a whole number >= 0")
            }
            step.effort = points
        }
        guard let when = value["when"] else { return }
        guard let text = when["deploymentTargetBelow"]?.stringValue, let version = OSVersion(parsing: text) else {
            throw MigrationPlanError(
                message: "plan.json: steps[].when of '\(step.id)' must be {\"deploymentTargetBelow\": \"17.4\"}")
        }
        step.condition = .deploymentTargetBelow(version)
    }

    /// `effortBands` (label under `label`) or `effortTimes` (label under `time`): `upTo` and a label each.
    private static func bands(
        _ values: [JSONValue], _ key: String, _ labelKey: String
    ) throws(MigrationPlanError) -> [EffortBand] {
        var bands: [EffortBand] = []
        for value in values {
            let bound = value["upTo"]
            if let bound, !bound.isNull, bound.intValue == nil {
                throw MigrationPlanError(message: "plan.json: \(key)[].upTo must be a whole number or null")
            }
            guard let label = value[labelKey]?.stringValue else {
                throw MigrationPlanError(message: "plan.json: \(key)[].\(labelKey) must be a string")
            }
            bands.append(EffortBand(upTo: bound?.intValue, label: label))
        }
        return bands
    }
}

extension MigrationPlanSource {
    /// Where the embedded copy lives, relative to the package root.
    package static let generatedPath = "Sources/LCKMigrationModel/MigrationPlan+Generated.swift"
    /// The plan it embeds, relative to the package root.
    package static let planPath = "Rules/plan.json"

    /// The Swift file embedding `text` as a raw string literal whose delimiter cannot occur in it.
    package static func render(_ text: String) -> String {
        var hashes = "#"
        while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        var body = text
        while body.hasSuffix("\n") { body.removeLast() }
        var output = "// GENERATED by `swift run lckmigrate-generate` from Rules/plan.json. Do not edit.\n"
        output += "// swift-format-ignore-file\n"
        output += "// A test fails when this file is stale.\n\n"
        output += "/// The text of `Rules/plan.json`, compiled in so the installed binary needs no Rules/ folder.\n"
        output += "package enum MigrationPlanSource {\n"
        output += "    static let builtinText = " + hashes + "\"\"\"\n" + body + "\n\"\"\"" + hashes + "\n}\n"
        return output
    }
}
