import LCKCore

extension MigrationReport {
    /// The plan for the files of one target (`report --by target`), so a team can divide the work.
    public struct TargetSection: Sendable, Hashable {
        /// The target's name, several joined with " + " for files shared by targets, or `noTarget`.
        public var name: String
        /// The lowest deployment target of its files; nil when unknown.
        public var deploymentTarget: OSVersion?
        public var usages: Int
        /// Active anti-pattern findings.
        public var findings: Int
        /// Effort points of its usages plus its conditional steps.
        public var effort: Int
        /// Indexes into `files`, in report order.
        public var files: [Int]
        /// The plan restricted to the target's findings (conditional steps decided at its deployment target).
        public var steps: [StepStatus]
    }

    /// The section of files whose target could not be resolved.
    public static let noTarget = "(no target)"

    /// The status of a plan step over `entries`; nil for a conditional step the plan leaves out: its
    /// deployment target is known and not below the step's version, or no usage of its areas remains.
    /// A conditional step with an unknown deployment target "may be needed" and adds no effort.
    static func status(of step: MigrationPlan.Step, entries: [Entry], deploymentTarget: OSVersion?) -> StepStatus? {
        var status = status(of: step, entries: entries)
        guard let condition = step.condition else { return status }
        guard status.pendingUsages > 0 || !status.files.isEmpty else { return nil }
        switch condition {
        case .deploymentTargetBelow(let version):
            guard let deploymentTarget else {
                status.state = .mayBeNeeded
                return status
            }
            return deploymentTarget < version ? status : nil
        }
    }

    /// Fills `targetSections`: the files grouped by the target the scan resolved for them (`project`), by
    /// name, with files of no resolved target last, under `noTarget`.
    public mutating func breakDownByTarget() {
        var groups: [String: [Int]] = [:]
        var versions: [String: OSVersion] = [:]
        for file in files {
            let target = project.fileTargets[PathKey(file.path)]
            let name = target?.name ?? Self.noTarget
            groups[name, default: []].append(file.index)
            if let version = target?.deploymentTarget ?? project.lowestDeploymentTarget {
                versions[name] = min(versions[name] ?? version, version)
            }
        }
        let names = groups.keys.sorted { ($0 == Self.noTarget ? 1 : 0, $0) < ($1 == Self.noTarget ? 1 : 0, $1) }
        targetSections = names.map { name in
            let fileIndexes = groups[name] ?? []
            let targetEntries = fileIndexes.flatMap { files[$0].entries.map { entries[$0] } }
            let steps = plan.steps.compactMap {
                Self.status(of: $0, entries: targetEntries, deploymentTarget: versions[name])
            }
            let stepEffort = steps.reduce(0) {
                $0 + ($1.step.condition != nil && $1.state != .mayBeNeeded ? $1.step.effort : 0)
            }
            return TargetSection(
                name: name, deploymentTarget: versions[name],
                usages: fileIndexes.reduce(0) { $0 + files[$1].usages },
                findings: fileIndexes.reduce(0) { $0 + files[$1].findings },
                effort: fileIndexes.reduce(stepEffort) { $0 + files[$1].effort }, files: fileIndexes, steps: steps)
        }
    }

    /// How the summary names a deployment target: `iOS 15.0`, or `unknown`.
    public static func describe(_ version: OSVersion?) -> String {
        version.map { "iOS \($0)" } ?? "unknown"
    }
}
