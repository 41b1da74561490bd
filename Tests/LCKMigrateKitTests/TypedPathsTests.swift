import LCKCore
import Testing

@testable import LCKMigrateKit

/// `TypedPaths`: an absolute PATH is shown absolute, a relative one as before, and the rewrite touches
/// only what the user reads.
@Suite struct TypedPathsTests {
    let here = "/work/app"

    @Test func anAbsoluteArgumentKeepsItsPrefix() {
        let typed = TypedPaths(arguments: ["/home/me/x/bin.swift", "/home/me/tree/"], currentDirectory: here)
        #expect(typed.shown("../../home/me/x/bin.swift") == "/home/me/x/bin.swift")
        #expect(typed.shown("../../home/me/tree/Sub/A.swift") == "/home/me/tree/Sub/A.swift")
        #expect(typed.shown("../../home/me/tree") == "/home/me/tree")
        // Not under any argument (a --files-from entry): as before.
        #expect(typed.shown("../../home/other/B.swift") == "../../home/other/B.swift")
        #expect(typed.shown("Local.swift") == "Local.swift")
    }

    @Test func relativeArgumentsAndNoAbsoluteOneChangeNothing() {
        let relative = TypedPaths(arguments: ["Sources", "../Other"], currentDirectory: here)
        #expect(relative.isIdentity)
        #expect(relative.shown("../Other/A.swift") == "../Other/A.swift")
        // Both spellings of one folder: the later argument wins, as discovery keeps the last one found.
        let absoluteLast = TypedPaths(arguments: ["Sources", "/work/app/Sources"], currentDirectory: here)
        #expect(absoluteLast.shown("Sources/A.swift") == "/work/app/Sources/A.swift")
        let relativeLast = TypedPaths(arguments: ["/work/app/Sources", "Sources"], currentDirectory: here)
        #expect(relativeLast.shown("Sources/A.swift") == "Sources/A.swift")
    }

    @Test func theNearestArgumentWinsAndDotDotLeavesARoot() {
        let typed = TypedPaths(arguments: ["/work", "../../srv/x"], currentDirectory: here)
        // `..` is /work: ../A.swift is under it, ../../srv/x/B.swift is not (it is under the relative one).
        #expect(typed.shown("../A.swift") == "/work/A.swift")
        #expect(typed.shown("../../srv/x/B.swift") == "../../srv/x/B.swift")
        #expect(typed.shown("../../srv/y/C.swift") == "../../srv/y/C.swift")
        let current = TypedPaths(arguments: ["/work/app/"], currentDirectory: here)
        #expect(current.shown("A.swift") == "/work/app/A.swift")
        #expect(current.shown(".") == "/work/app")
        #expect(current.shown("../B.swift") == "../B.swift")
        let root = TypedPaths(arguments: ["/"], currentDirectory: here)
        #expect(root.shown("../../etc/x.swift") == "/etc/x.swift")
    }

    @Test func typedAbsolutePathsAreNormalizedButOtherwiseAsGiven() {
        let typed = TypedPaths(arguments: ["/home//me/./x/../y"], currentDirectory: here)
        #expect(typed.shown("../../home/me/y/A.swift") == "/home/me/y/A.swift")
        // A missing argument is already reported as typed.
        #expect(typed.shown("/home//me/./x/../y") == "/home//me/./x/../y")
    }

    @Test func theReportIsRewrittenEverywhereButNotItsFingerprints() {
        let typed = TypedPaths(arguments: ["/srv/app"], currentDirectory: here)
        var finding = Finding(ruleID: "r", severity: .note, message: "m", range: ByteRange(start: 0, end: 1))
        finding.path = "../../srv/app/A.swift"
        finding.fingerprint = "f"
        finding.witness = [
            WitnessStep(
                path: "../../srv/app/B.swift", position: SourcePosition(line: 1, column: 1), utf16Column: nil,
                message: "s")
        ]
        var report = ScanReport(
            findings: [finding], rules: [], filesScanned: 1,
            problems: [FileProblem(path: "../../srv/app/C.swift", message: "x")])
        report.project.fileTargets[PathKey("../../srv/app/A.swift")] = FileTarget(name: "App", deploymentTarget: nil)
        typed.apply(to: &report)
        #expect(report.findings[0].path == "/srv/app/A.swift")
        #expect(report.findings[0].witness[0].path == "/srv/app/B.swift")
        #expect(report.findings[0].fingerprint == "f")
        #expect(report.problems[0].path == "/srv/app/C.swift")
        #expect(report.project.fileTargets[PathKey("/srv/app/A.swift")]?.name == "App")
    }
}
