import Foundation
import LCKLexer
import LCKTestSupport
import Testing

@Suite struct RoundTripTests {
    /// The repository root.
    static let repositoryRoot = URL(fileURLWithPath: PackageRoot.path)

    @Test func everySourceFileOfThisRepositoryRoundTrips() throws {
        let sources = Self.repositoryRoot.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var checked = 0
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let bytes = [UInt8](try Data(contentsOf: url))
            let file = Lexer.tokenize(bytes)
            #expect(reassembled(file) == bytes, "\(url.path)")
            #expect(file.diagnostics.isEmpty, "\(url.path): \(file.diagnostics)")
            checked += 1
        }
        #expect(checked >= 10)
    }

    @Test func tokensAndTriviaAreInSourceOrderWithoutOverlap() {
        let source = "/// doc\n@MainActor final class A { let s = \"x\\(y)\" /* c */ ; var r = #/a/# }\n"
        let file = Lexer.tokenize(Array(source.utf8))
        #expect(zip(file.tokens, file.tokens.dropFirst()).allSatisfy { $0.end <= $1.start })
        #expect(zip(file.trivia, file.trivia.dropFirst()).allSatisfy { $0.start + $0.length <= $1.start })
        #expect(reassembled(file) == file.bytes)
    }

    @Test func tokenDumpMatchesTheOracleFormat() {
        let file = Lexer.tokenize(Array("x = \"a\\tb\"\n".utf8))
        let dump = String(decoding: TokenDump.lines(path: "d/f.swift", file: file), as: UTF8.self)
        #expect(
            dump == """
                d/f.swift\t0\t1\tidentifier\tx
                d/f.swift\t2\t1\toperator\t=
                d/f.swift\t4\t1\tstring\t"
                d/f.swift\t5\t4\tstring\ta\\\\tb
                d/f.swift\t9\t1\tstring\t"

                """)
    }
}
