import LCKCore
import LCKLexer

/// The detection hook of the pipeline: given one lexed file, return its findings.
///
/// Analyzers fill `ruleID`, `severity`, `message` and `range` (byte offsets); the pipeline then
/// locates each finding (path, line, column) from the file's line table and sorts the whole run.
/// Implementations run concurrently on different files, hence `Sendable`.
public protocol FileAnalyzer: Sendable {
    func analyze(path: String, file: TokenizedFile) -> [Finding]

    /// Called once per scan with the whole file list before any `analyze`, for project-wide facts
    /// (a property declared in one file, used in another). Must not depend on `jobs` in its result.
    func prepared(for files: [DiscoveredFile], jobs: Int) -> any FileAnalyzer
}

extension FileAnalyzer {
    /// Most analyzers look at one file at a time and need no preparation.
    public func prepared(for files: [DiscoveredFile], jobs: Int) -> any FileAnalyzer { self }
}

/// Adapts a closure, for tests and for wiring analyzers without a named type.
public struct ClosureAnalyzer: FileAnalyzer {
    private let body: @Sendable (String, TokenizedFile) -> [Finding]

    public init(_ body: @escaping @Sendable (_ path: String, _ file: TokenizedFile) -> [Finding]) {
        self.body = body
    }

    /// Calls the closure.
    public func analyze(path: String, file: TokenizedFile) -> [Finding] { body(path, file) }
}

/// Runs several analyzers on the same file, in order.
public struct CombinedAnalyzer: FileAnalyzer {
    public var analyzers: [any FileAnalyzer]

    public init(_ analyzers: [any FileAnalyzer]) { self.analyzers = analyzers }

    /// Every analyzer's findings, concatenated in analyzer order (the pipeline sorts later).
    public func analyze(path: String, file: TokenizedFile) -> [Finding] {
        analyzers.flatMap { $0.analyze(path: path, file: file) }
    }

    /// Prepares each member, so project-wide analyzers still see the whole file list.
    public func prepared(for files: [DiscoveredFile], jobs: Int) -> any FileAnalyzer {
        CombinedAnalyzer(analyzers.map { $0.prepared(for: files, jobs: jobs) })
    }
}

/// The analyzers `lckmigrate scan` runs: mapping detection from the built-in rule table plus every
/// registered anti-pattern analyzer, over one shared parse per file.
public enum BuiltinAnalyzers {
    public static let all: [any FileAnalyzer] = [StandardAnalyzer(rules: BuiltinRuleTable.table)]
    public static var combined: CombinedAnalyzer { CombinedAnalyzer(all) }
}
