import Testing

@testable import LCKAnalyzers

/// Calls through the app's own stand-ins for CallKit types: a protocol that CXProvider adopts, a conformer of
/// that protocol (a mock), and subclasses at any depth. Declarations live in another file, as in apps.
@Suite struct MappingStandInReceiverTests {
    static let declarations = """
        protocol CallProviding: AnyObject {
            func reportCall(with UUID: UUID, endedAt dateEnded: Date?, reason endedReason: CXCallEndedReason)
        }
        extension CXProvider: CallProviding {}
        protocol Unrelated { func invalidate() }
        class LoudProvider: CXProvider {}
        class LouderProvider: LoudProvider {}
        """

    @Test func callsThroughAnAdoptedProtocolAMockAndSubclassesAreCallKitCalls() {
        let uses = """
            final class CallService {
                let provider: CallProviding
                let mock: MockProvider
                let loud: LouderProvider
                func end(_ id: UUID) {
                    provider.reportCall(with: id, endedAt: nil, reason: reason)
                    mock.reportCall(with: id, endedAt: nil, reason: reason)
                    loud.reportCall(with: id, endedAt: nil, reason: reason)
                }
            }
            final class MockProvider: CallProviding {}
            """
        let run = MappingRun([Self.declarations, uses])
        #expect(
            run.lines(file: 1) == [
                "6:cxprovider_report_call_ended", "7:cxprovider_report_call_ended", "8:cxprovider_report_call_ended",
            ])
    }

    @Test func aProtocolCountsOnlyForTheMembersItDeclares() {
        // `CallProviding` declares `reportCall` only; `invalidate` through it is some other method.
        let uses = """
            final class CallService {
                let provider: CallProviding
                let other: Unrelated
                func stop() { provider.invalidate(); other.invalidate() }
            }
            """
        #expect(MappingRun([Self.declarations, uses]).lines(file: 1).isEmpty)
    }

    @Test func aProtocolNoTableTypeAdoptsIsNotCallKit() {
        let uses = """
            protocol Ending { func reportCall(with UUID: UUID, endedAt dateEnded: Date?, reason endedReason: Int) }
            final class S { let e: Ending; func f() { e.reportCall(with: id, endedAt: nil, reason: 0) } }
            """
        #expect(MappingRun([uses]).lines().isEmpty)
    }
}
