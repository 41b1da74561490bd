import LCKCore

/// Known findings a team accepts for now, so CI fails only on new ones.
///
/// An entry matches on rule id, path and `Finding.fingerprint` (which hashes the normalized source of
/// the finding's line and of its enclosing declaration, never the line number), so edits above a
/// finding do not break the match. Identical findings are counted, not listed twice.
///
/// File format (version 2): one entry per line, sorted by path, rule, fingerprint, so diffs review well:
///
///     {
///       "version": 2,
///       "entries": [
///         {"path": "App/Call.swift", "rule": "cx_provider", "fingerprint": "…32 hex…", "count": 2, "message": "…"}
///       ]
///     }
///
/// `message` is for reviewers only; matching ignores it. Version 2 keys are the findings' unique
/// fingerprints (`count` is 1); version 1 files, written before identical findings were ranked, key
/// entries by the fingerprint identical findings share, with a count, and still match.
public struct Baseline: Sendable, Equatable {
    /// What identifies a finding across edits: no line number, so code moving up or down keeps matching.
    /// Compared by bytes: an NFC and an NFD spelling of one file name are two files.
    public struct Key: Hashable, Sendable, Comparable {
        public var path: String
        public var ruleID: String
        public var fingerprint: String

        public init(path: String, ruleID: String, fingerprint: String) {
            self.path = path
            self.ruleID = ruleID
            self.fingerprint = fingerprint
        }

        public static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.path.hasSameBytes(as: rhs.path) && lhs.ruleID.hasSameBytes(as: rhs.ruleID)
                && lhs.fingerprint.hasSameBytes(as: rhs.fingerprint)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(PathKey(path))
            hasher.combine(PathKey(ruleID))
            hasher.combine(PathKey(fingerprint))
        }

