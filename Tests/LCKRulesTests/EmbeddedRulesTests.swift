import Foundation
import LCKTestSupport
import Testing

@testable import LCKRules

/// The built-in table compiled into the binary must be exactly what is in Rules/.
@Suite struct EmbeddedRulesTests {
    @Test func embeddedFilesEqualRulesOnDisk() throws {
        let layer = try RuleLoader.readDirectory(PackageRoot.path + "/Rules")
        let onDisk = layer.files.sorted { $0.path < $1.path }
        let embedded = BuiltinRules.files.sorted { $0.path < $1.path }
        #expect(onDisk.map(\.path) == embedded.map(\.path), "run `\(GeneratedSource.regenerateCommand)`")
        for (disk, built) in zip(onDisk, embedded) where disk != built {
            Issue.record("\(disk.path) differs from the embedded copy: run `\(GeneratedSource.regenerateCommand)`")
        }
    }

    @Test func generatedSourceIsUpToDate() throws {
        let layer = try RuleLoader.readDirectory(PackageRoot.path + "/Rules")
        let expected = try BuiltinRulesRenderer.render(layer.files)
        let staleness = GeneratedSource.staleness(of: BuiltinRulesRenderer.generatedPath, expected: expected)
        #expect(staleness == nil, "\(staleness ?? "")")
    }

    /// Scans of the built-in table use the fingerprint stored when it was embedded; it must be the one the
    /// rules hash to, and extra rule folders must hash again.
    @Test func storedFingerprintIsTheComputedOne() throws {
        let builtin = try RuleLoader.loadBuiltin()
        #expect(builtin.fingerprint == BuiltinRules.fingerprint)
        #expect(builtin.computedFingerprint == BuiltinRules.fingerprint)
        #expect(try RuleLoader.load(directories: []).fingerprint == BuiltinRules.fingerprint)
        let relabelled = try RuleLoader.load(layers: [RuleLayer(displayRoot: "Elsewhere", files: BuiltinRules.files)])
        #expect(relabelled.fingerprint == BuiltinRules.fingerprint, "layout does not change the fingerprint")
        var changed = BuiltinRules.files
        let index = try #require(changed.firstIndex { $0.path.hasPrefix("mappings/") })
        changed[index].contents = changed[index].contents.replacingOccurrences(
            of: "\"severity\": \"warning\"", with: "\"severity\": \"error\"")
        #expect(changed[index] != BuiltinRules.files[index], "the test needs a rule file with a warning")
        let edited = try RuleLoader.load(layers: [RuleLayer(displayRoot: "Rules", files: changed)])
        #expect(edited.fingerprint != BuiltinRules.fingerprint)
    }

    @Test func ruleFilesUseLineFeedsAndEndWithOne() {
        for file in BuiltinRules.files {
            #expect(!file.contents.utf8.contains(0x0D), "\(file.path) contains CR")
            #expect(file.contents.hasSuffix("}\n"), "\(file.path) must end with a single newline")
        }
    }

    @Test func delimiterOutgrowsHashRunsInContent() {
        #expect(BuiltinRulesRenderer.delimiterLength(for: "plain") == 1)
        #expect(BuiltinRulesRenderer.delimiterLength(for: "a \"## b") == 3)
        #expect(BuiltinRulesRenderer.delimiterLength(for: "# \"x#") == 1)
        #expect(BuiltinRulesRenderer.delimiterLength(for: "\\#(x)") == 2)
    }
}
