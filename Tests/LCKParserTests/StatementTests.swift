import LCKLexer
import Testing

@testable import LCKParser

@Suite struct StatementTests {
    @Test func guardIfElseChainAndReturnPaths() throws {
        let parsed = Parsed(
            """
            func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
                guard let call = manager.call(with: action.callUUID) else {
                    action.fail()
                    return
                }
                if call.isOutgoing {
                    action.fulfill()
                } else if let date = call.connectDate, date > .now {
                    action.fulfill(withDateStarted: date)
                } else {
                    action.fail()
                }
            }
            """)
        let body = try #require(parsed.function(named: "provider")?.bodyBlock)
        #expect(parsed.kinds(of: body) == [.guard, .if])
        let guardStatement = parsed.statements(of: body)[0]
        #expect(parsed.text(guardStatement.condition) == "let call = manager.call(with: action.callUUID)")
        #expect(parsed.outline.blocks[guardStatement.blocks[0]].kind == .guardElse)
        #expect(parsed.kinds(of: guardStatement.blocks[0]) == [.expression, .return])

        let ifStatement = parsed.statements(of: body)[1]
        #expect(parsed.text(ifStatement.condition) == "call.isOutgoing")
        #expect(ifStatement.blocks.count == 2)
        #expect(parsed.text(parsed.statements(of: ifStatement.blocks[0])[0].range) == "action.fulfill()")
        // `else if` is an else block holding a single `if` with its own then/else.
        let elseIf = parsed.statements(of: ifStatement.blocks[1])
        #expect(elseIf.map(\.kind) == [.if])
        #expect(parsed.text(elseIf[0].condition) == "let date = call.connectDate, date > .now")
        #expect(elseIf[0].blocks.map { parsed.outline.blocks[$0].kind } == [.then, .else])
        #expect(parsed.text(parsed.statements(of: elseIf[0].blocks[1])[0].range) == "action.fail()")
        #expect(parsed.text(ifStatement.range).hasSuffix("action.fail()\n    }"))
        // Bindings are scoped: `call` after the guard, `date` inside the then block.
        let call = try #require(parsed.variable(named: "call"))
        #expect(call.kind == .binding)
        #expect(call.scope.contains(parsed.token("isOutgoing")))
        let date = try #require(parsed.variable(named: "date"))
        #expect(date.scope.contains(parsed.token("withDateStarted")))
        #expect(!date.scope.contains(parsed.token("fail", occurrence: 1)))
    }

