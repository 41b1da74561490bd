import LCKAnalyzers
import LCKCore
import LCKTestSupport
import Testing

@testable import LCKMigrateKit

@Suite struct ProjectSettingsTests {
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>UIBackgroundModes</key>
            <array>
                <string>audio</string>
                <string>voip</string>
            </array>
            <key>Nested</key>
            <dict><key>NSMicrophoneUsageDescription</key><string>not top level</string></dict>
            <key>com.apple.developer.dialing-app</key>
            <false/>
        </dict>
        </plist>
        """

    @Test func plistKeysArraysAndTheDictionaryLine() throws {
        let bytes = Array(Self.plist.utf8)
        let document = try PlistScanner.scan(bytes).get()
        #expect(document.arrays["UIBackgroundModes"] == ["audio", "voip"])
        #expect(document.keys["Nested"] != nil)
        #expect(document.keys["NSMicrophoneUsageDescription"] == nil)
        #expect(document.keys["com.apple.developer.dialing-app"] == nil)
        let lines = LineTable(bytes)
        #expect(lines.position(of: document.dictionary.start).line == 4)
        #expect(lines.position(of: document.keys["UIBackgroundModes"]!.start).line == 5)
    }

    @Test(arguments: [
        ("<plist><dict><key>a</key>\n<string>x</dict></plist>", 2, "does not close"),
        ("<plist>\n<dict>\n<key>a</key>", 2, "never closed"),
        ("<plist><dict>\n<!-- open", 2, "unterminated comment"),
        ("bplist00\u{1}\u{2}", 1, "binary property list"),
        ("just text", 1, "no <plist><dict>"),
    ])
    func malformedPlistsAreANoteWithALine(text: String, line: Int, words: String) {
        let bytes = Array(text.utf8)
        guard case .failure(let problem) = PlistScanner.scan(bytes) else {
            Issue.record("\(text) was accepted")
            return
        }
        let note = problem.note(path: "App/Info.plist", bytes: bytes)
        #expect(note.message.hasPrefix("line \(line): "))
        #expect(note.message.contains(words))
        #expect(note.kind.isNote)
    }

    @Test func hostileNestingIsRefusedWithoutRecursion() {
        let depth = 200_000
        let plist = Array(("<plist><dict><key>k</key>" + String(repeating: "<array>", count: depth)).utf8)
        guard case .failure(let problem) = PlistScanner.scan(plist) else {
            Issue.record("deep plist accepted")
            return
        }
        #expect(problem.message.contains("nested deeper"))
        let pbx = Array(("{ objects = " + String(repeating: "(", count: depth)).utf8)
        guard case .failure(let pbxProblem) = PBXScanner.scan(pbx) else {
            Issue.record("deep pbxproj accepted")
            return
        }
        #expect(pbxProblem.message.contains("nested deeper"))
    }

    @Test func theLowestDeploymentTargetAcrossConfigurationsAndTheAppKind() throws {
        let tree = try TemporaryTree()
        try tree.file("App.xcodeproj/project.pbxproj", SettingsFixtures.project(debug: "16.0", release: "15.0"))
        try tree.file("Base.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = 14.0 // not used: the target says\n")
        let settings = ProjectSettings(contents: [
            ("App.xcodeproj/project.pbxproj", Array(SettingsFixtures.project(debug: "16.0", release: "15.0").utf8))
        ])
        #expect(settings.notes.isEmpty)
        let app = try #require(settings.targets.first { $0.name == "Caller" })
        #expect(app.isApplication)
        #expect(app.deploymentTarget == OSVersion(15, 0))
        let widget = try #require(settings.targets.first { $0.name == "Widget" })
        #expect(!widget.isApplication)
        #expect(widget.deploymentTarget == OSVersion(17, 4))
        #expect(settings.deploymentTarget(for: "Caller/CallManager.swift") == OSVersion(15, 0))
        #expect(app.lists("Caller/CallManager.swift"))
        #expect(!app.lists("Widget/CallManager.swift"))
        #expect(settings.deploymentTarget(for: "Widget/Widget.swift") == OSVersion(17, 4))
        #expect(settings.deploymentTarget(for: "Elsewhere/Unlisted.swift") == OSVersion(15, 0))
        let facts = settings.appTargetFacts(usage: [])
        #expect(facts.first { $0.name == "Caller" }?.infoPlist?.keys["NSMicrophoneUsageDescription"] != nil)
    }

    @Test func aFiveMegabytePbxprojIsReadInOnePass() throws {
        var text = SettingsFixtures.project(debug: "16.0", release: "15.0")
        var filler = "/* filler */\n"
        var index = 0
        while text.utf8.count + filler.utf8.count < 5_000_000 {
            filler +=
                "\t\tF\(index) /* File\(index).swift */ = {isa = PBXFileReference; path = \"File\(index).swift\"; };\n"
            index += 1
        }
        text = text.replacing("objects = {", with: "objects = {\n" + filler)
        let settings = ProjectSettings(contents: [("App.xcodeproj/project.pbxproj", Array(text.utf8))])
        #expect(settings.notes.isEmpty)
        #expect(settings.targets.first { $0.name == "Caller" }?.deploymentTarget == OSVersion(15, 0))
    }

    @Test func unparseablePbxprojIsANote() {
        let bytes = Array("// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = { isa = \"PBXProject;\n".utf8)
        let settings = ProjectSettings(contents: [("App.xcodeproj/project.pbxproj", bytes)])
        #expect(
            settings.notes.map(\.message) == [
                "line 4: unterminated string; its settings are not used (fix the file to have them read)"
            ])
        #expect(settings.targets.isEmpty)
    }

    @Test func packagePodfileAndXcconfig() {
        #expect(
            BuildFileReaders.packagePlatform(Array("platforms: [.macOS(.v14), .iOS(.v17_4)]".utf8)) == OSVersion(17, 4))
        #expect(BuildFileReaders.packagePlatform(Array("platforms: [.iOS(\"15.2\")]".utf8)) == OSVersion(15, 2))
        #expect(BuildFileReaders.packagePlatform(Array("// .iOS(.v13)\nlet x = 1".utf8)) == nil)
        #expect(BuildFileReaders.podfilePlatform(Array("source 'x'\nplatform :ios, '13.0'\n".utf8)) == OSVersion(13, 0))
        let xcconfig = BuildFileReaders.xcconfig(Array("IPHONEOS_DEPLOYMENT_TARGET[sdk=iphoneos*] = 16.1 // c\n".utf8))
        #expect(xcconfig["IPHONEOS_DEPLOYMENT_TARGET"] == "16.1")
        #expect(OSVersion(parsing: "$(RECOMMENDED_IPHONEOS_DEPLOYMENT_TARGET)") == nil)
    }

    @Test func xcconfigIncludesAreFollowedRelativeToTheIncludingFile() {
        let includes = XcconfigIncludes(files: [
            "Config/App.xcconfig": Array(
                "#include \"Shared/Base.xcconfig\"\nIPHONEOS_DEPLOYMENT_TARGET = 16.0\n#include? \"Local.xcconfig\"\n"
                    .utf8),
            "Config/Shared/Base.xcconfig": Array(
                "IPHONEOS_DEPLOYMENT_TARGET = 14.0\nSWIFT_VERSION = 5.0\n#include \"../Missing.xcconfig\"\n".utf8),
            "Config/Cycle.xcconfig": Array("#include \"Cycle.xcconfig\"\nA = 1\n".utf8),
            "Config/Outside.xcconfig": Array("#include \"../../../etc/x.xcconfig\"\n".utf8),
            // Written by `pod install` / `flutter build`, never in a checkout: silent.
            "Flutter/Debug.xcconfig": Array(
                "#include \"Pods/Target Support Files/Pods-Runner/Pods-Runner.debug.xcconfig\"\n#include \"Generated.xcconfig\"\n"
                    .utf8),
        ])
        let app = includes.settings(of: "Config/App.xcconfig")
        #expect(app["IPHONEOS_DEPLOYMENT_TARGET"] == "16.0")
        #expect(app["SWIFT_VERSION"] == "5.0")
        #expect(includes.settings(of: "Config/Cycle.xcconfig")["A"] == "1")
        #expect(
            includes.notes.map { "\($0.path): \($0.message)" }.sorted() == [
                "Config/Cycle.xcconfig: line 1: #include \"Cycle.xcconfig\" includes itself through a cycle; "
                    + "not followed again",
                "Config/Outside.xcconfig: line 1: #include \"../../../etc/x.xcconfig\" is not a file of the scanned "
                    + "tree; its settings are not used",
                "Config/Shared/Base.xcconfig: line 3: #include \"../Missing.xcconfig\" is not a file of the scanned "
                    + "tree; its settings are not used",
            ])
    }

    @Test func xcconfigIncludeChainsStopAtTheDepthLimitAndStayLinear() {
        var files: [String: [UInt8]] = [:]
        let count = 2_000
        for index in 0..<count {
            let include = index + 1 < count ? "#include \"C\(index + 1).xcconfig\"\n" : ""
            files["C\(index).xcconfig"] = Array("\(include)K\(index) = \(index)\n".utf8)
        }
        let includes = XcconfigIncludes(files: files)
        #expect(includes.settings(of: "C0.xcconfig")["K0"] == "0")
        #expect(includes.settings(of: "C0.xcconfig").count == XcconfigIncludes.maximumDepth)
        #expect(includes.notes.allSatisfy { $0.message.contains("nested deeper than") })
        #expect(includes.notes.count < count / XcconfigIncludes.maximumDepth + 2)
    }
}

enum SettingsFixtures {
    /// A minimal `project.pbxproj`: an app target (Debug/Release at the given versions, generated
    /// microphone description) and a widget extension at 17.4.
    static func project(debug: String, release: String) -> String {
        """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjects = {
        \t\tP1 /* Project object */ = {isa = PBXProject; buildConfigurationList = L0; mainGroup = M0; targets = (T1, T2, ); };
        \t\tM0 = {isa = PBXGroup; children = (M1, ); sourceTree = "<group>"; };
        \t\tM1 = {isa = PBXGroup; children = (R1, ); path = Caller; sourceTree = "<group>"; };
        \t\tT1 /* Caller */ = {isa = PBXNativeTarget; name = Caller; productType = "com.apple.product-type.application"; buildConfigurationList = L1; buildPhases = (S1, ); };
        \t\tT2 /* Widget */ = {isa = PBXNativeTarget; name = Widget; productType = "com.apple.product-type.app-extension"; buildConfigurationList = L2; fileSystemSynchronizedGroups = (G2, ); };
        \t\tG2 = {isa = PBXFileSystemSynchronizedRootGroup; path = Widget; sourceTree = "<group>"; };
        \t\tS1 = {isa = PBXSourcesBuildPhase; files = (B1, ); };
        \t\tB1 = {isa = PBXBuildFile; fileRef = R1 /* CallManager.swift */; };
        \t\tR1 = {isa = PBXFileReference; path = CallManager.swift; sourceTree = "<group>"; };
        \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0, ); };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1, C2, ); };
        \t\tL2 = {isa = XCConfigurationList; buildConfigurations = (C3, ); };
        \t\tC0 = {isa = XCBuildConfiguration; buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = 17.4; }; name = Debug; };
        \t\tC1 = {isa = XCBuildConfiguration; buildSettings = {
        \t\t\t\tGENERATE_INFOPLIST_FILE = YES;
        \t\t\t\tINFOPLIST_KEY_NSMicrophoneUsageDescription = "Calls use the microphone";
        \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = \(debug);
        \t\t\t}; name = Debug; };
        \t\tC2 = {isa = XCBuildConfiguration; buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = \(release); }; name = Release; };
        \t\tC3 = {isa = XCBuildConfiguration; buildSettings = { PRODUCT_NAME = Widget; }; name = Debug; };
        \t};
        \trootObject = P1 /* Project object */;
        }

        """
    }
}