        public static func < (lhs: Key, rhs: Key) -> Bool {
            if !lhs.path.hasSameBytes(as: rhs.path) { return lhs.path.utf8.lexicographicallyPrecedes(rhs.path.utf8) }
            if !lhs.ruleID.hasSameBytes(as: rhs.ruleID) {
                return lhs.ruleID.utf8.lexicographicallyPrecedes(rhs.ruleID.utf8)
            }
            return lhs.fingerprint.utf8.lexicographicallyPrecedes(rhs.fingerprint.utf8)
        }
    }

    /// One key and how many identical findings it accepts.
    public struct Entry: Sendable, Equatable {
        public var key: Key
        public var count: Int
        public var message: String

        public init(key: Key, count: Int, message: String) {
            self.key = key
            self.count = count
            self.message = message
        }
    }

    /// The version `serialized()` writes.
    public static let formatVersion = 2
    /// Versions `parse` reads.
    static let readableVersions = 1...2
    /// The largest `count` a baseline file may give: far above any real repeat count, and small enough that
    /// adding up every entry of any file can never overflow.
    public static let maximumCount = 1_000_000_000
    /// Sorted by key, one entry per key.
    public private(set) var entries: [Entry]
    /// Which fingerprint the keys hold: 2, each finding's own; 1, the one identical findings share.
    public private(set) var version: Int

    public init(entries: [Entry], version: Int = Baseline.formatVersion) {
        self.version = version
        var merged: [Key: Entry] = [:]
        for entry in entries {
            if var existing = merged[entry.key] {
                // Saturates: a library caller may pass any counts, and a crash is never the answer.
                let (sum, overflow) = existing.count.addingReportingOverflow(entry.count)
                existing.count = overflow ? .max : sum
                merged[entry.key] = existing
            } else {
                merged[entry.key] = entry
            }
        }
        self.entries = merged.values.sorted { $0.key < $1.key }
    }

    /// Every finding not suppressed in the source (already-baselined ones included), counted per key.
    public init(findings: [Finding]) {
        self.init(
            entries: findings.compactMap { finding in
                guard finding.suppression?.kind != .inSource, let fingerprint = finding.fingerprint else { return nil }
                return Entry(
                    key: Key(path: finding.path, ruleID: finding.ruleID, fingerprint: fingerprint), count: 1,
                    message: finding.message)
            })
    }

    /// The finding's key in a baseline of `version`; nil when it has no fingerprint (its source line was
    /// not available).
    public static func key(of finding: Finding, version: Int = formatVersion) -> Key? {
        let fingerprint = version == 1 ? finding.sharedFingerprint ?? finding.fingerprint : finding.fingerprint
        return fingerprint.map { Key(path: finding.path, ruleID: finding.ruleID, fingerprint: $0) }
    }

    /// Marks matching unsuppressed findings as baselined, in report order (so which duplicate is
    /// matched never depends on `--jobs`); returns how many matched and how many entries are left over.
    public func apply(to findings: inout [Finding]) -> (matched: Int, fixed: Int) {
        let (matched, remaining) = match(&findings)
        return (matched, remaining.values.reduce(0, Self.saturatingSum))
    }

    /// `apply(to:)`, leaving each key's count of entries no finding matched in `remaining`.
    private func match(_ findings: inout [Finding]) -> (matched: Int, remaining: [Key: Int]) {
        var remaining: [Key: Int] = [:]
        for entry in entries { remaining[entry.key] = entry.count }
        var matched = 0
        for index in findings.indices where findings[index].suppression == nil {
            guard let key = Baseline.key(of: findings[index], version: version), let left = remaining[key], left > 0
            else { continue }
            remaining[key] = left - 1
            findings[index].suppression = Suppression(kind: .external, justification: "baseline")
            matched += 1
        }
        return (matched, remaining)
    }

    private static func saturatingSum(_ total: Int, _ count: Int) -> Int {
        total > Int.max - count ? .max : total + count
    }

    /// The entries for files in `paths` only: a scan of part of the project (`--files-from`, a PATH
    /// subset, a skipped file) says nothing about the files it did not read, so their entries are
    /// neither matched nor fixed.
    public func restricted(to paths: Set<PathKey>) -> Baseline {
        var copy = self
        copy.entries = entries.filter { paths.contains(PathKey($0.key.path)) }
        return copy
    }

    /// `apply(to:)` with only the entries of the files the scan read (see `restricted(to:)`). Entries left
    /// over in `cappedFiles`, files whose findings a cap on findings cut short, are `unevaluated`, not
    /// fixed: their findings may only have been dropped.
    func apply(
        to findings: inout [Finding], scannedFiles files: [DiscoveredFile], cappedFiles: Set<PathKey> = []
    ) -> (matched: Int, fixed: Int, unevaluated: Int) {
        let (matched, remaining) = restricted(to: Set(files.map { PathKey($0.displayPath) })).match(&findings)
        var fixed = 0
        var unevaluated = 0
        for (key, left) in remaining {
            if cappedFiles.contains(PathKey(key.path)) {
                unevaluated = Self.saturatingSum(unevaluated, left)
            } else {
                fixed = Self.saturatingSum(fixed, left)
            }
        }
        return (matched, fixed, unevaluated)
    }

    /// The file's bytes: stable, sorted, one entry per line, trailing newline.
    public func serialized() -> [UInt8] {
        var text = "{\n  \"version\": \(version),\n  \"entries\": ["
        for (index, entry) in entries.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text +=
                "    {\"path\": \(JSONWriter.quoted(entry.key.path)), \"rule\": \(JSONWriter.quoted(entry.key.ruleID)), "
            text += "\"fingerprint\": \(JSONWriter.quoted(entry.key.fingerprint)), \"count\": \(entry.count), "
            text += "\"message\": \(JSONWriter.quoted(entry.message))}"
        }
        text += entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return Array(text.utf8)
    }

    /// Parses a baseline file; errors read `PATH:LINE:COLUMN: expected …`.
    public static func parse(_ bytes: [UInt8], path: String) throws(FileProblemError) -> Baseline {
        let document: JSONDocument
        do {
            document = try JSONParser().parse(bytes)
        } catch {
            throw positioned(path, error.position, error.message)
        }
        func fail(_ value: JSONValue, _ message: String) -> FileProblemError {
            positioned(path, document.position(of: value.range.start), message)
        }
        guard document.root.members != nil else {
            throw fail(document.root, "expected a baseline object, found \(document.root.typeName)")
        }
        guard let version = document.root["version"] else {
            throw fail(document.root, "expected a \"version\" key (a baseline written by --write-baseline)")
        }
        guard let versionNumber = version.intValue, readableVersions.contains(versionNumber) else {
            throw fail(
                version,
                // The value itself is not quoted: a baseline may be any file a user or config names.
                "expected version 1 or 2, found \(version.intValue.map(String.init) ?? version.typeName); "
                    + "re-create it with --write-baseline"
            )
        }
        guard let list = document.root["entries"] else { throw fail(document.root, "expected an \"entries\" key") }
        guard let elements = list.arrayValue else {
            throw fail(list, "expected an array for \"entries\", found \(list.typeName)")
        }
        var entries: [Entry] = []
        for element in elements {
            guard element.members != nil else {
                throw fail(element, "expected an entry object, found \(element.typeName)")
            }
            func string(_ name: String) throws(FileProblemError) -> String {
                guard let value = element[name] else { throw fail(element, "expected a \"\(name)\" key in the entry") }
                guard let text = value.stringValue else {
                    throw fail(value, "expected a string for \"\(name)\", found \(value.typeName)")
                }
                return text
            }
            let key = Key(path: try string("path"), ruleID: try string("rule"), fingerprint: try string("fingerprint"))
            var count = 1
            if let value = element["count"] {
                guard let number = value.intValue, number >= 1, number <= maximumCount else {
                    throw fail(
                        value,
                        "expected a whole number from 1 to \(maximumCount) for \"count\"; re-create the baseline with "
                            + "--write-baseline")
                }
                count = number
            }
            entries.append(Entry(key: key, count: count, message: element["message"]?.stringValue ?? ""))
        }
        return Baseline(entries: entries, version: versionNumber)
    }

    private static func positioned(_ path: String, _ position: SourcePosition, _ message: String) -> FileProblemError {
        FileProblemError(FileProblem(path: "\(path):\(position.line):\(position.column)", message: message))
    }
}
