import Foundation
@testable import LCKRules
import Testing

/// The built-in table compiled into the binary must be exactly what is in Rules/.
@Suite struct EmbeddedRulesTests {
    static let packageRoot: String = {
        // Tests/LCKRulesTests/EmbeddedRulesTests.swift → package root.
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    @Test func embeddedFilesEqualRulesOnDisk() throws {
        let layer = try RuleLoader.readDirectory(Self.packageRoot + "/Rules")
        let onDisk = layer.files.sorted { $0.path < $1.path }
        let embedded = BuiltinRules.files.sorted { $0.path < $1.path }
        #expect(onDisk.map(\.path) == embedded.map(\.path), "run `swift run lckmigrate-embed-rules`")
        for (disk, built) in zip(onDisk, embedded) where disk != built {
            Issue.record("\(disk.path) differs from the embedded copy: run `swift run lckmigrate-embed-rules`")
        }
    }

    @Test func generatedSourceIsUpToDate() throws {
        let layer = try RuleLoader.readDirectory(Self.packageRoot + "/Rules")
        let generated = try String(contentsOfFile: Self.packageRoot + "/" + BuiltinRulesRenderer.generatedPath, encoding: .utf8)
        #expect(BuiltinRulesRenderer.render(layer.files) == generated, "run `swift run lckmigrate-embed-rules`")
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
