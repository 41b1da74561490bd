import LCKLexer

/// Rule a: every module a target's files import is a declared dependency of that target or ships with the
/// toolchain. Declaring it is what keeps the module graph in Package.swift true: an undeclared import of a
/// module that a dependency happens to bring in builds today and breaks when that dependency changes.
struct UndeclaredImportCheck {
    /// Modules that come with the Swift toolchain or the operating system, importable without a declaration.
    static let toolchainModules: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "_Volatile", "RegexBuilder", "Observation", "Distributed",
        "Synchronization", "Cxx", "CxxStdlib",
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
        "FoundationXML", "CoreFoundation", "Dispatch",
        "Glibc", "Musl", "Darwin", "Android", "Bionic", "WASILibc", "WinSDK", "ucrt", "os",
        "Testing", "XCTest", "PackageDescription", "PackagePlugin", "XcodeProjectPlugin",
    ]

    /// An `import` declaration: the module's name (the first component of `X.Y`) and where it is.
    struct Import: Equatable {
        var module: String
        var line: Int
    }

    func problems(in file: SourceFile, of target: PackageManifest.Target) -> [PackageProblem] {
        Self.imports(in: file).compactMap { found in
            guard found.module != target.moduleName, !target.dependencyModules.contains(found.module),
                !Self.toolchainModules.contains(found.module)
            else { return nil }
            return PackageProblem(
                kind: .undeclaredImport, path: file.path, line: found.line,
                message: "target '\(target.name)' imports \(found.module), which Package.swift does not declare "
                    + "as its dependency")
        }
    }

    /// Every `import` in the file, whatever its attributes and modifiers (`@testable`, `@preconcurrency`,
    /// `public`) or kind (`import struct X.Y`), and whether or not it sits inside `#if`.
    static func imports(in file: SourceFile) -> [Import] {
        let tokens = file.tokenized.tokens
        var found: [Import] = []
        for index in tokens.indices where tokens[index].kind == .keyword && tokens[index].keyword == .import {
            var nameIndex = index + 1
            if nameIndex < tokens.count, Self.isImportKind(file.tokenized.text(of: tokens[nameIndex])) {
                nameIndex += 1
            }
            guard nameIndex < tokens.count, tokens[nameIndex].kind == .identifier else { continue }
            let name = file.tokenized.text(of: tokens[nameIndex]).filter { $0 != "`" }
            found.append(Import(module: name, line: file.line(of: tokens[index].start)))
        }
        return found
    }

    private static func isImportKind(_ text: String) -> Bool {
        ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var", "actor", "macro"].contains(text)
    }
}
