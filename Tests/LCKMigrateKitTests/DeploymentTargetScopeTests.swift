import LCKAnalyzers
import LCKCore
import Testing

@testable import LCKMigrateKit

/// Several apps scanned side by side (`scan Samples`): a project's deployment target reaches only the
/// files in its folder, so `unguarded_lck_availability` never judges one app by another's settings.
@Suite struct DeploymentTargetScopeTests {
    @Test func aFileOutsideEveryProjectFolderHasNoDeploymentTarget() {
        let settings = ProjectSettings(contents: [
            ("Old/App.xcodeproj/project.pbxproj", Array(SettingsFixtures.project(debug: "15.0", release: "15.0").utf8)),
            ("New/Podfile", Array("platform :ios, '17.4'\n".utf8)),
        ])
        #expect(settings.deploymentTarget(for: "Old/Caller/CallManager.swift") == OSVersion(15, 0))
        #expect(settings.deploymentTarget(for: "Old/Elsewhere/Unlisted.swift") == OSVersion(15, 0))
        #expect(settings.deploymentTarget(for: "New/Sources/Call.swift") == OSVersion(17, 4))
        #expect(settings.deploymentTarget(for: "Third/Call.swift") == nil)
        #expect(settings.lowestDeploymentTarget == OSVersion(15, 0))
    }
}
