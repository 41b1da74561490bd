import Foundation
import LCKTestSupport

/// Counts of the built-in rule files read straight from `Rules/` with Foundation's JSON parser, so the
/// CLI tests do not hard-code how many rules exist: adding a mapping stays a data-only change.
enum BuiltinRuleCounts {
    static let mappings: Int = entries(in: "mappings").count
    /// The `kind` of every analyzer rule file (`analyzer` or `meta`).
    static let analyzerKinds: [String] = entries(in: "analyzers").map { $0["kind"] as? String ?? "analyzer" }
    static let analyzers: Int = analyzerKinds.filter { $0 == "analyzer" }.count
    static let meta: Int = analyzerKinds.count - analyzers
    static var all: Int { mappings + analyzerKinds.count }

    private static func entries(in folder: String) -> [[String: Any]] {
        let directory = PackageRoot.path + "/Rules/" + folder
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
            $0.hasSuffix(".json")
        }
        var result: [[String: Any]] = []
        for name in names.sorted() {
            guard let data = FileManager.default.contents(atPath: directory + "/" + name),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { continue }
            if let list = object["entries"] as? [[String: Any]] { result += list } else { result.append(object) }
        }
        return result
    }
}
