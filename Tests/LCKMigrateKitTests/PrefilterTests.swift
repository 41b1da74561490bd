import LCKAnalyzers
import LCKCore
import LCKProjectModel
import LCKRules
import LCKTestSupport
import Testing

@testable import LCKMigrateKit

/// The prefilter only skips work: a scan with it reports exactly what a scan without it reports, and
/// the files it passes over are the ones that spell none of its names.
@Suite struct PrefilterTests {
    /// An analyzer that reports nothing and names no trigger: its presence turns the prefilter off.
    static let prefilterOff = TestAnalyzer("no_prefilter") { _ in [] }

    static func scan(_ paths: [String], in directory: String, jobs: Int, prefilter: Bool) -> ScanReport {
        let analyzers = AnalyzerRegistry.all + (prefilter ? [] : [prefilterOff])
        let suite = AnalyzerSuite(rules: BuiltinRuleTable.table, analyzers: analyzers)
        return ScanPipeline.run(ScanRequest(paths: paths, currentDirectory: directory, jobs: jobs, analyzer: suite))
    }

    @Test(arguments: [1, 2]) func scanOfTheSamplesIsTheSameWithAndWithoutIt(jobs: Int) throws {
        let with = Self.scan(["Samples"], in: PackageRoot.path, jobs: jobs, prefilter: true)
        let without = Self.scan(["Samples"], in: PackageRoot.path, jobs: jobs, prefilter: false)
        try #require(with.findings.count > 500)
        #expect(with.findings == without.findings)
        #expect(with.filesScanned == without.filesScanned && with.linesScanned == without.linesScanned)
        #expect(with.filesWithCallKit == without.filesWithCallKit && with.problems == without.problems)
    }

    /// Counts of files it passes over still come out right, whatever their line endings.
    @Test func filesItPassesOverAreCountedLikeAnalysedOnes() throws {
        let tree = try TemporaryTree()
        try tree.file("A.swift", "struct Timer {\r\n    func fail() {}\r\n    var request = 1\r\n}")
        try tree.file("B.swift", "let a = 1\rlet b = 2\n\n")
        try tree.file("C.swift", "import CallKit\nlet p = CXProvider(configuration: c)\n")
        try tree.bytes("D.swift", [0x6C, 0x65, 0x74, 0x20, 0xFF, 0x0A])
        try tree.file("E.swift", "")
        let with = Self.scan(["."], in: tree.root, jobs: 2, prefilter: true)
        let without = Self.scan(["."], in: tree.root, jobs: 2, prefilter: false)
        #expect(with.findings == without.findings)
        #expect(with.filesScanned == 4 && with.filesScanned == without.filesScanned)
        #expect(with.linesScanned == without.linesScanned)
        #expect(with.problems == without.problems && with.problems.count == 1)
    }

    static func projectPass(_ sources: [String: String]) -> (names: [String], pass: ProjectPass) {
        let names = sources.keys.sorted()
        let pass = AnalyzerSuite(rules: BuiltinRuleTable.table).projectPass(fileCount: names.count, jobs: 2) {
            Array(sources[names[$0]]!.utf8)
        }
        return (names, pass)
    }

    @Test func filesNamingNothingOfTheTableArePassedOver() {
        let (names, pass) = Self.projectPass([
            "Free.swift": "struct Timer {\n    func fail() { request.update(value: uuid) }\n}\n",
            "Near.swift": "class CXProviderDelegateShim {}\nlet handle = FileHandle()\n",
            "Provider.swift": "import CallKit\nlet p = CXProvider(configuration: c)\n",
            "Mention.swift": "// TODO: remove the CXProvider code\n",
            "Directive.swift": "// lckmigrate:disable-next-line all\nlet x = 1\n",
        ])
        let relevant = Dictionary(uniqueKeysWithValues: zip(names, pass.relevant))
        #expect(relevant["Free.swift"] == false)
        #expect(relevant["Near.swift"] == false)
        #expect(relevant["Provider.swift"] == true)
        #expect(relevant["Mention.swift"] == true, "comments count: the filter over-approximates the lexer")
        #expect(relevant["Directive.swift"] == true, "an unused directive is a finding")
        #expect(pass.rounds == 1)
    }

