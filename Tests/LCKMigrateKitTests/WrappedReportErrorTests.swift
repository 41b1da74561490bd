import LCKCore
import LCKTestSupport
import Testing

@testable import LCKMigrateKit

/// `swallowed_report_error` follows a report's error through the project's wrappers: one that passes its own
/// completion to another wrapper, and one that throws the error to its caller.
@Suite struct WrappedReportErrorTests {
    func findings(_ files: [(String, String)]) throws -> [String] {
        let tree = try TemporaryTree()
        for (path, source) in files { _ = try tree.file(path, source) }
        let rules = try ScanSetup.loadRules(directories: [])
        let report = ScanPipeline.run(
            ScanRequest(
                paths: ["."], currentDirectory: tree.root, jobs: 2, analyzer: rules.analyzer,
                rules: rules.descriptors, rulesFingerprint: rules.fingerprint))
        return report.findings.filter { $0.ruleID == "swallowed_report_error" }.map {
            "\($0.path.split(separator: "/").last ?? ""):\($0.start.line)"
        }
    }

    static let center = """
        import CallKit
        final class Center {
            let provider = CXProvider(configuration: CXProviderConfiguration())
            func report(uuid: UUID, completion: @escaping (Error?) -> Void) {
                provider.reportNewIncomingCall(with: uuid, update: CXCallUpdate()) { error in completion(error) }
            }
            func present(uuid: UUID) async throws {
                try await provider.reportNewIncomingCall(with: uuid, update: CXCallUpdate())
            }
            func end(_ uuid: UUID) { provider.reportCall(with: uuid, endedAt: Date(), reason: .failed) }
        }

        """

    @Test func aWrapperOfAWrapperHandsTheErrorToItsCallers() throws {
        let relay = """
            final class Relay {
                let center = Center()
                func ring(uuid: UUID, completion: @escaping (Error?) -> Void) {
                    center.report(uuid: uuid, completion: completion)
                }
            }

            """
        let push = """
            import PushKit
            final class Push: NSObject, PKPushRegistryDelegate {
                let relay = Relay()
                func pushRegistry(
                    _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
                    completion: @escaping () -> Void
                ) {
                    relay.ring(uuid: UUID()) { _ in completion() }
                    relay.ring(uuid: UUID()) { error in
                        if error != nil { self.relay.center.end(UUID()) }
                        completion()
                    }
                }
            }

            """
        let found = try findings([("Center.swift", Self.center), ("Relay.swift", relay), ("Push.swift", push)])
        #expect(found == ["Push.swift:8"])
    }

    @Test func aThrowingWrapperHandsTheErrorToTheCatchOfItsCaller() throws {
        let banner = """
            final class Banner {
                let center = Center()
                func show() {
                    Task {
                        do { try await center.present(uuid: UUID()) } catch { print(error) }
                    }
                }
                func showQuietly() async { try? await center.present(uuid: UUID()) }
                func showChecked() {
                    let id = UUID()
                    Task {
                        do { try await center.present(uuid: id) } catch { center.end(id) }
                    }
                }
                func showAndRethrow() async throws { try await center.present(uuid: UUID()) }
            }

            """
        let found = try findings([("Center.swift", Self.center), ("Banner.swift", banner)])
        #expect(found == ["Banner.swift:5", "Banner.swift:8"])
    }
}
