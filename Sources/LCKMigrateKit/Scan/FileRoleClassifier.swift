import LCKCore
import LCKLexer

/// Tells a scanned file's role (`FileRole`) from its path below the scanned folder and from its imports.
///
/// Folder names count only below the folder the user named (`scan Samples` does not make every sample an
/// example), or below the current directory for files named one by one (`--files-from`, as `scan .` would
/// see them). A path outside the current directory (`../x`, `/abs/x`) is told by its file name and imports
/// alone, so the folder a checkout happens to live in (`/builds/vendor/app`) never hides its findings.
/// The most specific evidence wins: vendored, then test, then example.
public enum FileRoleClassifier {
    /// Folder names (compared without case) of code kept from elsewhere. `Pods` and `Carthage` are not
    /// walked unless a config includes them.
    static let vendoredFolders: Set<String> = [
        "pods", "carthage", "vendor", "vendors", "vendored", "third_party", "thirdparty", "third-party",
        "3rdparty", "node_modules", "sourcepackages",
    ]
    /// Folder names (compared without case) of test code; Xcode test bundles (`AppTests`, `AppUITests`) and
    /// spec folders are told by their suffix.
    static let testFolders: Set<String> = ["test", "tests", "uitests", "unittests", "spec", "specs"]
    static let testFolderSuffixes = ["Tests", "Specs"]
    static let testFileSuffixes = ["Tests.swift", "Spec.swift", "Specs.swift"]
    /// Folder names (compared without case) of a library's examples.
    static let exampleFolders: Set<String> = ["example", "examples", "sample", "samples", "demo", "demos"]
    /// Modules only test targets import.
    static let testModules: Set<String> = ["XCTest", "Testing", "Quick", "Nimble"]

    /// The part of `displayPath` below the deepest of `roots` (display paths of the folders the user named)
    /// that holds it; all of it when none does. Costs one set lookup per folder level of the path.
    public static func pathBelowRoot(_ displayPath: String, roots: Set<String>) -> String {
        var end = displayPath.utf8.endIndex
        while let slash = displayPath.utf8[..<end].lastIndex(of: UInt8(ascii: "/")) {
            if roots.contains(String(displayPath[..<slash])) {
                return String(displayPath[displayPath.index(after: slash)...])
            }
            end = slash
        }
        return displayPath
    }

    /// The role of the file at `path` (below its root, `pathBelowRoot`) whose tokens are `file`.
    public static func role(path: String, file: TokenizedFile) -> FileRole {
        let byPath = role(path: path)
        if byPath == .app || byPath == .example, importsTestFramework(file) { return .test }
        return byPath
    }

    /// The role `path` alone gives.
    public static func role(path: String) -> FileRole {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        guard let name = components.last else { return .app }
        let isOutside = path.hasPrefix("/") || components.first == ".."
        let folders = isOutside ? [] : components.dropLast().map { String($0) }
        if folders.contains(where: { vendoredFolders.contains($0.lowercased()) }) { return .vendored }
        if testFileSuffixes.contains(where: { name.hasSuffix($0) }) { return .test }
        let isTestFolder = { (folder: String) in
            testFolders.contains(folder.lowercased()) || testFolderSuffixes.contains(where: { folder.hasSuffix($0) })
        }
        if folders.contains(where: isTestFolder) { return .test }
        if folders.contains(where: { exampleFolders.contains($0.lowercased()) }) { return .example }
        return .app
    }

    /// Whether the file imports a test framework, or imports a module `@testable`.
    static func importsTestFramework(_ file: TokenizedFile) -> Bool {
        let tokens = file.tokens
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            let token = tokens[index]
            if token.kind == .atSign, index + 1 < tokens.count, file.token(tokens[index + 1], is: "testable") {
                return true
            }
            guard token.keyword == .import else { continue }
            // `import XCTest`, `import class XCTest.XCTestCase`: the first plain name after `import`.
            var next = index + 1
            while next < tokens.count, tokens[next].kind == .keyword { next += 1 }
            if next < tokens.count, tokens[next].kind == .identifier,
                testModules.contains(file.text(of: tokens[next]))
            {
                return true
            }
        }
        return false
    }
}

extension FileRole {
    /// `--roles` entries (`app,test`; `all` for every role), blanks around entries ignored; nil when an
    /// entry names no role or none is left.
    public static func parseList(_ entries: [String]) -> Set<FileRole>? {
        var roles: Set<FileRole> = []
        for entry in entries.flatMap({ $0.split(separator: ",") }) {
            let name = String(entry.trimmingBlanks())
            if name.isEmpty { continue }
            if name == "all" {
                roles.formUnion(allCases)
            } else if let role = FileRole(rawValue: name) {
                roles.insert(role)
            } else {
                return nil
            }
        }
        return roles.isEmpty ? nil : roles
    }
}