    /// The second round: names the project's declarations make relevant.
    @Test func appNamesLearnedFromTheProjectPassFilesOfTheSecondRound() {
        let (names, pass) = Self.projectPass([
            "Manager.swift": "import CallKit\nfinal class CallManager: NSObject, CXProviderDelegate {\n"
                + "    let callProvider: CXProvider\n}\n",
            "Extension.swift": "extension CallManager {\n    func stop() {}\n}\n",
            "Handler.swift": "extension CallManager {\n    func providerDidReset(_ provider: AnyObject) {}\n}\n",
            "Member.swift": "func shutDown(_ m: Manager) { m.callProvider.invalidate() }\n",
            "Alias.swift": "typealias Provider = CXProvider\n",
            "UsesAlias.swift": "func make() -> Provider { fatalError() }\n",
            "Unrelated.swift": "final class Timer { func invalidate() {} }\n",
        ])
        let relevant = Dictionary(uniqueKeysWithValues: zip(names, pass.relevant))
        #expect(pass.rounds == 2)
        #expect(relevant["Extension.swift"] == false, "a delegate conformer counts next to a delegate method")
        #expect(relevant["Handler.swift"] == true, "a delegate method in an extension of a delegate conformer")
        #expect(relevant["Member.swift"] == true, "a property typed as a table type")
        #expect(relevant["UsesAlias.swift"] == true, "a project typealias")
        #expect(relevant["Unrelated.swift"] == false)
    }

    /// Subclasses of subclasses of a table type count too, however long the chain (declared in files
    /// the pre-pass learns from: ones naming a table type).
    @Test func inheritanceChainsAreFollowedToTheEnd() {
        let chain = (1...6).map { "class Level\($0): Level\($0 - 1) {}\n" }.joined()
        var sources = ["Base.swift": "import CallKit\nclass Level0: CXProvider {}\n" + chain]
        sources["Use.swift"] = "let deepest = Level6()\n"
        sources["Other.swift"] = "let shallow = Level7()\n"
        let (names, pass) = Self.projectPass(sources)
        let relevant = Dictionary(uniqueKeysWithValues: zip(names, pass.relevant))
        #expect(relevant["Use.swift"] == true)
        #expect(relevant["Other.swift"] == false)
    }

    /// A type that adopts a delegate protocol is no receiver of the table: a file using it (at any depth of
    /// its subclasses) is relevant only where it also spells a delegate method, which an extension in that
    /// file could implement. Common app type names adopt these protocols; every file using one used to be
    /// lexed for nothing.
    @Test func delegateConformersCountOnlyNextToADelegateMethodName() {
        let (names, pass) = Self.projectPass([
            "Base.swift": "import PushKit\nextension AccountStore: PKPushRegistryDelegate {}\n"
                + "class CachedAccountStore: AccountStore {}\n",
            "Screen.swift": "let store = AccountStore()\nlet cached = CachedAccountStore()\n",
            "Push.swift": "extension CachedAccountStore {\n    func providerDidBegin(_ r: Registry) {}\n}\n",
            "Mentions.swift": "// providerDidBegin is documented elsewhere\nlet other = OtherStore()\n",
            // Parsed in round one for an analyzer's project marker (`Conversation…`), yet not relevant then.
            "Marker.swift": "extension AccountStore {\n    func providerDidBegin(_ log: ConversationLog) {}\n}\n",
        ])
        let relevant = Dictionary(uniqueKeysWithValues: zip(names, pass.relevant))
        #expect(relevant["Screen.swift"] == false)
        #expect(relevant["Push.swift"] == true)
        #expect(relevant["Mentions.swift"] == false, "a delegate method name alone is not enough")
        #expect(relevant["Marker.swift"] == true)
    }

