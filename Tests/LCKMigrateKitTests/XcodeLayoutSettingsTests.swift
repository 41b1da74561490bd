import LCKCore
import LCKTestSupport
import Testing

@testable import LCKMigrateKit

/// Projects as Xcode writes them (`XcodeProjectFixture`): where the deployment target of each target comes
/// from, and which target's applies to a Swift file.
@Suite struct XcodeLayoutSettingsTests {
    typealias Fixture = XcodeProjectFixture
    static let deployment = "IPHONEOS_DEPLOYMENT_TARGET"

    static func settings(_ project: Fixture, _ others: [(String, String)] = []) -> ProjectSettings {
        ProjectSettings(
            contents: [("App.xcodeproj/project.pbxproj", Array(project.text().utf8))]
                + others.map { ($0.0, Array($0.1.utf8)) })
    }

    static func target(_ settings: ProjectSettings, _ name: String) -> OSVersion?? {
        settings.targets.first { $0.name == name }.map(\.deploymentTarget)
    }

    @Test func aProjectLevelDeploymentTargetReachesEveryTarget() {
        let project = Fixture(
            targets: [.init("App", configurations: [.init("Debug"), .init("Release")])],
            projectConfigurations: [
                .init("Debug", [(Self.deployment, "16.0")]), .init("Release", [(Self.deployment, "16.0")]),
            ])
        #expect(Self.target(Self.settings(project), "App") == OSVersion(16, 0))
    }

    @Test func theTargetsXcconfigComesBeforeTheProjectAndIsFoundByItsPath() {
        let project = Fixture(
            targets: [
                .init("App", configurations: [.init("Release", xcconfig: "Config/App.xcconfig")]),
                .init("Other", configurations: [.init("Release")]),
            ],
            projectConfigurations: [.init("Release", [(Self.deployment, "17.0")], xcconfig: "Config/Project.xcconfig")])
        let settings = Self.settings(
            project,
            [
                ("Config/App.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = 15.2\n"),
                // Same name elsewhere in the tree (first by path): never this project's.
                ("Alt/App.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = 12.0\n"),
                ("Config/Project.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = 13.0\n"),
            ])
        #expect(Self.target(settings, "App") == OSVersion(15, 2))
        #expect(Self.target(settings, "Other") == OSVersion(17, 0))
    }

    @Test func inheritedContinuesOneLevelDownAndAliasesAreFollowed() {
        let project = Fixture(
            targets: [
                .init(
                    "Inherits",
                    configurations: [.init("Debug", [(Self.deployment, "$(inherited)")], xcconfig: "Inherits.xcconfig")]
                ),
                .init("Alias", configurations: [.init("Debug", [(Self.deployment, "$(APP_MINIMUM_IOS)")])]),
                .init(
                    "Unknown",
                    configurations: [.init("Debug", [(Self.deployment, "$(RECOMMENDED_IPHONEOS_DEPLOYMENT_TARGET)")])]),
                .init(
                    "Cycle",
                    configurations: [.init("Debug", [(Self.deployment, "$(A)"), ("A", "${B}"), ("B", "$(A)")])]),
            ],
            projectConfigurations: [.init("Debug", [(Self.deployment, "16.1")], xcconfig: "Project.xcconfig")])
        let settings = Self.settings(
            project,
            [
                ("Inherits.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = $(inherited)\n"),
                ("Project.xcconfig", "APP_MINIMUM_IOS = 15.4\nIPHONEOS_DEPLOYMENT_TARGET = 14.0\n"),
            ])
        #expect(Self.target(settings, "Inherits") == OSVersion(16, 1))
        #expect(Self.target(settings, "Alias") == OSVersion(15, 4))
        #expect(Self.target(settings, "Unknown") == .some(nil))
        #expect(Self.target(settings, "Cycle") == .some(nil))
    }

    @Test func differingConfigurationsGiveTheLowest() {
        let project = Fixture(targets: [
            .init(
                "App",
                configurations: [
                    .init("Debug", [(Self.deployment, "17.4")]), .init("Release", [(Self.deployment, "15.0")]),
                    .init("Staging", [(Self.deployment, "16.0")]),
                ])
        ])
        #expect(Self.target(Self.settings(project), "App") == OSVersion(15, 0))
    }

