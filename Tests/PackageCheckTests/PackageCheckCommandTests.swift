import Foundation
import Testing

@testable import lckmigrate_package_check

@Suite struct PackageCheckCommandTests {
    let dump = """
        {"targets": [{"name": "App", "type": "executable", "dependencies": [], "exclude": []}]}
        """

    @Test func printsOneLinePerProblemThenASummaryAndExitsWith1() throws {
        let package = try FixturePackage(files: [
            "package.json": dump, "Sources/App/main.swift": "import Lib\n" + statementLines(420),
        ])
        let outcome = PackageCheckCommand.run(["--root", package.root, package.root + "/package.json"])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardOutput == """
                Sources/App/main.swift:1: file has 421 lines, over the 400-line limit
                Sources/App/main.swift:1: target 'App' imports Lib, which Package.swift does not declare as its dependency
                lckmigrate-package-check: 2 problems (1 undeclared import, 1 file over 400 lines) in 1 file in 1 target

                """)
    }

    @Test func aCleanPackageExitsWith0() throws {
        let package = try FixturePackage(files: ["Sources/App/main.swift": "import Foundation\n"])
        let outcome = PackageCheckCommand.run(["--root", package.root, "-"], readStandardInput: { Data(dump.utf8) })
        #expect(
            outcome
                == .init(
                    status: 0, standardOutput: "lckmigrate-package-check: no problems in 1 file in 1 target\n",
                    standardError: ""))
    }

    @Test(arguments: [[], ["--root"], ["--verbose", "p.json"], ["a.json", "b.json"], ["/nonexistent/p.json"]])
    func usageErrorsAndUnreadableInputExitWith2(arguments: [String]) {
        let outcome = PackageCheckCommand.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.hasPrefix("error: "))
    }

    @Test func invalidJSONExitsWith2() {
        let outcome = PackageCheckCommand.run(["-"], readStandardInput: { Data("[1,".utf8) })
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("invalid package description"))
    }
}
