import LCKLexer
import Testing

@testable import LCKParser

@Suite struct ExpressionTests {
    @Test func callsWithLabelsAndTrailingClosures() throws {
        let parsed = Parsed(
            """
            provider.reportNewIncomingCall(with: uuid, update: update) { error in
                completion?(error)
            }
            self.callController.request(CXTransaction(action: action)) { [weak self] error in
                self?.handle(error)
            }
            """)
        let report = try #require(parsed.calls(named: "reportNewIncomingCall").first)
        #expect(parsed.text(report.callee) == "provider.reportNewIncomingCall")
        #expect(parsed.text(report.receiver) == "provider")
        #expect(report.arguments.map { parsed.text($0.label) } == ["with", "update"])
        #expect(report.arguments.map { parsed.text($0.value) } == ["uuid", "update"])
        #expect(report.trailingClosures.count == 1)
        let closure = parsed.outline.closures[report.trailingClosures[0]]
        #expect(closure.isTrailing)
        #expect(closure.parameters.map { parsed.text(parsed.outline.variables[$0].nameToken) } == ["error"])
        #expect(parsed.kinds(of: closure.bodyBlock) == [.expression])
        #expect(
            parsed.outline.selector(ofCall: parsed.outline.calls.firstIndex(of: report)!, in: parsed.file)
                == "reportNewIncomingCall(with:update:_:)")

        let completion = try #require(parsed.calls(named: "completion").first)
        #expect(parsed.text(completion.callee) == "completion?")

