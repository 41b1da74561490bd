import LCKCore
import LCKLexer

/// The detection hook of the pipeline: given one lexed file, return its findings.
///
/// Analyzers fill `ruleID`, `severity`, `message` and `range` (byte offsets); the pipeline then
/// locates each finding (path, line, column) from the file's line table and sorts the whole run.
/// Implementations run concurrently on different files, hence `Sendable`.
public protocol FileAnalyzer: Sendable {
    func analyze(path: String, file: TokenizedFile) -> [Finding]
}

/// Adapts a closure, for tests and for wiring analyzers without a named type.
public struct ClosureAnalyzer: FileAnalyzer {
    private let body: @Sendable (String, TokenizedFile) -> [Finding]

    public init(_ body: @escaping @Sendable (_ path: String, _ file: TokenizedFile) -> [Finding]) {
        self.body = body
    }

    public func analyze(path: String, file: TokenizedFile) -> [Finding] { body(path, file) }
}

/// Runs several analyzers on the same file, in order.
public struct CombinedAnalyzer: FileAnalyzer {
    public var analyzers: [any FileAnalyzer]

    public init(_ analyzers: [any FileAnalyzer]) { self.analyzers = analyzers }

    public func analyze(path: String, file: TokenizedFile) -> [Finding] {
        analyzers.flatMap { $0.analyze(path: path, file: file) }
    }
}

/// The analyzers `lckmigrate scan` runs. Empty until the detection stage lands: the pipeline then
/// only reads and lexes, which still checks every file is readable UTF-8.
public enum BuiltinAnalyzers {
    public static let all: [any FileAnalyzer] = []
    public static var combined: CombinedAnalyzer { CombinedAnalyzer(all) }
}
