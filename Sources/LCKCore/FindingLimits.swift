/// How many findings a scan keeps: per file and per run. A rule pack that matches every token (10,000
/// rules on one member name) would otherwise fill memory; past a cap, findings are counted, not kept,
/// and the scan says so in a note (`FileProblem.Kind.truncated`).
///
/// The defaults are far above real apps (the largest app scanned so far has under 3,000 findings in all).
public struct FindingLimits: Sendable, Hashable {
    public static let defaultPerFile = 10_000
    public static let defaultPerRun = 100_000
    /// The most mapping rules reported at one token: real tables have a handful per name.
    public static let perToken = 64

    public var perFile: Int
    public var perRun: Int

    public init(perFile: Int = FindingLimits.defaultPerFile, perRun: Int = FindingLimits.defaultPerRun) {
        self.perFile = max(1, perFile)
        self.perRun = max(1, perRun)
    }
}
