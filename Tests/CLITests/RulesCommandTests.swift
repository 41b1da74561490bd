import Foundation
import LCKTestSupport
import Testing

@Suite struct RulesCommandTests {
    /// A pack that overrides the built-in `cxprovider` entry and adds an app wrapper mapping.
    private func writeOverridePack(in tree: TemporaryTree) throws {
        try tree.file(
            "pack/mappings/app.json",
            """
            {"entries": [
              {"id": "cxprovider", "symbol": "CXProvider", "replacement": "ConversationManager", "mappingKind": "merge",
               "area": "provider", "severity": "note", "title": "Our own wording", "note": "n", "match": {"type": "CXProvider"},
               "example": {"before": "let p: CXProvider", "after": "let m: ConversationManager"}},
              {"id": "callservice_start_call", "symbol": "CallService.startCall(to:)", "replacement": "StartConversationAction",
               "mappingKind": "reshape", "area": "outgoing", "severity": "warning", "title": "Wrapper start", "note": "n",
               "match": {"member": "startCall", "labels": ["to"], "receiverTypes": ["CallService"]},
               "example": {"before": "let s: CallService = .shared\\ns.startCall(to: a)", "after": "try await s.begin(a)"}}
            ]}
            """)
    }

    @Test func listShowsEveryRuleAndOverrides() throws {
        let tree = try TemporaryTree()
        let plain = try CLI.run(["rules", "list"], in: tree.root)
        #expect(plain.status == 0)
        let lines = plain.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("ID ") == true)
        #expect(lines.first?.hasSuffix("  KIND      SEVERITY  TITLE") == true)
        #expect(lines.contains { $0.hasPrefix("premature_fulfill ") && $0.contains("  analyzer  warning   ") })
        let counts =
            "\(BuiltinRuleCounts.all) rules (\(BuiltinRuleCounts.mappings) mapping, \(BuiltinRuleCounts.analyzers) analyzer, \(BuiltinRuleCounts.meta) meta)"
        #expect(plain.standardOutput.contains("\n\(counts), 0 overridden;\nfingerprint "))