    @Test func anotherPlatformsTargetNamesNoIOSDeploymentTarget() {
        let project = Fixture(
            targets: [
                .init("App", configurations: [.init("Debug")], synchronizedFolders: ["App"]),
                .init(
                    "Watch", configurations: [.init("Debug", [("SDKROOT", "watchos")])], synchronizedFolders: ["Watch"]),
                .init(
                    "Both",
                    configurations: [
                        .init(
                            "Debug",
                            [("SDKROOT", "macosx"), ("SUPPORTED_PLATFORMS", "macosx iphoneos iphonesimulator")])
                    ], synchronizedFolders: ["Both"]),
            ],
            projectConfigurations: [.init("Debug", [(Self.deployment, "16.0"), ("SDKROOT", "iphoneos")])])
        let settings = Self.settings(project)
        #expect(Self.target(settings, "App") == OSVersion(16, 0))
        #expect(Self.target(settings, "Watch") == .some(nil))
        #expect(Self.target(settings, "Both") == OSVersion(16, 0))
        #expect(settings.deploymentTarget(for: "Watch/Complication.swift") == nil)
        #expect(settings.deploymentTarget(for: "App/CallManager.swift") == OSVersion(16, 0))
    }

    /// A file the app's synchronized folder holds but membership exceptions give to the widget instead.
    @Test func synchronizedFolderExceptionsMoveAFileToAnotherTarget() {
        let moved = "App/Shared/WidgetOnly.swift"
        let project = Fixture(targets: [
            .init(
                "App", configurations: [.init("Debug", [(Self.deployment, "15.0")])], synchronizedFolders: ["App"],
                membershipExceptions: [moved]),
            .init(
                "Widget", productType: "com.apple.product-type.app-extension",
                configurations: [.init("Debug", [(Self.deployment, "17.4")])], synchronizedFolders: ["Widget"],
                membershipExceptions: [moved]),
        ])
        let settings = Self.settings(project)
        let app = settings.targets.first { $0.name == "App" }
        #expect(app?.lists(moved) == false)
        #expect(app?.lists("App/CallManager.swift") == true)
        #expect(settings.targets.first { $0.name == "Widget" }?.lists(moved) == true)
        #expect(settings.deploymentTarget(for: moved) == OSVersion(17, 4))
        #expect(settings.deploymentTarget(for: "App/CallManager.swift") == OSVersion(15, 0))
        #expect(settings.deploymentTarget(for: "Widget/Timeline.swift") == OSVersion(17, 4))
    }

    /// Xcode 16 writes the base configuration of a file inside a synchronized folder as an anchor and a path.
    @Test func anXcconfigAnchoredInASynchronizedFolder() {
        let project = Fixture(targets: [
            .init("App", configurations: [.init("Debug", xcconfig: "Base.xcconfig")], synchronizedFolders: ["App"])
        ])
        var text = project.text()
        let folderID = Self.id(of: "App", inSection: "PBXFileSystemSynchronizedRootGroup", text)
        let line = text.firstRange(of: "baseConfigurationReference = ")!
        let lineEnd = text[line.lowerBound...].firstIndex(of: "\n")!
        text.replaceSubrange(
            line.lowerBound..<lineEnd,
            with: "baseConfigurationReferenceAnchor = \(folderID) /* App */;\n\t\t\t"
                + "baseConfigurationReferenceRelativePath = Config/Base.xcconfig;")
        let settings = ProjectSettings(contents: [
            ("App.xcodeproj/project.pbxproj", Array(text.utf8)),
            ("App/Config/Base.xcconfig", Array("IPHONEOS_DEPLOYMENT_TARGET = 15.6\n".utf8)),
            // Same name, first by path: found only by a lookup that ignores the anchor.
            ("Aaa/Base.xcconfig", Array("IPHONEOS_DEPLOYMENT_TARGET = 18.0\n".utf8)),
        ])
        #expect(settings.targets.first?.deploymentTarget == OSVersion(15, 6))
    }

    @Test func aFileSeveralTargetsBuildGetsTheLowest() {
        let project = Fixture(targets: [
            .init("App", configurations: [.init("Debug", [(Self.deployment, "15.0")])], sources: ["App/Calls.swift"]),
            .init(
                "AppTests", productType: "com.apple.product-type.bundle.unit-test",
                configurations: [.init("Debug", [(Self.deployment, "17.4")])],
                sources: ["App/Calls.swift", "Tests/CallsTests.swift"]),
        ])
        let settings = Self.settings(project)
        #expect(settings.deploymentTarget(for: "App/Calls.swift") == OSVersion(15, 0))
        #expect(settings.deploymentTarget(for: "Tests/CallsTests.swift") == OSVersion(17, 4))
    }

    /// The id an object of `section` commented `/* name */` has in the file's text.
    static func id(of name: String, inSection section: String, _ text: String) -> String {
        let start = text.firstRange(of: "/* Begin \(section) section */")!.upperBound
        let marker = text[start...].firstRange(of: " /* \(name) */ = {")!
        let lineStart = text[..<marker.lowerBound].lastIndex(of: "\t")!
        return String(text[text.index(after: lineStart)..<marker.lowerBound])
    }
}
