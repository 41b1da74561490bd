/// Issue 29's handler shapes (items 8 and 9), doubled like the others: many fulfills or early returns
/// in one answer handler.
extension ComplexityBenchmark {
    static let handlerShapes: [Shape] = [
        handlerShape("fulfill-else-if", unit: "`else if b { action.fulfill() }` lines", .elseIfChain),
        handlerShape("fulfill-else-if-line", unit: "`else if` fulfills on one line", .elseIfLine),
        handlerShape("fulfill-switch", unit: "`case let a as CXAnswerCallAction: a.fulfill()`", .switchCases),
        handlerShape("fulfill-work-after", unit: "`else if` fulfills, `startCall(action)` after", .workAfter),
        handlerShape("fulfill-deferred", unit: "`Task { await answer(action) }` before a fulfill", .deferredWork),
        handlerShape("early-returns", unit: "`if c { return }` before the fulfill", .earlyReturns),
        handlerShape("fulfill-returns", unit: "`if x == I { action.fulfill(); return }`", .fulfillReturns),
    ]

    private static func handlerShape(_ name: String, unit: String, _ shape: HostileInputs.FulfillShape) -> Shape {
        Shape(name: name, unit: unit, firstSize: 10_000) { size, folder in
            try write(HostileInputs.fulfillHandler(shape, count: size), to: folder + "/Handler.swift")
            return ["scan", folder, "--format", "json", "--quiet"] + uncapped
        }
    }
}