    @Test func switchCasesWithPatternsAndUnknownDefault() throws {
        let parsed = Parsed(
            """
            switch reason {
            case .failed, .unanswered:
                provider.reportCall(with: uuid, endedAt: nil, reason: .failed)
            case let .remoteEnded(date) where date != nil:
                if case .ended = state { break }
                fallthrough
            case let error as CXErrorCodeRequestTransactionError:
                print(error)
            @unknown default:
                return
            }
            """)
        let statement = parsed.statements(of: parsed.outline.fileBlock)[0]
        #expect(statement.kind == .switch)
        #expect(parsed.text(statement.condition) == "reason")
        let cases = statement.blocks.map { parsed.outline.blocks[$0] }
        #expect(cases.count == 4)
        #expect(
            cases.map { parsed.text($0.header) } == [
                ".failed, .unanswered", "let .remoteEnded(date) where date != nil",
                "let error as CXErrorCodeRequestTransactionError", "<nil>",
            ])
        #expect(cases.map(\.isDefaultCase) == [false, false, false, true])
        #expect(parsed.kinds(of: statement.blocks[1]) == [.if, .fallthrough])
        #expect(parsed.kinds(of: statement.blocks[3]) == [.return])
        let cast = try #require(parsed.outline.casts.first)
        #expect(cast.isPattern)
        #expect(parsed.text(cast.boundName) == "error")
        #expect(parsed.text(cast.type.nameToken) == "CXErrorCodeRequestTransactionError")
        let error = try #require(parsed.variable(named: "error"))
        #expect(parsed.text(error.type?.nameToken) == "CXErrorCodeRequestTransactionError")
    }

    @Test func doCatchLoopsDeferAndJumps() throws {
        let parsed = Parsed(
            """
            func start() async {
                defer { isStarting = false }
                do {
                    try await controller.request(transaction)
                } catch let error as CXErrorCodeRequestTransactionError where error.code == .unknownCallUUID {
                    return
                } catch {
                    throw CallError.failed(error)
                }
                outer: for call in calls where call.isOnHold {
                    while let next = queue.popLast() { continue outer }
                    repeat { tick() } while pending > 0
                }
            }
            """)
        let body = try #require(parsed.function(named: "start")?.bodyBlock)
        #expect(parsed.kinds(of: body) == [.defer, .do, .forIn])
        let doStatement = parsed.statements(of: body)[1]
        #expect(doStatement.blocks.map { parsed.outline.blocks[$0].kind } == [.doBody, .catchBody, .catchBody])
        #expect(
            parsed.text(parsed.outline.blocks[doStatement.blocks[1]].header)
                == "let error as CXErrorCodeRequestTransactionError where error.code == .unknownCallUUID")
        #expect(parsed.outline.blocks[doStatement.blocks[2]].header?.isEmpty == true)
        #expect(parsed.kinds(of: doStatement.blocks[2]) == [.throw])
        #expect(parsed.text(parsed.statements(of: doStatement.blocks[2])[0].condition) == "CallError.failed(error)")
        let loop = parsed.statements(of: body)[2]
        #expect(parsed.text(loop.label) == "outer")
        #expect(parsed.text(loop.condition) == "call in calls where call.isOnHold")
        #expect(parsed.kinds(of: loop.blocks[0]) == [.while, .repeatWhile])
        let whileLoop = parsed.statements(of: loop.blocks[0])[0]
        let jump = parsed.statements(of: whileLoop.blocks[0])[0]
        #expect(jump.kind == .continue && parsed.text(jump.label) == "outer")
        let repeatLoop = parsed.statements(of: loop.blocks[0])[1]
        #expect(parsed.text(repeatLoop.condition) == "pending > 0")
        #expect(try #require(parsed.variable(named: "call")).kind == .binding)
    }

    @Test func statementsSplitOnNewlinesSemicolonsAndContinuations() throws {
        let parsed = Parsed(
            """
            let update = CXCallUpdate(); update.hasVideo = true
            let handle = CXHandle(type: .phoneNumber,
                                  value: number)
            provider
                .reportNewIncomingCall(with: uuid, update: update) { error in }
            open(url)
            let optional = 1
            private(set) var count = 0
            return
            """)
        let statements = parsed.statements(of: parsed.outline.fileBlock)
        #expect(
            statements.map(\.kind) == [
                .declaration, .expression, .declaration, .expression, .expression, .declaration, .declaration, .return,
            ])
        // `open(url)` is a call, not a modifier of the next declaration.
        #expect(parsed.text(statements[4].range) == "open(url)")
        #expect(parsed.variable(named: "count")?.modifiers.contains(.private) == true)
        #expect(parsed.text(statements[3].range).hasPrefix("provider\n"))
        #expect(parsed.text(statements[3].range).hasSuffix("{ error in }"))
        #expect(statements[7].condition == nil)
    }

    @Test func ifAndSwitchExpressionsBecomeEmbeddedStatements() throws {
        let parsed = Parsed(
            """
            let reason: CXCallEndedReason = switch error {
            case .timeout: .unanswered
            default: .failed
            }
            let title = if call.hasVideo {
                "Video"
            }
            else { "Audio" }
            provider.reportCall(with: uuid, endedAt: nil, reason: reason)
            """)
        let statements = parsed.statements(of: parsed.outline.fileBlock)
        #expect(statements.map(\.kind) == [.declaration, .declaration, .expression])
        let branches = try #require(statements[0].blocks.first)
        #expect(parsed.outline.blocks[branches].kind == .expressionBranches)
        let switchStatement = parsed.statements(of: branches)[0]
        #expect(switchStatement.kind == .switch)
        #expect(switchStatement.blocks.map { parsed.text(parsed.outline.blocks[$0].header) } == [".timeout", "<nil>"])
        // No call named `error` and no closure are invented for the switch body.
        #expect(parsed.calls(named: "error").isEmpty)
        #expect(parsed.outline.closures.isEmpty)
        let ifStatement = parsed.statements(of: try #require(statements[1].blocks.first))[0]
        #expect(ifStatement.kind == .if && ifStatement.blocks.count == 2)
    }

    @Test func pushHandlerCompletionSitsInsideTheReportClosure() throws {
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
        #expect(parsed.outline.casts.map { parsed.text($0.type.nameToken) } == ["String"])
        let cast = parsed.outline.casts[0]
        #expect(parsed.text(cast.operand) == "payload.dictionaryPayload[\"id\"]")
        let span = try #require(function.parameters[1].type)
        #expect(span.identifierTokens(in: parsed.file).map { parsed.text($0) } == ["PKPushPayload"])
    }
}
