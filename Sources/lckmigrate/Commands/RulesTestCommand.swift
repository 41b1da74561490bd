import LCKMigrateKit
import LCKRules

/// `lckmigrate rules test [DIR...]`: runs rule examples, their mutations and annotated samples.
struct RulesTestCommand: Command {
    static let name = "rules test"
    static let abstract = "Run every rule's examples (and automatic mutations) and annotated sample files."
    static let discussion = """
        Analyzer rules: each triggering example must produce the rule's findings exactly at its '↓' markers,
        each non-triggering example none. Mapping rules: example.before must produce a finding of the rule,
        example.after none. Every example is re-run wrapped in a block comment and in a string literal
        (no finding), after a multi-byte comment line (same columns, one line down), and, for triggering
        examples that name CallKit/PushKit types, with module-qualified types, with a typealias, and with a
        delegate conformance moved into an extension (must still trigger).

        Without DIR all rules are tested; with DIR only the rules that DIR defines, plus the annotated
        samples in DIR/tests/: '// expect: rule_id[, rule_id]' on the line before each expected finding,
        '// expect-none' for files that must produce none. --samples adds more sample files or folders.
        Findings compared are those of the rules DIR defines (without DIR: the analyzer rules) and of
        every rule an annotation names.
        Rules the engine cannot run (an analyzer id without Swift code) are reported as SKIP.

        Exit status: 0 when nothing failed, 1 when a rule or sample failed, 2 when the rules do not load.
        """
    static let usage = "[DIR...] [--samples PATH]... [--quiet]"
    static let options: [CommandOption<RulesTestCommand>] = [
        .value(
            "samples", "PATH", help: "Annotated Swift files or folders to check too; repeatable.", appends: \.samples),
        .flag("quiet", short: "q", help: "Print only failures and the summary.", sets: \.quiet),
    ]

    var directories: [String] = []
    var samples: [String] = []
    var quiet = false

    mutating func accept(positional directory: String) throws {
        directories.append(directory)
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let table = try RulesCommand.loadTable(directories, context: context)
        let tester = RuleTester(table: table)
        let packIDs: Set<String>? =
            directories.isEmpty ? nil : RuleTestSelection.ids(definedIn: directories, table: table)
        let ruleResults = tester.testRules(packIDs)
        var samplePaths = samples
        for directory in directories
        where RuleTestSelection.isDirectory(directory + "/tests", under: context.currentDirectory) {
            samplePaths.append(directory + "/tests")
        }
        // Without a pack, samples are compared on anti-pattern rules (plus any id they name), as the
        // Samples/ apps annotate: their plain CallKit usages (mapping findings) carry no annotations.
        let scope = packIDs ?? Set(table.analyzers.map(\.id))
        let sampleResults =
            samplePaths.isEmpty
            ? [] : tester.testSamples(paths: samplePaths, currentDirectory: context.currentDirectory, scope: scope)
        let report = RuleTestReport(rules: ruleResults, samples: sampleResults)
        context.console.out(report.render(quiet: quiet))
        return report.failed ? .findings : .success
    }
}
