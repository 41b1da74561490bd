/// One thing the checker found, printed as `path:line: message`.
struct PackageProblem: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Which rule the problem breaks; the summary line counts problems by kind.
    enum Kind: Int, Hashable, Sendable, CaseIterable {
        case undeclaredImport
        case longFile
        case generatorMissing
        case longFunction

        /// How the summary line counts problems of this kind: "1 undeclared import", "2 functions over …".
        func summary(count: Int) -> String {
            let plural = count == 1 ? "" : "s"
            return switch self {
            case .undeclaredImport: "\(count) undeclared import\(plural)"
            case .longFile: "\(count) file\(plural) over \(PackageCheck.maximumFileLines) lines"
            case .generatorMissing: "\(count) generated file\(plural) without a generator"
            case .longFunction: "\(count) function\(plural) over \(PackageCheck.maximumFunctionLines) lines"
            }
        }
    }

    var kind: Kind
    /// The file, relative to the package root.
    var path: String
    /// 1-based.
    var line: Int
    var message: String

    var description: String { "\(path):\(line): \(message)" }

    static func < (lhs: PackageProblem, rhs: PackageProblem) -> Bool {
        (lhs.path, lhs.line, lhs.message) < (rhs.path, rhs.line, rhs.message)
    }
}

/// Why the checker could not run (exit status 2).
enum PackageCheckError: Error, Equatable, CustomStringConvertible {
    case usage(String)
    case unreadable(path: String)
    case invalidManifest(String)

    var description: String {
        switch self {
        case .usage(let message): message
        case .unreadable(let path): "cannot read \(path)"
        case .invalidManifest(let message): "invalid package description: \(message)"
        }
    }
}
