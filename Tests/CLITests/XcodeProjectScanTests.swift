import Foundation
import LCKTestSupport
import Testing

/// A project as Xcode writes it, scanned by the built binary: the JSON summary's deployment target and the
/// availability rule that depends on it (issue 26).
@Suite struct XcodeProjectScanTests {
    /// The project: one app target, one configuration naming the deployment target, the Info.plist
    /// and entitlements files, `PRODUCT_NAME = "$(TARGET_NAME)"`; the app's code uses `ConversationManager`
    /// with no `#available`.
    static func tree(deploymentTarget: String, projectObject: Bool = true) throws -> TemporaryTree {
        var project = XcodeProjectFixture(targets: [
            .init(
                "App",
                configurations: [
                    .init(
                        "Debug",
                        [
                            ("CODE_SIGN_ENTITLEMENTS", "App/App.entitlements"), ("INFOPLIST_FILE", "App/Info.plist"),
                            ("IPHONEOS_DEPLOYMENT_TARGET", deploymentTarget), ("PRODUCT_NAME", "$(TARGET_NAME)"),
                        ])
                ], sources: ["App/CallManager.swift"])
        ])
        project.includesProjectObject = projectObject
        let tree = try TemporaryTree()
        try tree.file("App.xcodeproj/project.pbxproj", project.text())
        try tree.file(
            "App/CallManager.swift",
            "import LiveCommunicationKit\n\nfinal class CallManager {\n    let manager = ConversationManager(configuration: .init())\n}\n"
        )
        try tree.file(
            "App/Info.plist",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
                + "\t<key>NSMicrophoneUsageDescription</key>\n\t<string>Calls</string>\n</dict>\n</plist>\n")
        try tree.file("App/App.entitlements", "<plist version=\"1.0\">\n<dict>\n</dict>\n</plist>\n")
        return tree
    }

    static func scan(_ tree: TemporaryTree) throws -> (targets: [[String: Any]], rules: [String]) {
        let result = try CLI.run(["scan", ".", "--format", "json"], in: tree.root)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        return (summary["targets"] as? [[String: Any]] ?? [], findings.compactMap { $0["ruleId"] as? String })
    }

    @Test(arguments: [true, false])
    func anXcodeLayoutProjectAt15GivesItsTargetAndTheAvailabilityFinding(projectObject: Bool) throws {
        let tree = try Self.tree(deploymentTarget: "15.0", projectObject: projectObject)
        let (targets, rules) = try Self.scan(tree)
        #expect(targets.count == 1)
        #expect(targets.first?["name"] as? String == "App")
        #expect(targets.first?["deploymentTarget"] as? String == "15.0")
        #expect(targets.first?["source"] as? String == "App.xcodeproj/project.pbxproj")
        #expect(rules.contains("unguarded_lck_availability"))
    }

    @Test(arguments: [true, false])
    func theSameProjectAt17_4HasNoAvailabilityFinding(projectObject: Bool) throws {
        let tree = try Self.tree(deploymentTarget: "17.4", projectObject: projectObject)
        let (targets, rules) = try Self.scan(tree)
        #expect(targets.first?["deploymentTarget"] as? String == "17.4")
        #expect(!rules.contains("unguarded_lck_availability"))
    }
}