        try writeOverridePack(in: tree)
        let custom = try CLI.run(["rules", "list", "--rules", "pack"], in: tree.root)
        #expect(custom.status == 0)
        #expect(
            custom.standardOutput.contains(
                "\nOverrides:\n  cxprovider: pack/mappings/app.json:2:3 replaces Rules/mappings/provider.json:"))
        // The pack overrides one built-in mapping and adds one.
        let customCounts =
            "\(BuiltinRuleCounts.all + 1) rules (\(BuiltinRuleCounts.mappings + 1) mapping, \(BuiltinRuleCounts.analyzers) analyzer, \(BuiltinRuleCounts.meta) meta)"
        #expect(custom.standardOutput.contains("\n\(customCounts), 1 overridden;"))
        #expect(custom.standardOutput.contains("\ncallservice_start_call "))
    }

    @Test func listAsJSON() throws {
        let tree = try TemporaryTree()
        try writeOverridePack(in: tree)
        let result = try CLI.run(["rules", "list", "--format", "json", "--rules", "pack"], in: tree.root)
        #expect(result.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["fingerprint", "overrides", "rules", "toolVersion"])
        let rules = try #require(object["rules"] as? [[String: String]])
        #expect(rules.count == BuiltinRuleCounts.all + 1)
        let wrapper = try #require(rules.first { $0["id"] == "callservice_start_call" })
        #expect(
            wrapper == [
                "id": "callservice_start_call", "kind": "mapping", "severity": "warning",
                "source": "pack/mappings/app.json:5:3", "title": "Wrapper start",
            ])
        #expect(
            rules.first { $0["id"] == "cxprovider" }?["overrides"]?.hasPrefix("Rules/mappings/provider.json:") == true)
        #expect((object["overrides"] as? [Any])?.count == 1)
    }

    @Test func explainPrintsThePageAndUnknownIdsSuggest() throws {
        let tree = try TemporaryTree()
        let known = try CLI.run(["rules", "explain", "cxhandle"], in: tree.root)
        #expect(known.status == 0)
        #expect(known.standardOutput.hasPrefix("# `cxhandle`: "))
        #expect(known.standardOutput.contains("## The LiveCommunicationKit way\n\n`Handle`"))
        #expect(known.standardOutput.contains("\nDefined at Rules/mappings/handles.json:"))
        let unknown = try CLI.run(["rules", "explain", "premature_fulfil"], in: tree.root)
        #expect(unknown.status == 2)
        #expect(unknown.standardOutput.isEmpty)
        #expect(
            unknown.standardError
                == "lckmigrate: error: unknown rule 'premature_fulfil'; did you mean 'premature_fulfill'? (see 'lckmigrate rules list')\n"
        )
    }

    @Test func validateReportsEveryErrorWithItsLocation() throws {
        let tree = try TemporaryTree()
        let ok = try CLI.run(["rules", "validate"], in: tree.root)
        #expect(ok.status == 0)
        #expect(
            ok.standardOutput.hasPrefix(
                "OK: \(BuiltinRuleCounts.mappings) mappings and \(BuiltinRuleCounts.analyzerKinds.count) analyzer rules in the built-in table; 0 overridden; fingerprint "
            ))
        #expect(ok.standardOutput.split(separator: "\n").count == 1)

        try tree.file(
            "bad/mappings/app.json",
            """
            {"entries": [
              {"id": "wrap_a", "symbol": "A", "replacement": "B", "mappingKind": "rename", "area": "provider",
               "severity": "warning", "title": "t", "note": "n", "match": {"type": "A"},
               "example": {"before": "let a = \\"open", "after": "let b: B"}},
              {"id": "wrap_b", "symbol": "B", "replacement": "A", "mappingKind": "rename", "area": "provider",
               "severity": "warning", "title": "t", "note": "n", "match": {"type": "B"}}
            ]}
            """)
        try tree.file("bad/analyzers/odd.json", #"{"id": "odd", "kind": "analyzer", "colour": 1}"#)
        let bad = try CLI.run(["rules", "validate", "bad"], in: tree.root)
        #expect(bad.status == 2)
        #expect(bad.standardOutput.isEmpty)
        // Hand-checked columns: `"colour"` follows 34 bytes of `{"id": "odd", "kind": "analyzer", `; the
        // lexer reports an unterminated string at its first content byte, `open`, which follows
        // `   "example": {"before": "let a = \"` (36 bytes including the two-byte escape).
        #expect(
            bad.standardError == """
                bad/analyzers/odd.json:1:1: error: analyzer metadata is missing required key 'title'
                bad/analyzers/odd.json:1:1: error: analyzer metadata is missing required key 'severity'
                bad/analyzers/odd.json:1:1: error: analyzer metadata is missing required key 'summary'
                bad/analyzers/odd.json:1:1: error: analyzer metadata is missing required key 'rationale'
                bad/analyzers/odd.json:1:1: error: analyzer metadata is missing required key 'lck'
                bad/analyzers/odd.json:1:1: error: analyzer metadata is missing required key 'sources'
                bad/analyzers/odd.json:1:1: error: analyzer metadata is missing required key 'examples'
                bad/analyzers/odd.json:1:35: error: unknown key 'colour' in analyzer metadata (expected one of '$schema', 'id', 'kind', 'title', 'severity', 'confidence', 'summary', 'rationale', 'lck', 'sources', 'tags', 'parameters', 'examples')
                bad/mappings/app.json:4:37: error: example.before does not lex cleanly: unterminated string literal
                bad/mappings/app.json:5:3: error: mapping 'wrap_b' has no example; add "example": {"before": …, "after": …}
                lckmigrate: rules validate: 10 error(s) in 2 file(s)

                """)
    }

    @Test func validateFindsRenameCyclesOnceTheTableLoads() throws {
        let tree = try TemporaryTree()
        try tree.file(
            "cycle/mappings/app.json",
            """
            {"entries": [
              {"id": "wrap_a", "symbol": "A", "replacement": "B", "mappingKind": "rename", "area": "provider",
               "severity": "warning", "title": "t", "note": "n", "match": {"type": "A"}, "example": {"before": "A", "after": "B"}},
              {"id": "wrap_b", "symbol": "B", "replacement": "A", "mappingKind": "rename", "area": "provider",
               "severity": "warning", "title": "t", "note": "n", "match": {"type": "B"}, "example": {"before": "B", "after": "A"}}
            ]}
            """)
        let result = try CLI.run(["rules", "validate", "cycle"], in: tree.root)
        #expect(result.status == 2)
        #expect(
            result.standardError.hasPrefix(
                "cycle/mappings/app.json:2:3: error: rename cycle: 'wrap_a' → 'wrap_b' → 'wrap_a' (each replacement is the symbol of the next entry)\n"
            ))
    }

    @Test func testRunsPackRulesAndAnnotatedSamples() throws {
        let tree = try TemporaryTree()
        try tree.file(
            "pack/analyzers/no_code.json",
            """
            {"id": "no_code", "kind": "analyzer", "title": "t", "severity": "warning", "summary": "s", "rationale": "r",
             "lck": "l", "sources": [], "examples": {"triggering": ["↓f()"], "nonTriggering": ["g()"]}}
            """)
        try tree.file("pack/tests/Quiet.swift", "// expect-none\nlet value = 1\n")
        try tree.file("pack/tests/Wrong.swift", "// expect: not_a_rule\nlet value = 1\n")
        let result = try CLI.run(["rules", "test", "pack"], in: tree.root)
        #expect(result.status == 1)
        #expect(
            result.standardOutput == """
                SKIP  no_code (analyzer): no analyzer with this id in AnalyzerRegistry.all (an analyzer rule needs Swift code)
                PASS  pack/tests/Quiet.swift
                FAIL  pack/tests/Wrong.swift: 'not_a_rule' is not a rule id
                rules test: 0 rules passed, 0 failed, 1 skipped; 1 samples passed, 1 failed, 0 skipped

                """)
        let quiet = try CLI.run(["rules", "test", "-q", "pack"], in: tree.root)
        #expect(
            quiet.standardOutput
                == "FAIL  pack/tests/Wrong.swift: 'not_a_rule' is not a rule id\nrules test: 0 rules passed, 0 failed, 1 skipped; 1 samples passed, 1 failed, 0 skipped\n"
        )
    }

    @Test func samplesAreCheckedAgainstTheirAnnotationsWithTheRealAnalyzers() throws {
        let tree = try TemporaryTree()
        let handler = """
            func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
                guard let call = calls[action.callUUID] else { return }
                call.hangUp()
                action.fulfill()
            }

            """
        try tree.file("samples/Annotated.swift", "// expect: unresolved_action\n" + handler)
        try tree.file("samples/Unannotated.swift", "import CallKit\n\n" + handler)
        let result = try CLI.run(["rules", "test", "-q", "--samples", "samples"], in: tree.root)
        #expect(result.status == 1)
        // The handler's line is line 3 of Unannotated.swift; its `guard … return` leaves the action open.
        #expect(
            result.standardOutput.contains(
                """
                FAIL  samples/Unannotated.swift
                      annotations:
                        + 3 unresolved_action

                """))
        #expect(!result.standardOutput.contains("samples/Annotated.swift"))
    }

    @Test func brokenPackStopsEveryRulesCommandWithExit2() throws {
        let tree = try TemporaryTree()
        try tree.file("broken/mappings/app.json", "{\"entries\": [\n  {\"id\": 7}\n]}")
        for arguments in [
            ["rules", "list", "--rules", "broken"], ["rules", "test", "broken"],
            ["rules", "explain", "cxprovider", "--rules", "broken"],
        ] {
            let result = try CLI.run(arguments, in: tree.root)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardOutput.isEmpty)
            // `  {"id": 7}`: the entry opens at column 3, the number sits at column 10.
            #expect(
                result.standardError.hasPrefix(
                    "broken/mappings/app.json:2:3: error: mapping entry is missing required key 'symbol'\n"))
            #expect(
                result.standardError.contains(
                    "\nbroken/mappings/app.json:2:10: error: expected 'id' to be a string, found a number\n"))
            #expect(result.standardError.hasSuffix("run 'lckmigrate rules validate' for details\n"))
        }
    }

    @Test func docsAreDeterministicMatchTheCommittedCopyAndDropStalePages() throws {
        let tree = try TemporaryTree()
        let first = try CLI.run(["rules", "docs", "--output", "out"], in: tree.root)
        #expect(first.status == 0)
        // One page per rule plus the README index.
        #expect(first.standardError == "lckmigrate: wrote \(BuiltinRuleCounts.all + 1) pages to out\n")
        var written = try tree.entries("out")
        #expect(written.count == BuiltinRuleCounts.all + 2 && written.contains("README.md"))
        #expect(written.contains(".lckmigrate-docs"))
        let committed = PackageRoot.path + "/Rules/docs"
        for name in written {
            let generated = try String(contentsOfFile: tree.root + "/out/" + name, encoding: .utf8)
            let expected = try String(contentsOfFile: committed + "/" + name, encoding: .utf8)
            #expect(
                generated == expected,
                "Rules/docs/\(name) is stale; run `swift run lckmigrate rules docs --output Rules/docs`")
        }
        // A page the manifest lists that is no longer generated (a deleted rule) goes; nothing else does.
        let manifest = try String(contentsOfFile: tree.root + "/out/.lckmigrate-docs", encoding: .utf8)
        try tree.file("out/.lckmigrate-docs", manifest + "removed_rule.md\n../outside.md\n")
        try tree.file("out/removed_rule.md", "old\n")
        try tree.file("outside.md", "mine\n")
        let second = try CLI.run(["rules", "docs", "--output", "out"], in: tree.root)
        #expect(second.status == 0)
        written = try tree.entries("out")
        #expect(written.count == BuiltinRuleCounts.all + 2 && !written.contains("removed_rule.md"))
        #expect(try tree.entries() == ["out", "outside.md"])
        let missing = try CLI.run(["rules", "docs"], in: tree.root)
        #expect(missing.status == 2)
        #expect(missing.standardError.hasPrefix("lckmigrate: error: missing --output DIR\n"))
    }

    /// `rules docs --output .` in a project must not delete or overwrite its own Markdown.
    @Test func docsRefuseAFolderWithOtherFilesUnlessForced() throws {
        let tree = try TemporaryTree()
        try tree.file("NOTES.md", "notes\n")
        try tree.file("CHANGELOG.md", "changes\n")
        try tree.file("README.md", "the project\n")
        let refused = try CLI.run(["rules", "docs", "--output", "."], in: tree.root)
        #expect(refused.status == 2)
        #expect(
            refused.standardError
                == "lckmigrate: error: .: holds 3 files rules docs did not write (CHANGELOG.md, NOTES.md, README.md); "
                + "give an empty or new folder, or --force to write there anyway (pages replace files of their name; "
                + "others are kept)\n")
        #expect(try tree.entries() == ["CHANGELOG.md", "NOTES.md", "README.md"])
        #expect(try String(contentsOfFile: tree.root + "/README.md", encoding: .utf8) == "the project\n")
        let forced = try CLI.run(["rules", "docs", "--output", ".", "--force"], in: tree.root)
        #expect(forced.status == 0)
        let written = try tree.entries()
        #expect(written.count == BuiltinRuleCounts.all + 4 && written.contains("NOTES.md"))
        #expect(try String(contentsOfFile: tree.root + "/CHANGELOG.md", encoding: .utf8) == "changes\n")
    }

    @Test func subcommandsAreCheckedWithSuggestions() throws {
        let tree = try TemporaryTree()
        let none = try CLI.run(["rules"], in: tree.root)
        #expect(none.status == 2)
        #expect(
            none.standardError.hasPrefix(
                "lckmigrate: error: missing subcommand; use one of: list, explain, validate, test, docs\n"))
        let typo = try CLI.run(["rules", "lsit"], in: tree.root)
        #expect(typo.status == 2)
        #expect(
            typo.standardError.hasPrefix("lckmigrate: error: unknown subcommand 'rules lsit'; did you mean 'list'?\n"))
        let help = try CLI.run(["rules", "--help"], in: tree.root)
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("  lckmigrate rules validate [DIR...]\n"))
        let subHelp = try CLI.run(["rules", "test", "--help"], in: tree.root)
        #expect(
            subHelp.standardOutput.hasPrefix("Usage: lckmigrate rules test [DIR...] [--samples PATH]... [--quiet]\n"))
    }

    @Test func wrapperPackValidates() throws {
        let result = try CLI.run(["rules", "validate", "Samples/Wrappers/rules"], in: PackageRoot.path)
        #expect(result.status == 0)
        let packEntries = 7  // Samples/Wrappers/rules maps the seven CallService methods
        #expect(
            result.standardOutput.hasPrefix(
                "OK: \(BuiltinRuleCounts.mappings + packEntries) mappings and \(BuiltinRuleCounts.analyzerKinds.count) analyzer rules in the built-in table and Samples/Wrappers/rules; 0 overridden;"
            ))
    }
}
