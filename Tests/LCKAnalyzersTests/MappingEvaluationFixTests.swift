import Testing

@testable import LCKAnalyzers

/// Constructs found missing while measuring the detector on public apps (written fresh here, not
/// copied): each test pairs the construct with a look-alike that must stay quiet.
@Suite struct MappingEvaluationFixTests {
    /// PushKit alone is unchanged and stays quiet; a CallKit file elsewhere makes the migration pending.
    static let pendingMigration = "let provider: CXProvider"

    @Test func pushTypeIsAPushKitReferenceOutsideDelegateMethodsToo() {
        let run = MappingRun([
            """
            import PushKit
            enum TokenStore {
                static func forget(kind: PKPushType) {}
                static func forget(kind: PushKind) {}
            }
            final class Relay: PKPushRegistryDelegate {
                func pushRegistry(
                    _ registry: PKPushRegistry,
                    didInvalidatePushTokenFor type: PKPushType
                ) {}
            }
            """, Self.pendingMigration,
        ])
        // The wrapped signature puts the push type on a line of its own; it is reported there too.
        #expect(
            run.lines() == [
                "3:pkpushtype", "6:pkpushregistrydelegate", "7:push_registry_did_invalidate_push_token",
                "8:pkpushregistry", "9:pkpushtype",
            ])
    }

    @Test func enumCasesAssignedToOrComparedWithVariablesOfTheEnumType() {
        let run = MappingRun(
            """
            enum HangUp { case failed, remoteEnded }
            func translate(code: Int, provider: CXProvider, id: UUID) {
                var why: CXCallEndedReason = .failed
                let maybe: CXCallEndedReason? = .unanswered
                switch code { case 4: why = .declinedElsewhere; default: break }
                if why == .remoteEnded { print(maybe as Any) }
                var local: HangUp = .failed
                local = .remoteEnded
                let kind: HandleType = .generic
                provider.reportCall(with: id, endedAt: nil, reason: why)
            }
            """)
        // Lines 7-9 use an app enum (and an unqualified `HandleType`) with the same case names.
        #expect(
            run.lines() == [
                "2:cxprovider",
                "3:cxcallendedreason", "3:cxcallendedreason_failed",
                "4:cxcallendedreason", "4:cxcallendedreason_unanswered",
                "5:cxcallendedreason_declined_elsewhere",
                "6:cxcallendedreason_remote_ended",
                "10:cxprovider_report_call_ended",
            ])
    }

    @Test func returnedEnumCasesTakeTheFunctionsReturnType() {
        let run = MappingRun(
            """
            enum Outcome { case failed, unanswered }
            func systemReason(for code: Int) -> CXCallEndedReason {
                if code == 408 { return .unanswered }
                let local: () -> Outcome = { return .failed }
                _ = local
                return .failed
            }
            func appReason() -> Outcome { return .unanswered }
            """)
        // The closure returns the app's `Outcome`, whatever the outer function returns.
        #expect(
            run.lines() == [
                "2:cxcallendedreason", "3:cxcallendedreason_unanswered", "6:cxcallendedreason_failed",
            ])
    }

    @Test func switchCasesOverASubjectOfTheEnumType() {
        let run = MappingRun([
            """
            enum Channel { case voIP, mail }
            func route(type: PKPushType, channel: Channel) {
                switch type {
                case .voIP: print("call")
                default: break
                }
                switch channel {
                case .voIP: print("own enum")
                case .mail: break
                }
            }
            """, Self.pendingMigration,
        ])
        #expect(run.lines() == ["2:pkpushtype", "4:pkpushtype_voip"])
    }

    @Test func genericSetConstructionOfAListedProperty() {
        let run = MappingRun([
            """
            func register(registry: PKPushRegistry, form: Form) {
                registry.desiredPushTypes = Set<PKPushType>([.voIP])
                form.desiredPushTypes = Set<Kind>([.voIP])
            }
            """, Self.pendingMigration,
        ])
        // `form` is not a framework value and the file's anchor does not make it one.
        #expect(
            run.lines() == [
                "1:pkpushregistry",
                "2:pkpushregistry_desired_push_types", "2:pkpushtype", "2:pkpushtype_voip",
            ])
    }

    @Test func forInLoopVariablesTakeTheSequenceElementType() {
        let run = MappingRun(
            """
            final class Pending {
                var jobs: [Job] = []
                func failAll(provider: CXProvider, id: UUID) {
                    let waiting = provider.pendingCallActions(of: CXCallAction.self, withCall: id)
                    for action in waiting { action.fail() }
                    for job in jobs { job.fail() }
                    for held in calls(provider) where held.isOnHold { held.fulfill() }
                }
            }
            """)
        // `waiting` holds framework actions; `jobs` are the app's own and `calls(_:)` is unknown.
        #expect(
            run.lines() == [
                "3:cxprovider",
                "4:cxcallaction", "4:cxprovider_pending_call_actions",
                "5:cxaction_fail",
            ])
    }
}
