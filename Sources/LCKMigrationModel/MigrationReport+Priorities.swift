import LCKCore

extension MigrationReport {
    /// The anti-pattern entries to fix first: errors before warnings before notes, then by file and line
    /// (report order). A bounded pass per severity keeps this linear in the number of entries.
    static func fixFirst(_ entries: [Entry], limit: Int) -> [Int] {
        var picked: [Int] = []
        for severity in [Severity.error, .warning, .note] {
            for entry in entries where !entry.isUsage && entry.finding.severity == severity {
                guard picked.count < limit else { return picked }
                picked.append(entry.index)
            }
        }
        return picked
    }

    /// Fills each file's `lineGroups`: listed entries arrive in report order (path, then line), so entries
    /// on one line are neighbours.
    mutating func groupListedLines() {
        for fileIndex in files.indices {
            var groups: [LineGroup] = []
            for index in files[fileIndex].entries where entries[index].isListed {
                let line = Self.lineNumbers(of: entries[index].finding).lowerBound
                if groups.last?.line == line {
                    groups[groups.count - 1].entries.append(index)
                } else {
                    groups.append(LineGroup(line: line, entries: [index]))
                }
            }
            files[fileIndex].lineGroups = groups
        }
    }

    /// The source lines shown once for a line group: from its line to the furthest line any of its
    /// findings shows (empty when the file could not be read again).
    public func sourceLines(of group: LineGroup) -> [(number: Int, text: String)] {
        guard let first = group.entries.first else { return [] }
        let path = entries[first].finding.path
        let last = group.entries.map { Self.lineNumbers(of: entries[$0].finding).upperBound }.max() ?? group.line
        return (group.line...max(group.line, last)).compactMap { number in
            excerpts.line(path, number).map { (number: number, text: $0) }
        }
    }

    /// The progress of the anti-pattern findings since the compared scan, when there is one.
    public var antiPatternProgress: MigrationComparison.AreaChange? {
        comparison?.areas.first { $0.id == MigrationComparison.antiPatternArea }
    }
}
