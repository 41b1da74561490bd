import Foundation

/// `info.json` of an artifact bundle (SwiftPM's SE-0305 format, schema 1.0): one executable artifact,
/// `lckmigrate`, which is the name plugins ask `context.tool(named:)` for.
enum ArtifactBundleInfo {
    static func json(version: String, variant: BundleVariant) -> String {
        let triples = variant.triples.map { "\"\(escaped($0))\"" }.joined(separator: ", ")
        return """
            {
              "schemaVersion": "1.0",
              "artifacts": {
                "lckmigrate": {
                  "version": "\(escaped(version))",
                  "type": "executable",
                  "variants": [
                    {
                      "path": "\(escaped(variant.binaryPath(version: version)))",
                      "supportedTriples": [\(triples)]
                    }
                  ]
                }
              }
            }

            """
    }

    /// JSON and Swift string literals escape the same two characters here (values are versions, triples,
    /// paths and descriptions: no control characters).
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
