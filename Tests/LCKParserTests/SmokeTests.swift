import Testing
@testable import LCKParser

@Test func smokeDump() {
    let parsed = Parsed("""
    import CallKit
    final class ProviderDelegate: NSObject, CXProviderDelegate {
        private let provider: CXProvider
        func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
            guard let call = callManager.callWithUUID(uuid: action.callUUID) else {
                action.fail()
                return
            }
            Task { [weak self] in
                await call.answer()
                action.fulfill()
            }
        }
    }
    """)
    print(parsed.dump())
    for call in parsed.outline.calls { print("call", parsed.text(call.callee), call.arguments.map { parsed.text($0.label) }, call.trailingClosures) }
    for v in parsed.outline.variables { print("var", v.kind, parsed.text(v.nameToken), parsed.text(v.type?.nameToken), parsed.text(v.scope).prefix(30)) }
    #expect(parsed.outline.functions.count == 1)
}
