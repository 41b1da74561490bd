import LCKRules
import Testing

@testable import LCKMigrationModel

@Suite struct MigrationSuggestionTests {
    @Test func renamesKeepVariablesThatShareALabelName() {
        let example = MappingExample(
            before: "let end = CXEndCallAction(call: id)",
            after: "let end = EndConversationAction(conversationUUID: id)")
        #expect(
            RenameSuggestion.apply(example: example, to: "    let e = CXEndCallAction(call: call.uuid)", fromColumn: 13)
                == "    let e = EndConversationAction(conversationUUID: call.uuid)")
    }

    @Test func aDeclarationOnlyInTheBeforeExampleIsSkipped() {
        let example = MappingExample(
            before: "let action: CXAction\ncalls[action.callUUID]?.end()",
            after: "calls[action.conversationUUID]?.end()")
        #expect(
            RenameSuggestion.apply(example: example, to: "forget(action.callUUID)", fromColumn: 8)
                == "forget(action.conversationUUID)")
    }

    @Test func onlyTextFromTheFindingOnChanges() {
        let example = MappingExample(before: "x.callUUID", after: "x.conversationUUID")
        #expect(
            RenameSuggestion.apply(example: example, to: "a[b.callUUID] = c.callUUID", fromColumn: 18)
                == "a[b.callUUID] = c.conversationUUID")
    }

    @Test func noSuggestionWhenNothingMatchesOrRenamesConflict() {
        let example = MappingExample(before: "a.b", after: "a.c")
        #expect(RenameSuggestion.apply(example: example, to: "let x = 1", fromColumn: 1) == nil)
        let conflicting = MappingExample(before: "f(x) + g(x)", after: "f(y) + g(z)")
        #expect(RenameSuggestion.apply(example: conflicting, to: "f(x)", fromColumn: 1) == nil)
    }
}

@Suite struct MigrationSuggestionCallKitTests {
    static let example = MappingExample(
        before: "func handle(_ action: CXAnswerCallAction) {}",
        after: "func handle(_ action: JoinConversationAction) {}",
        afterIs: .lck)

    /// `func provider(_ provider: CXProvider, perform action: JoinConversationAction)` would not compile.
    @Test func noSuggestionThatLeavesACallKitTypeOnTheLine() {
        let line = "    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {"
        let column = line.utf8.count - "CXAnswerCallAction) {".utf8.count + 1
        #expect(MigrationReport.suggestion(renaming: line, fromColumn: column, example: Self.example) == nil)
        #expect(
            MigrationReport.suggestion(
                renaming: "func handle(_ a: CXAnswerCallAction) {", fromColumn: 18, example: Self.example)
                == "func handle(_ a: JoinConversationAction) {")
    }
}
