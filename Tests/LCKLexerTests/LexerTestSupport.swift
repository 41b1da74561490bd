import LCKLexer

/// One expected token: kind and exact source text.
struct Lexeme: Equatable, CustomStringConvertible {
    var kind: TokenKind
    var text: String
    init(_ kind: TokenKind, _ text: String) {
        self.kind = kind
        self.text = text
    }
    var description: String { "(.\(kind), \(text.debugDescription))" }
}

/// The tokens of `source` as (kind, text) pairs, for hand-written expectations.
func kinds(_ source: String) -> [Lexeme] {
    let file = Lexer.tokenize(Array(source.utf8))
    return file.tokens.map { Lexeme($0.kind, file.text(of: $0)) }
}

/// Shorthand for a list of expected lexemes.
func expect(_ pairs: [(TokenKind, String)]) -> [Lexeme] {
    pairs.map { Lexeme($0.0, $0.1) }
}

/// Rebuilds the input from tokens and trivia in offset order; nil if any byte is missing or doubled.
func reassembled(_ file: TokenizedFile) -> [UInt8]? {
    var pieces: [(start: Int, length: Int)] = file.tokens.map { ($0.start, $0.length) }
    pieces += file.trivia.map { ($0.start, $0.length) }
    pieces.sort { $0.start != $1.start ? $0.start < $1.start : $0.length < $1.length }
    var out: [UInt8] = []
    out.reserveCapacity(file.bytes.count)
    var next = 0
    for piece in pieces where piece.length > 0 {
        guard piece.start == next else { return nil }
        out.append(contentsOf: file.bytes[piece.start..<piece.start + piece.length])
        next = piece.start + piece.length
    }
    return next == file.bytes.count ? out : nil
}

/// Whether every byte of the input belongs to exactly one token or trivia piece.
func roundTrips(_ bytes: [UInt8]) -> Bool {
    reassembled(Lexer.tokenize(bytes)) == bytes
}

/// The trivia kinds of `source` in order, for comment and odd-byte tests.
func triviaKinds(_ source: String) -> [TriviaPiece.Kind] {
    Lexer.tokenize(Array(source.utf8)).trivia.map(\.kind)
}
