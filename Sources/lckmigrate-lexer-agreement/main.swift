// Compares LCKLexer's identifier and keyword tokens with the swift-syntax oracle's.
//
//   oracle tokens --relative-to DIR --list files.txt > oracle.tsv
//   lckmigrate-lexer-agreement oracle.tsv --root DIR [--list files.txt] [--show N] [--dump-diff]
//
// A token matches when another token of the identifier/keyword classes starts at the same
// byte offset with the same length (so the same text); identifier-vs-keyword may differ,
// because contextual keywords are a parser decision.
import Foundation
import LCKLexer

struct Options {
    var oraclePath = ""
    var root = ""
    var listPath: String?
    var showPerFile = 5
    var showFiles = 20
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("lckmigrate-lexer-agreement: \(message)\n".utf8))
    exit(2)
}

func value(_ arguments: inout ArraySlice<String>, for option: String) -> String {
    guard let value = arguments.popFirst() else { fail("\(option) needs a value") }
    return value
}

func number(_ arguments: inout ArraySlice<String>, for option: String) -> Int {
    guard let value = Int(value(&arguments, for: option)) else { fail("\(option) needs a number") }
    return value
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--root": options.root = value(&arguments, for: argument)
        case "--list": options.listPath = value(&arguments, for: argument)
        case "--show": options.showPerFile = number(&arguments, for: argument)
        case "--files": options.showFiles = number(&arguments, for: argument)
        default:
            if argument.hasPrefix("-") || !options.oraclePath.isEmpty { fail("unexpected argument \(argument)") }
            options.oraclePath = argument
        }
    }
    if options.oraclePath.isEmpty {
        fail("usage: lckmigrate-lexer-agreement ORACLE.tsv [--root DIR] [--list FILES] [--show N] [--files N]")
    }
    return options
}

/// One identifier-or-keyword token position.
struct Span: Hashable, Comparable {
    var offset: Int
    var length: Int
    /// Token class name; only used by the all-token comparison.
    var tokenClass = ""
    static func < (lhs: Span, rhs: Span) -> Bool {
        lhs.offset != rhs.offset ? lhs.offset < rhs.offset : lhs.length < rhs.length
    }
}

/// Identifier and keyword compare as one class: contextual keywords are the parser's decision.
func nameClass(_ tokenClass: String) -> String {
    tokenClass == "keyword" ? "identifier" : tokenClass
}

/// Per-file identifier/keyword spans from the oracle TSV, in first-seen file order.
func readOracle(_ path: String) -> (order: [String], spans: [String: [Span]], all: [String: [Span]]) {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    var order: [String] = []
    var spans: [String: [Span]] = [:]
    var all: [String: [Span]] = [:]
    data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
        var lineStart = 0
        let count = raw.count
        while lineStart < count {
            var lineEnd = lineStart
            while lineEnd < count && raw[lineEnd] != 0x0A { lineEnd += 1 }
            // Fields: path, offset, length, class, text.
            var fields: [Range<Int>] = []
            var fieldStart = lineStart
            var index = lineStart
            while index < lineEnd && fields.count < 4 {
                if raw[index] == 0x09 {
                    fields.append(fieldStart..<index)
                    fieldStart = index + 1
                }
                index += 1
            }
            if fields.count == 4 {
                let file = String(decoding: raw[fields[0]], as: UTF8.self)
                let tokenClass = String(decoding: raw[fields[3]], as: UTF8.self)
                if spans[file] == nil {
                    order.append(file)
                    spans[file] = []
                }
                if let offset = Int(String(decoding: raw[fields[1]], as: UTF8.self)),
                    let length = Int(String(decoding: raw[fields[2]], as: UTF8.self))
                {
                    if tokenClass == "identifier" || tokenClass == "keyword" {
                        spans[file]!.append(Span(offset: offset, length: length))
                    }
                    all[file, default: []].append(
                        Span(offset: offset, length: length, tokenClass: nameClass(tokenClass)))
                }
            }
            lineStart = lineEnd + 1
        }
    }
    return (order, spans, all)
}

// `--dump FILE`: print our token dump of one file (same format as `oracle tokens`), for diffing.
if CommandLine.arguments.count == 3 && CommandLine.arguments[1] == "--dump" {
    let path = CommandLine.arguments[2]
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    let lexed = Lexer.tokenize([UInt8](data))
    FileHandle.standardOutput.write(Data(TokenDump.lines(path: path, file: lexed)))
    for diagnostic in lexed.diagnostics {
        FileHandle.standardError.write(Data("\(path): @\(diagnostic.offset): \(diagnostic.message)\n".utf8))
    }
    exit(0)
}

let options = parseOptions()
var (files, oracleSpans, oracleAll) = readOracle(options.oraclePath)
if let listPath = options.listPath {
    guard let list = try? String(contentsOfFile: listPath, encoding: .utf8) else { fail("cannot read \(listPath)") }
    let prefix = options.root.isEmpty ? "" : options.root + "/"
    for line in list.split(whereSeparator: \.isNewline) {
        var file = String(line)
        if !prefix.isEmpty && file.hasPrefix(prefix) { file.removeFirst(prefix.count) }
        if oracleSpans[file] == nil {
            files.append(file)
            oracleSpans[file] = []
        }
    }
}

