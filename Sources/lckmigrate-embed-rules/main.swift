// Regenerates Sources/LCKRules/BuiltinRules+Generated.swift from Rules/.
// Usage (from the package root): swift run lckmigrate-embed-rules [package-root]
import Foundation
import LCKRules

let root = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : FileManager.default.currentDirectoryPath
let layer: RuleLayer
do {
    layer = try RuleLoader.readDirectory(root + "/Rules")
    // Refuse to embed a table that would not load.
    _ = try RuleLoader.load(layers: [RuleLayer(displayRoot: "Rules", files: layer.files)])
} catch {
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
    exit(1)
}
let target = root + "/" + BuiltinRulesRenderer.generatedPath
let rendered: String
do {
    rendered = try BuiltinRulesRenderer.render(layer.files)
} catch {
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
    exit(1)
}
let current = try? String(contentsOfFile: target, encoding: .utf8)
if current == rendered {
    print("\(BuiltinRulesRenderer.generatedPath) is up to date (\(layer.files.count) files)")
} else {
    do {
        try rendered.write(toFile: target, atomically: true, encoding: .utf8)
        print("wrote \(BuiltinRulesRenderer.generatedPath) (\(layer.files.count) files)")
    } catch {
        FileHandle.standardError.write(Data("cannot write \(target): \(error)\n".utf8))
        exit(1)
    }
}
