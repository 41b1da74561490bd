// Regenerates every generated source of the package from its source of truth:
//   Rules/analyzers, Rules/mappings → Sources/LCKRules/BuiltinRules+Generated.swift
//   Rules/plan.json                 → Sources/LCKMigrationModel/MigrationPlan+Generated.swift
//   the cases of `Keyword`          → Sources/LCKLexer/KeywordTable+Generated.swift
// Usage (from the package root): swift run lckmigrate-generate [--check] [package-root]
// With --check nothing is written; the exit status is 1 when a file is stale. Tests fail while one is.
import Foundation
import LCKLexer
import LCKMigrationModel
import LCKRules

/// One generated file: where it goes and how to render it from the package root.
struct GeneratedSource {
    var path: String
    var render: (_ root: String) throws -> String
}

let sources = [
    GeneratedSource(path: BuiltinRulesRenderer.generatedPath) { root in
        let layer = try RuleLoader.readDirectory(root + "/Rules")
        // Refuse to embed a table that would not load.
        _ = try RuleLoader.load(layers: [RuleLayer(displayRoot: "Rules", files: layer.files)])
        return try BuiltinRulesRenderer.render(layer.files)
    },
    GeneratedSource(path: MigrationPlanSource.generatedPath) { root in
        let text = try String(contentsOfFile: root + "/" + MigrationPlanSource.planPath, encoding: .utf8)
        // Refuse to embed a plan that would not load.
        _ = try MigrationPlan(json: Array(text.utf8))
        return MigrationPlanSource.render(text)
    },
    GeneratedSource(path: KeywordTableRenderer.generatedPath) { _ in KeywordTableRenderer.render() },
]

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
let checkOnly = arguments.first == "--check"
if checkOnly { arguments.removeFirst() }
let root = arguments.first ?? FileManager.default.currentDirectoryPath
var stale: [String] = []
for source in sources {
    let rendered: String
    do {
        rendered = try source.render(root)
    } catch {
        fail("\(source.path): \(error)")
    }
    let target = root + "/" + source.path
    if (try? String(contentsOfFile: target, encoding: .utf8)) == rendered {
        print("\(source.path) is up to date")
    } else if checkOnly {
        print("\(source.path) is stale")
        stale.append(source.path)
    } else {
        do {
            try rendered.write(toFile: target, atomically: true, encoding: .utf8)
        } catch {
            fail("cannot write \(target): \(error)")
        }
        print("wrote \(source.path)")
    }
}
if !stale.isEmpty { fail("run `swift run lckmigrate-generate` to regenerate \(stale.joined(separator: ", "))") }
