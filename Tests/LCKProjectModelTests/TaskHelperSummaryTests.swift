import LCKCore
import LCKRules
import Testing

@testable import LCKProjectModel

/// A helper that calls its completion from a `Task`: a visible early `return` inside the task leaves
/// without the call (some paths), while `guard let self else { return }` is exempt.
@Suite struct TaskHelperSummaryTests {
    static let source = """
        import CallKit
        final class Delegate: NSObject, CXProviderDelegate {
            let line = Line()
            func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
                line.dial { ok in ok ? action.fulfill() : action.fail() }
            }
            func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                line.pickUp { ok in ok ? action.fulfill() : action.fail() }
            }
        }
        final class Line {
            var peer: String?
            func dial(completion: @escaping (Bool) -> Void) {
                Task { [weak self] in
                    guard let self else { return }
                    guard let peer = self.peer else { return }
                    completion(!peer.isEmpty)
                }
            }
            func pickUp(completion: @escaping (Bool) -> Void) {
                Task { [weak self] in
                    guard let self else { return }
                    guard let peer = self.peer else {
                        completion(false)
                        return
                    }
                    completion(!peer.isEmpty)
                }
            }
        }

        """

    @Test func anEarlyReturnInsideATaskIsAPathWithoutTheCall() throws {
        let summaries = FunctionSummaryTests.pass([Self.source]).suite.project.summaries
        let dial = try #require(summaries.byName["dial"]?.first)
        let pickUp = try #require(summaries.byName["pickUp"]?.first)
        #expect(dial.closureCalls[0]?.coverage == .some)
        #expect(dial.closureCalls[0]?.witness?.position.line == 16)
        #expect(pickUp.closureCalls[0]?.coverage == .all)
    }
}