        let request = try #require(parsed.calls(named: "request").first)
        #expect(parsed.text(request.callee) == "self.callController.request")
        #expect(parsed.text(request.receiver) == "self.callController")
        #expect(request.arguments.map { $0.label == nil } == [true])
        let transaction = try #require(parsed.calls(named: "CXTransaction").first)
        #expect(parsed.text(transaction.callee) == "CXTransaction")
        #expect(parsed.text(transaction.arguments[0].label) == "action")
        let requestClosure = parsed.outline.closures[request.trailingClosures[0]]
        #expect(parsed.text(requestClosure.captureList) == "[weak self]")
        #expect(parsed.text(parsed.calls(named: "handle").first?.callee) == "self?.handle")
        // Calls are recorded in source order of their names.
        let names = parsed.outline.calls.map { parsed.text($0.nameToken) }
        #expect(names == ["reportNewIncomingCall", "completion", "request", "CXTransaction", "handle"])
    }

    @Test func tasksAndDispatchClosuresAttachToTheirCalls() throws {
        let parsed = Parsed(
            """
            func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
                Task { await hangUp(); action.fulfill() }
                Task.detached(priority: .high) { action.fail() }
                DispatchQueue.main.async {
                    action.fulfill()
                }
                queue.asyncAfter(deadline: .now() + 1, execute: { action.fulfill() })
                UIView.animate(withDuration: 0.3) { fade() } completion: { _ in done() }
            }
            """)
        let task = try #require(parsed.calls(named: "Task").first)
        #expect(task.leftParen == nil && task.trailingClosures.count == 1)
        let taskBody = parsed.outline.closures[task.trailingClosures[0]].bodyBlock
        #expect(parsed.kinds(of: taskBody) == [.expression, .expression])
        let detached = try #require(parsed.calls(named: "detached").first)
        #expect(parsed.text(detached.callee) == "Task.detached")
        #expect(parsed.text(detached.arguments[0].label) == "priority")
        #expect(detached.trailingClosures.count == 1)
        let async = try #require(parsed.calls(named: "async").first)
        #expect(parsed.text(async.callee) == "DispatchQueue.main.async")
        #expect(async.trailingClosures.count == 1)
        let after = try #require(parsed.calls(named: "asyncAfter").first)
        #expect(after.trailingClosures.isEmpty)
        let argumentClosure = try #require(parsed.outline.closures.first { !$0.isTrailing })
        #expect(argumentClosure.call == parsed.outline.calls.firstIndex(of: after))
        #expect(parsed.text(after.arguments[1].value) == "{ action.fulfill() }")
        let animate = try #require(parsed.calls(named: "animate").first)
        #expect(animate.trailingClosures.count == 2)
        #expect(parsed.text(parsed.outline.closures[animate.trailingClosures[1]].trailingLabel) == "completion")
        // Every fulfill/fail call sits inside a closure whose enclosing function is the delegate method.
        let fulfills = parsed.calls(named: "fulfill") + parsed.calls(named: "fail")
        #expect(fulfills.count == 4)
        let function = parsed.outline.functions.firstIndex { parsed.text($0.nameToken) == "provider" }
        #expect(parsed.outline.closures.allSatisfy { $0.enclosingFunction == function })
    }

    @Test func explicitGenericArgumentsStayInTheCallee() throws {
        let parsed = Parsed("let calls = Set<UUID>()\nlet map = Dictionary<UUID, [CXCall]>(minimumCapacity: 4)")
        #expect(parsed.outline.calls.map { parsed.text($0.nameToken) } == ["Set", "Dictionary"])
        #expect(parsed.outline.calls.map { parsed.text($0.callee) } == ["Set<UUID>", "Dictionary<UUID, [CXCall]>"])
        #expect(parsed.text(parsed.outline.calls[1].arguments.first?.label) == "minimumCapacity")
    }

    @Test func memberAccessChainsAndImplicitMembers() throws {
        let parsed = Parsed("let x = a.b?.c!.d\nlet y = .main\nlet z = CXProviderConfiguration.default.self")
        let accesses = parsed.outline.memberAccesses
        #expect(accesses.map { parsed.text($0.member) } == ["b", "c", "d", "main", "default", "self"])
        #expect(
            accesses.map { parsed.text($0.receiver) } == [
                "a", "a.b?", "a.b?.c!", "", "CXProviderConfiguration", "CXProviderConfiguration.default",
            ])
    }

    @Test func castsAndTypeChecks() throws {
        let parsed = Parsed(
            """
            let answer = action as? CXAnswerCallAction
            let start = action as! CXStartCallAction
            if transaction.actions.first is CXEndCallAction {}
            if case let error as NSError = failure {}
            """)
        let casts = parsed.outline.casts
        #expect(casts.map(\.kind) == [.conditional, .forced, .is, .as])
        #expect(
            casts.map { parsed.text($0.type.nameToken) } == [
                "CXAnswerCallAction", "CXStartCallAction", "CXEndCallAction", "NSError",
            ])
        #expect(parsed.text(casts[0].operand) == "action")
        #expect(parsed.text(casts[2].operand) == "transaction.actions.first")
        #expect(casts.map(\.isPattern) == [false, false, false, true])
        #expect(parsed.text(casts[3].boundName) == "error")
    }

    @Test func closureSignaturesAndNonClosureBrackets() throws {
        let parsed = Parsed(
            """
            let handler: (CXProvider, CXAction) -> Void = { (provider: CXProvider, action) in action.fulfill() }
            let numbers = items.map { $0 * 2 }
            let list = { [1, 2].count }()
            """)
        let closures = parsed.outline.closures
        #expect(closures.count == 3)
        let first = closures[0]
        #expect(first.parameters.map { parsed.text(parsed.outline.variables[$0].nameToken) } == ["provider", "action"])
        #expect(parsed.text(parsed.outline.variables[first.parameters[0]].type?.nameToken) == "CXProvider")
        #expect(first.call == nil)
        #expect(closures[1].parameters.isEmpty && closures[1].inToken == nil)
        #expect(parsed.text(parsed.calls(named: "map").first?.callee) == "items.map")
        // `[1, 2]` starts the body here, it is not a capture list.
        #expect(closures[2].captureList == nil)
        let invoked = try #require(parsed.outline.calls.last)
        #expect(parsed.text(invoked.callee) == "{ [1, 2].count }")
    }

    @Test func closureWithGenericReturnTypeKeepsItsBodyStatements() throws {
        let parsed = Parsed(
            """
            let didPan = events
              .flatMap { (recognizer, frame) -> Observable<CGRect> in
                guard case .changed = recognizer.state,
                  let window = recognizer.view?.window
                else { return .empty() }
                return .just(frame)
              }
            """)
        let closure = try #require(parsed.outline.closures.first)
        #expect(parsed.text(closure.inToken) == "in")
        #expect(
            closure.parameters.map { parsed.text(parsed.outline.variables[$0].nameToken) } == ["recognizer", "frame"])
        #expect(parsed.kinds(of: closure.bodyBlock) == [.guard, .return])
        let guardStatement = parsed.statements(of: closure.bodyBlock)[0]
        #expect(parsed.kinds(of: guardStatement.blocks[0]) == [.return])
    }
}
