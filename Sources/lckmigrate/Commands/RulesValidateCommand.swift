import LCKCore
import LCKMigrateKit
import LCKRules

/// `lckmigrate rules validate [DIR...]`: every schema and semantic problem, each at `file:line:column`.
struct RulesValidateCommand: Command {
    static let name = "rules validate"
    static let abstract = "Check rule files: schema, ids, duplicates, claimed symbols, rename cycles, examples."
    static let discussion = """
        Validates the built-in table and then each DIR (a custom pack with mappings/ and analyzers/), as a
        scan with --rules DIR would load them. Besides what every load checks (unknown keys, wrong types,
        missing keys, id format, duplicate ids, two entries claiming one symbol or match) it requires
        examples (mappings: example.before and after; analyzers: at least one triggering and one
        non-triggering) that lex cleanly, and it rejects rename cycles.

        Every problem is printed on stderr as 'file:line:column: error: message'. Exit status: 0 and a
        one-line summary on stdout when all is well, 2 when there is any error.
        """
    static let usage = "[DIR...]"
    static let options: [CommandOption<RulesValidateCommand>] = []

    var directories: [String] = []

    mutating func accept(positional directory: String) throws {
        directories.append(directory)
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let diagnostics = RuleValidator.validate(directories: directories)
        guard diagnostics.isEmpty else {
            for diagnostic in diagnostics { context.console.diagnostic(diagnostic.description) }
            let files = Set(diagnostics.map(\.location.file)).count
            context.console.diagnostic(
                "\(ToolName.name): rules validate: \(diagnostics.count) error(s) in \(files) file(s)")
            return .failure
        }
        let table = try RulesCommand.loadTable(directories, context: context)
        let packs =
            directories.isEmpty ? "the built-in table" : "the built-in table and \(directories.joined(separator: ", "))"
        context.console.out(
            VisibleText.line(
                "OK: \(table.mappings.count) mappings and \(table.analyzers.count) analyzer rules in \(packs); "
                    + "\(table.overrides.count) overridden; fingerprint \(table.fingerprint)"))
        return .success
    }
}
