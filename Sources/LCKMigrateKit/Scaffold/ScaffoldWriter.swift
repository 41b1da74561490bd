import LCKCore
import LCKLexer
import LCKParser

/// Writes scaffold files into a directory: each atomically, and none at all when one would
/// overwrite an existing file without `force`.
public enum ScaffoldWriter {
    /// Creates `directory` (and missing parents), checks every destination first, then writes.
    /// Throws a problem naming the first existing file (without `force`) or the failing path.
    public static func write(_ files: [ScaffoldFile], to directory: String, force: Bool) throws(FileProblemError) {
        try makeDirectories(directory)
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        if !force {
            for file in files {
                let path = base + "/" + file.name
                if case .success = Platform.status(of: Array(path.utf8), followLinks: false) {
                    throw FileProblemError(
                        FileProblem(path: path, message: "already exists; not overwritten (use --force to replace it)"))
                }
            }
        }
        var opened: [(AtomicOutputFile, ScaffoldFile)] = []
        for file in files {
            do {
                opened.append((try AtomicOutputFile.open(base + "/" + file.name), file))
            } catch {
                for (output, _) in opened { output.discard() }
                throw error
            }
        }
        for (output, file) in opened { try output.commit(Array(file.contents.utf8)) }
    }

    private static func makeDirectories(_ directory: String) throws(FileProblemError) {
        guard !directory.isEmpty else {
            throw FileProblemError(
                FileProblem(path: directory, message: "empty output directory; give a folder for --output"))
        }
        var prefix = directory.hasPrefix("/") ? "/" : ""
        for component in directory.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix == "/" ? "" : "/") + component
            switch Platform.status(of: Array(prefix.utf8), followLinks: true) {
            case .success(let status) where status.kind == .directory:
                continue
            case .success:
                throw FileProblemError(
                    FileProblem(path: prefix, message: "is not a folder; give a folder for --output"))
            case .failure:
                if let error = Platform.makeDirectory(Array(prefix.utf8)) {
                    throw FileProblemError(
                        FileProblem(path: prefix, message: "cannot create the folder (\(error.message))"))
                }
            }
        }
    }

    /// Reads the discovered files one at a time (in order) and collects the scaffold facts,
    /// adding the scan's no-equivalent and semantic-change findings for `TODO.md`, and the lowest
    /// deployment target the settings files name (across targets and configurations).
    public static func facts(
        files: [DiscoveredFile], findings: [Finding], settingsFiles: [DiscoveredFile] = []
    ) -> ScaffoldFacts {
        var facts = ScaffoldGenerator.facts(files: [], findings: findings)
        facts.deploymentTarget = SettingsPass.read(settingsFiles)?.lowestDeploymentTarget
        for file in files {
            guard case .success(let bytes) = SourceReader.read(file) else { continue }
            facts.collect(path: file.displayPath, file: Lexer.tokenize(bytes))
        }
        return facts
    }

    /// What our own lexer and parser find wrong in the generated Swift files, as `name: message`
    /// lines (empty when clean): lexer diagnostics, unbalanced brackets, and files that declare no type.
    public static func syntaxProblems(_ files: [ScaffoldFile]) -> [String] {
        var problems: [String] = []
        for file in files where file.name.hasSuffix(".swift") {
            let tokenized = Lexer.tokenize(Array(file.contents.utf8))
            problems += tokenized.diagnostics.map { "\(file.name): \($0.message)" }
            let outline = Parser.parse(tokenized)
            for (index, token) in tokenized.tokens.enumerated() where outline.matchingBracket[index] < 0 {
                switch token.kind {
                case .leftParen, .rightParen, .leftBrace, .rightBrace, .leftSquare, .rightSquare:
                    problems.append("\(file.name): unbalanced '\(tokenized.text(of: token))' at byte \(token.start)")
                default: break
                }
            }
            if outline.types.isEmpty { problems.append("\(file.name): declares no type") }
        }
        return problems
    }
}
