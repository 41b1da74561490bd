import LCKCore

/// Whether a file's bytes define (`func NAME`) one of a set of names, without lexing it.
///
/// The helper rounds ask this of every file not parsed yet, for a hundred names or more. Every name
/// shares the lead-in `func `, so a pattern search compares all of them wherever `func ` occurs; this
/// reads the identifier after each `func ` once and looks it up instead, at about one comparison a byte.
/// Like the prefilter it over-approximates: `func NAME` in a comment or a string counts.
struct FunctionDefinitionSearch: Sendable {
    private let names: Set<[UInt8]>
    private static let keyword = Array("func ".utf8)

    init(names: some Sequence<String>) {
        self.names = Set(names.map { Array($0.utf8) })
    }

    func matches(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { text in
            let keyword = Self.keyword
            var index = 0
            while index + keyword.count < text.count {
                guard text[index] == keyword[0] else {
                    index += 1
                    continue
                }
                if (index == 0 || !IdentifierSearch.isIdentifierByte(text[index - 1]))
                    && text[index + 1] == keyword[1] && text[index + 2] == keyword[2] && text[index + 3] == keyword[3]
                    && text[index + 4] == keyword[4]
                {
                    let start = index + keyword.count
                    var end = start
                    while end < text.count && IdentifierSearch.isIdentifierByte(text[end]) { end += 1 }
                    if end > start && names.contains(Array(text[start..<end])) { return true }
                    // The identifier read may itself start a definition (`func func go`); go on from it.
                    index = start
                } else {
                    index += 1
                }
            }
            return false
        }
    }
}
