import Foundation

/// One hand label of an anti-pattern instance, read from a blind label file (written to the workspace's
/// anti-pattern definitions, which this tool never reads): the rule's anchor line in one file of one app.
struct AntiPatternLabel: Equatable {
    enum Certainty: String { case certain, likely }

    var repo: String
    var commit: String
    var path: String
    var line: Int
    var rule: String
    var certainty: Certainty
    var note: String
}

/// The labels of one app plus the files its labeler reviewed: a finding in a reviewed file with no label near it
/// is a false alarm; a finding in a file nobody reviewed is only counted as unjudged.
struct LabeledApp {
    var repo: String
    var labels: [AntiPatternLabel]
    /// Reviewed file paths; nil when the app has no `.files` list (then every file counts as reviewed).
    var reviewedFiles: Set<String>?

    func isReviewed(_ path: String) -> Bool { reviewedFiles?.contains(path) ?? true }
}

/// Reads a label folder: `OWNER+NAME.tsv` (header, then `repo commit path line rule certainty note`) and the
/// matching `OWNER+NAME.files` (`path labeled|clean`).
enum LabelFolder {
    static let labelColumns = ["repo", "commit", "path", "line", "rule", "certainty", "note"]

    static func read(_ folder: String) throws -> [LabeledApp] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tsv") }.sorted()
        guard !names.isEmpty else { throw EvalError.input("\(folder): no *.tsv label files") }
        return try names.map { name in
            let stem = String(name.dropLast(".tsv".count))
            let labels = try parseLabels(try readText(folder + "/" + name), file: name)
            let repo = stem.replacingOccurrences(of: "+", with: "/")
            if let stray = labels.first(where: { $0.repo != repo }) {
                throw EvalError.input("\(name): label for \(stray.repo) in the file of \(repo)")
            }
            let filesPath = folder + "/" + stem + ".files"
            let reviewed =
                FileManager.default.fileExists(atPath: filesPath)
                ? try parseReviewedFiles(try readText(filesPath), file: stem + ".files") : nil
            return LabeledApp(repo: repo, labels: labels, reviewedFiles: reviewed)
        }
    }

    static func parseLabels(_ text: String, file: String) throws -> [AntiPatternLabel] {
        var labels: [AntiPatternLabel] = []
        for (index, row) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let columns = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if row.isEmpty || row.hasPrefix("#") || columns.first == "repo" { continue }
            guard columns.count == labelColumns.count, let line = Int(columns[3]), line > 0,
                let certainty = AntiPatternLabel.Certainty(rawValue: columns[5])
            else {
                throw EvalError.input(
                    "\(file):\(index + 1): expected \(labelColumns.joined(separator: " ")) (TAB-separated, "
                        + "line > 0, certainty certain|likely)")
            }
            labels.append(
                AntiPatternLabel(
                    repo: columns[0], commit: columns[1], path: normalized(columns[2]), line: line, rule: columns[4],
                    certainty: certainty, note: columns[6]))
        }
        return labels
    }

    static func parseReviewedFiles(_ text: String, file: String) throws -> Set<String> {
        var paths: Set<String> = []
        for (index, row) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !row.isEmpty && !row.hasPrefix("#") {
            let columns = row.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count == 2, columns[1] == "labeled" || columns[1] == "clean" else {
                throw EvalError.input("\(file):\(index + 1): expected `path<TAB>labeled|clean`")
            }
            paths.insert(normalized(String(columns[0])))
        }
        return paths
    }

    /// Label files and scan output may spell a path with a leading `./`; both are compared without it.
    static func normalized(_ path: String) -> String {
        path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }
}

func readText(_ path: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: path) else { throw EvalError.input("cannot read \(path)") }
    return String(decoding: data, as: UTF8.self)
}