    /// `isRelevant` (what `rules test` asks of a file on its own) gives the pass's verdict without round
    /// one's record of delegate method names.
    @Test func isRelevantAgreesWithTheProjectPass() {
        let sources = [
            "Base.swift": "import PushKit\nextension AccountStore: PKPushRegistryDelegate {}\n",
            "Screen.swift": "let store = AccountStore()\n",
            "Push.swift": "extension AccountStore {\n    func providerDidBegin(_ r: Registry) {}\n}\n",
            "Alias.swift": "typealias Registry = PKPushRegistry\n",
            "Other.swift": "let other = OtherStore()\n",
        ]
        let (names, pass) = Self.projectPass(sources)
        for (name, relevant) in zip(names, pass.relevant) {
            #expect(pass.suite.isRelevant(Array(sources[name]!.utf8)) == relevant, "\(name)")
        }
        #expect(pass.relevant.contains(false) && pass.relevant.contains(true))
    }

    /// Whatever the filter leaves out, a scan of the same tree without it reports nothing more there.
    @Test func delegateConformerFilesLeftOutGetNoFinding() throws {
        let tree = try TemporaryTree()
        try tree.file(
            "Base.swift",
            "import CallKit\nfinal class CallStore: NSObject, CXProviderDelegate {\n"
                + "    func providerDidReset(_ provider: CXProvider) {}\n}\n")
        try tree.file("Screen.swift", "let store = CallStore()\nstore.start(value: token)\n")
        try tree.file("Alias.swift", "typealias Host = CXProvider\n")
        try tree.file(
            "Reset.swift", "extension CallStore {\n    func providerDidBegin(_ provider: Host) {}\n}\n")
        let with = Self.scan(["."], in: tree.root, jobs: 2, prefilter: true)
        let without = Self.scan(["."], in: tree.root, jobs: 2, prefilter: false)
        try #require(with.findings.contains { $0.path == "Reset.swift" })
        #expect(with.findings == without.findings)
    }

    /// An analyzer that asks the second round for a name its project facts would give (a helper that
    /// handlers call), as the semantic model's analyzers do.
    struct HelperNaming: Analyzer {
        let ruleID = "test_helper_naming"
        func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {}
        func triggerNames(rules: RuleTable) -> Set<String>? { ["CXProvider"] }
        func prefilterNames(project: ProjectFacts) -> Set<String> { ["connectHelper"] }
    }

    @Test func analyzersAddNamesToTheSecondRound() {
        let sources = ["func connectHelper(done: () -> Void) {}\n", "func unrelatedHelper() {}\n"]
        func relevance(_ analyzers: [any Analyzer]) -> ProjectPass {
            AnalyzerSuite(rules: BuiltinRuleTable.table, analyzers: analyzers).projectPass(fileCount: 2, jobs: 1) {
                Array(sources[$0].utf8)
            }
        }
        let asked = relevance(AnalyzerRegistry.all + [HelperNaming()])
        #expect(asked.relevant == [true, false] && asked.rounds == 2)
        #expect(relevance(AnalyzerRegistry.all).relevant == [false, false])
    }

    @Test func unreadableFilesAndFilterlessAnalyzersPassEverything() {
        let suite = AnalyzerSuite(rules: BuiltinRuleTable.table)
        let unreadable = suite.projectPass(fileCount: 2, jobs: 1) { $0 == 0 ? nil : Array("let x = 1\n".utf8) }
        #expect(unreadable.relevant == [true, false], "the per-file pass reports an unreadable file")
        let off = AnalyzerSuite(rules: BuiltinRuleTable.table, analyzers: [Self.prefilterOff])
        #expect(off.prefilter.tableNames == nil)
        #expect(off.projectPass(fileCount: 1, jobs: 1) { _ in Array("let x = 1\n".utf8) }.relevant == [true])
    }

    /// `rules test` runs examples as a scan does: text the prefilter passes over gets no finding.
    @Test func ruleTesterAppliesThePrefilter() {
        let tester = RuleTester(table: BuiltinRuleTable.table)
        #expect(tester.findings(in: Array("let p = CXProvider(configuration: c)\n".utf8)).isEmpty == false)
        #expect(tester.findings(in: Array("func f(a: A) { a.fail() }\n".utf8)).isEmpty)
    }
}
