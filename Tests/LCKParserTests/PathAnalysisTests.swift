import LCKLexer
import Testing

@testable import LCKParser

@Suite struct PathAnalysisTests {
    /// Parses delegate methods and answers, per method, whether every path calls `action.fulfill()`
    /// or `action.fail()` (also inside closures such as `Task { }`).
    func everyPathCompletes(_ source: String) -> [String: Bool] {
        let parsed = Parsed(source)
        let outline = parsed.outline
        let completions = outline.calls.filter { call in
            let name = parsed.text(call.nameToken)
            return (name == "fulfill" || name == "fail") && parsed.text(call.receiver) == "action"
        }
        var answers: [String: Bool] = [:]
        for function in outline.functions {
            guard let body = function.bodyBlock else { continue }
            let name = parsed.text(function.parameters.last?.type?.nameToken)
            answers[name] = PathAnalysis.everyPath(through: body, in: outline) { range in
                completions.contains { range.contains($0.nameToken) }
            }
        }
        return answers
    }

    @Test func delegateMethodsWithAndWithoutCompletionOnEveryPath() {
        let answers = everyPathCompletes(
            """
            extension ProviderDelegate: CXProviderDelegate {
                func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                    guard let call = manager.call(with: action.callUUID) else {
                        action.fail()
                        return
                    }
                    Task {
                        do {
                            try await call.answer()
                            action.fulfill()
                        } catch {
                            action.fail()
                        }
                    }
                }
                func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
                    guard let call = manager.call(with: action.callUUID) else { return }
                    call.end()
                    action.fulfill()
                }
                func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) {
                    if action.isOnHold {
                        hold()
                    } else if isAudioActive {
                        resume()
                        action.fulfill()
                        return
                    }
                    action.fulfill()
                }
                func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
                    switch action.isMuted {
                    case true: mute(); action.fulfill()
                    case false: unmute()
                    }
                }
                func provider(_ provider: CXProvider, perform action: CXPlayDTMFCallAction) {
                    defer { action.fulfill() }
                    if digits.isEmpty { return }
                    play(action.digits)
                }
                func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
                    for handle in handles { action.fulfill() }
                }
            }
            """)
        #expect(answers["CXAnswerCallAction"] == true)
        // The early `return` in the guard leaves without completing the action.
        #expect(answers["CXEndCallAction"] == false)
        #expect(answers["CXSetHeldCallAction"] == true)
        // The `false` case never completes.
        #expect(answers["CXSetMutedCallAction"] == false)
        #expect(answers["CXPlayDTMFCallAction"] == true)
        // A loop body may run zero times.
        #expect(answers["CXStartCallAction"] == false)
    }

    @Test func outcomesDistinguishFallingThroughFromEarlyExit() {
        let parsed = Parsed("func f() {\n if a { return }\n if b { done() } else { done() }\n}")
        let body = parsed.outline.functions[0].bodyBlock!
        let ifs = parsed.statements(of: body)
        let doneCalls = parsed.calls(named: "done").map(\.nameToken)
        let outcome = PathAnalysis.outcome(of: body, in: parsed.outline) { range in
            doneCalls.contains { range.contains($0) }
        }
        #expect(outcome == .exitsWithout)
        let second = PathAnalysis.outcome(of: ifs[1].blocks[0], in: parsed.outline) { range in
            doneCalls.contains { range.contains($0) }
        }
        #expect(second == .reached)
        let first = PathAnalysis.outcome(of: ifs[0].blocks[0], in: parsed.outline) { _ in false }
        #expect(first == .exitsWithout)
    }

    @Test func pushHandlerCompletionInsideReportClosure() throws {
        let parsed = Parsed(
            """
            extension CallManager: PKPushRegistryDelegate {
                func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload,
                                  for type: PKPushType, completion: @escaping () -> Void) {
                    guard type == .voIP, let uuid = UUID(uuidString: payload.dictionaryPayload["id"] as? String ?? "") else {
                        return
                    }
                    provider.reportNewIncomingCall(with: uuid, update: CXCallUpdate()) { error in
                        if let error { log(error) }
                        completion()
                    }
                }
            }
            """)
        let function = try #require(parsed.function(named: "pushRegistry"))
        #expect(
            parsed.outline.selector(ofFunction: 0, in: parsed.file)
                == "pushRegistry(_:didReceiveIncomingPushWith:for:completion:)")
        #expect(parsed.text(function.parameters[3].type?.range) == "@escaping () -> Void")
        #expect(function.parameters[3].type?.shape == .function)
        let completion = try #require(parsed.calls(named: "completion").first)
        // The completion runs inside the trailing closure of reportNewIncomingCall.
        let closures = parsed.outline.closures(containing: completion.nameToken)
        #expect(closures.count == 1)
        let report = try #require(parsed.outline.closures[closures[0]].call)
        #expect(parsed.text(parsed.outline.calls[report].nameToken) == "reportNewIncomingCall")
        // …but the guard's early return skips it.
        let body = try #require(function.bodyBlock)
        let reaches = PathAnalysis.everyPath(through: body, in: parsed.outline) { $0.contains(completion.nameToken) }
        #expect(!reaches)
        #expect(parsed.outline.casts.map { parsed.text($0.type.nameToken) } == ["String"])
        let cast = parsed.outline.casts[0]
        #expect(parsed.text(cast.operand) == "payload.dictionaryPayload[\"id\"]")
        let span = try #require(function.parameters[1].type)
        #expect(span.identifierTokens(in: parsed.file).map { parsed.text($0) } == ["PKPushPayload"])
    }
}
