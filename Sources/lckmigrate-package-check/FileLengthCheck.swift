import Foundation

/// Rule b: no file over 400 lines, except a generated one; and a file that says it is generated names its
/// generator, which exists in the package, so it can be made again instead of edited by hand.
struct FileLengthCheck {
    /// What a generated file's header may name as its generator.
    struct Generators {
        /// Executable targets, for `swift run NAME`.
        var executables: Set<String>
        /// Identifiers found in test targets, for `swift test --filter NAME` (a test that re-records the file).
        var testIdentifiers: Set<String>
        /// The package root, for the path of a generator script or source file.
        var root: String
    }

    var generators: Generators

    func problems(in file: SourceFile) -> [PackageProblem] {
        if let header = file.generatedHeader {
            guard generator(namedIn: header) == nil else { return [] }
            return [
                PackageProblem(
                    kind: .generatorMissing, path: file.path, line: 1,
                    message: "says it is generated but names no generator that exists in the package "
                        + "(`swift run TARGET`, `swift test --filter NAME` or the path of a script)")
            ]
        }
        let count = file.lineCount
        guard count > PackageCheck.maximumFileLines else { return [] }
        return [
            PackageProblem(
                kind: .longFile, path: file.path, line: 1,
                message: "file has \(count) lines, over the \(PackageCheck.maximumFileLines)-line limit")
        ]
    }

    /// The first generator the header names that exists: an executable target after `swift run`, a test
    /// after `swift test … --filter`, or a script by its path from the package root (an executable file, or a
    /// `.sh` or `.py` one; a data file such as `Rules/plan.json` is what the file is made from, not its maker).
    func generator(namedIn header: String) -> String? {
        let words = header.replacingOccurrences(of: "`", with: " ").split(whereSeparator: \.isWhitespace)
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ".,;:()'\"")) }
        for (index, word) in words.enumerated() {
            if word == "swift", index + 1 < words.count, words[index + 1] == "run",
                let name = Self.programName(afterRunAt: index + 2, in: words), generators.executables.contains(name)
            {
                return "swift run \(name)"
            }
            if word == "--filter", index + 1 < words.count, generators.testIdentifiers.contains(words[index + 1]) {
                return "swift test --filter \(words[index + 1])"
            }
            if word.contains("/"), isGeneratorFile(word) { return word }
        }
        return nil
    }

    /// The program `swift run` starts: the first word that is not an option or an option's value.
    private static func programName(afterRunAt start: Int, in words: [String]) -> String? {
        let optionsWithValue: Set<String> = ["-c", "--configuration", "--package-path", "--scratch-path"]
        var index = start
        while index < words.count, words[index].hasPrefix("-") {
            index += optionsWithValue.contains(words[index]) ? 2 : 1
        }
        return index < words.count ? words[index] : nil
    }

    private func isGeneratorFile(_ relativePath: String) -> Bool {
        let path = generators.root + "/" + relativePath
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return false
        }
        return FileManager.default.isExecutableFile(atPath: path) || relativePath.hasSuffix(".sh")
            || relativePath.hasSuffix(".py")
    }
}
