import Foundation
import LCKTestSupport
import Testing

@testable import lckmigrate_eval

/// The blind label sets committed under Tests/EvaluationLabels stay well-formed: known rules, full commits,
/// and every labeled file listed as reviewed, so a missing label reliably means "clean".
@Suite struct CommittedLabelTests {
    static let root = PackageRoot.path + "/Tests/EvaluationLabels"

    static func sets() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted().map { root + "/" + $0 }.filter {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && isFolder.boolValue
        }
    }

    @Test func thereIsAtLeastOneLabelSet() {
        #expect(!Self.sets().isEmpty, "no label set under \(Self.root)")
    }

    @Test(arguments: sets()) func everyLabelIsWellFormed(set: String) throws {
        for app in try LabelFolder.read(set) {
            #expect(app.reviewedFiles != nil, "\(app.repo): no .files list of reviewed files")
            for label in app.labels {
                let place = "\(app.repo) \(label.path):\(label.line)"
                #expect(AntiPatternScorer.labeledRules.contains(label.rule), "\(place): unknown rule \(label.rule)")
                #expect(label.commit.count == 40 && label.commit.allSatisfy(\.isHexDigit), "\(place): commit")
                #expect(app.isReviewed(label.path), "\(place): file not in the reviewed list")
                #expect(!label.note.isEmpty, "\(place): a label needs a note")
            }
        }
    }
}
