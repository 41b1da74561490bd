import LCKCore
import LCKLexer
import Testing

@testable import LCKMigrateKit

@Suite struct FileRoleClassifierTests {
    @Test(arguments: [
        ("App/CallManager.swift", FileRole.app),
        ("CallManager.swift", .app),
        ("Tests/CallManagerTests.swift", .test),
        ("App/CallManagerTests.swift", .test),
        ("App/CallSpec.swift", .test),
        ("AppTests/Helpers.swift", .test),
        ("AppUITests/Helpers.swift", .test),
        ("src/test/Helpers.swift", .test),
        ("Pods/SDK/Provider.swift", .vendored),
        ("node_modules/react-native-callkeep/ios/Provider.swift", .vendored),
        ("ThirdParty/Tests/ProviderTests.swift", .vendored),
        ("Example/App/Provider.swift", .example),
        ("Samples/App/Provider.swift", .example),
        ("Example/Tests/ProviderTests.swift", .test),
        ("Contests/Provider.swift", .app),
        ("Testimonials/Provider.swift", .app),
        // Folders outside the current directory say nothing about the project; the file name still does.
        ("../vendor/app/Provider.swift", .app),
        ("/builds/Tests/app/Provider.swift", .app),
        ("/builds/app/ProviderTests.swift", .test),
    ])
    func thePathGivesTheRole(path: String, role: FileRole) {
        #expect(FileRoleClassifier.role(path: path) == role)
    }

    @Test(arguments: [
        ("import XCTest\n", true),
        ("import Testing\n", true),
        ("import class XCTest.XCTestCase\n", true),
        ("import Foundation\n@testable import App\n", true),
        ("import Quick\nimport Nimble\n", true),
        ("import Foundation\nimport CallKit\n", false),
        ("// import XCTest\nlet s = \"import XCTest\"\n", false),
        ("import XCTestDynamicOverlay\n", false),
    ])
    func aTestFrameworkImportMakesATestFile(source: String, isTest: Bool) {
        let file = Lexer.tokenize(Array(source.utf8), trivia: .lineComments)
        #expect(FileRoleClassifier.importsTestFramework(file) == isTest)
        #expect(FileRoleClassifier.role(path: "App/Call.swift", file: file) == (isTest ? .test : .app))
        // Vendored code stays vendored whatever it imports.
        #expect(FileRoleClassifier.role(path: "vendor/Call.swift", file: file) == .vendored)
    }

    @Test func rolesAreToldBelowTheDeepestFolderTheUserNamed() {
        let roots: Set<String> = ["", "Samples", "Samples/App", "One.swift"]
        #expect(FileRoleClassifier.pathBelowRoot("Samples/App/Tests/A.swift", roots: roots) == "Tests/A.swift")
        #expect(FileRoleClassifier.pathBelowRoot("Samples/Other/A.swift", roots: roots) == "Other/A.swift")
        #expect(FileRoleClassifier.pathBelowRoot("Example/A.swift", roots: roots) == "Example/A.swift")
        #expect(FileRoleClassifier.pathBelowRoot("One.swift", roots: roots) == "One.swift")
        #expect(FileRoleClassifier.pathBelowRoot("SamplesX/A.swift", roots: roots) == "SamplesX/A.swift")
        #expect(FileRoleClassifier.pathBelowRoot("../up/Tests/A.swift", roots: ["../up"]) == "Tests/A.swift")
    }

    @Test func roleListsParseLikeTheOption() {
        #expect(FileRole.parseList(["app,test"]) == [.app, .test])
        #expect(FileRole.parseList([" app , example", "vendored"]) == [.app, .example, .vendored])
        #expect(FileRole.parseList(["all"]) == Set(FileRole.allCases))
        #expect(FileRole.parseList(["tests"]) == nil)
        #expect(FileRole.parseList([""]) == nil)
        #expect(FileRole.parseList([]) == nil)
    }
}