var oracleTotal = 0
var oursTotal = 0
var oracleMatched = 0
var oursMatched = 0
var filesClean = 0
var filesCleanAgreeing = 0
var filesWithDiagnostics = 0
var filesAgreeing = 0
var bytesTotal = 0
var shownFiles = 0
var allOracle = 0
var allMatched = 0
var allMismatchSamples: [String] = []
var report = ""
for file in files {
    let fullPath = options.root.isEmpty ? file : options.root + "/" + file
    guard let data = FileManager.default.contents(atPath: fullPath) else {
        report += "cannot read \(fullPath)\n"
        continue
    }
    let bytes = [UInt8](data)
    bytesTotal += bytes.count
    let lexed = Lexer.tokenize(bytes)
    var ours: [Span] = []
    for token in lexed.tokens where token.length > 0 {
        let tokenClass = token.kind.tokenClass
        if tokenClass == .identifier || tokenClass == .keyword {
            ours.append(Span(offset: token.start, length: token.length))
        }
    }
    // Every token, compared by offset, length and class (identifier = keyword) (informative: includes parser decisions
    // such as split `>>` generic closers).
    var ourAll = Set<Span>()
    for token in lexed.tokens where token.length > 0 {
        ourAll.insert(
            Span(offset: token.start, length: token.length, tokenClass: nameClass(token.kind.tokenClass.rawValue)))
    }
    for span in oracleAll[file] ?? [] {
        allOracle += 1
        if ourAll.contains(span) {
            allMatched += 1
        } else if allMismatchSamples.count < options.showFiles {
            let end = min(span.offset + span.length, bytes.count)
            let text = String(decoding: bytes[min(span.offset, end)..<end].prefix(40), as: UTF8.self)
            allMismatchSamples.append(
                "  \(file) @\(span.offset)+\(span.length) \(span.tokenClass) \(text.debugDescription)")
        }
    }
    let theirs = oracleSpans[file] ?? []
    let ourSet = Set(ours)
    let theirSet = Set(theirs)
    let missing = theirs.filter { !ourSet.contains($0) }
    let extra = ours.filter { !theirSet.contains($0) }
    oracleTotal += theirs.count
    oursTotal += ours.count
    oracleMatched += theirs.count - missing.count
    oursMatched += ours.count - extra.count
    let agrees = missing.isEmpty && extra.isEmpty
    if agrees { filesAgreeing += 1 }
    if lexed.diagnostics.isEmpty {
        filesClean += 1
        if agrees { filesCleanAgreeing += 1 }
    } else {
        filesWithDiagnostics += 1
    }
    if !agrees && shownFiles < options.showFiles {
        shownFiles += 1
        let flag = lexed.diagnostics.isEmpty ? "" : " (lexer diagnostics: \(lexed.diagnostics.count))"
        report += "\(file): \(missing.count) oracle tokens unmatched, \(extra.count) of ours unmatched\(flag)\n"
        func text(_ span: Span) -> String {
            let end = min(span.offset + span.length, bytes.count)
            return String(decoding: bytes[min(span.offset, end)..<end].prefix(60), as: UTF8.self)
                .replacingOccurrences(of: "\n", with: "\\n")
        }
        for span in missing.sorted().prefix(options.showPerFile) {
            report += "  oracle only  @\(span.offset)+\(span.length)  \(text(span))\n"
        }
        for span in extra.sorted().prefix(options.showPerFile) {
            report += "  ours only    @\(span.offset)+\(span.length)  \(text(span))\n"
        }
    }
}

func percent(_ part: Int, _ whole: Int) -> String {
    whole == 0 ? "n/a" : String(format: "%.4f %%", Double(part) * 100 / Double(whole))
}
print(report, terminator: "")
print("files                         \(files.count) (\(bytesTotal) bytes)")
print(
    "oracle identifier+keyword      \(oracleTotal), matched by ours \(oracleMatched) = \(percent(oracleMatched, oracleTotal))"
)
print(
    "our identifier+keyword         \(oursTotal), matched by oracle \(oursMatched) = \(percent(oursMatched, oursTotal))"
)
print("files agreeing 100 %           \(filesAgreeing) of \(files.count) = \(percent(filesAgreeing, files.count))")
print(
    "files without lexer diagnostics \(filesClean), agreeing 100 % \(filesCleanAgreeing) = \(percent(filesCleanAgreeing, filesClean))"
)
print("files with lexer diagnostics   \(filesWithDiagnostics)")
print("all oracle tokens (offset,length,class) \(allOracle), matched \(allMatched) = \(percent(allMatched, allOracle))")
if !allMismatchSamples.isEmpty {
    print("first all-token mismatches (oracle side):")
    for sample in allMismatchSamples { print(sample) }
}
