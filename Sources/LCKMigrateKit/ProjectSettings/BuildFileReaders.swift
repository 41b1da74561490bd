import LCKAnalyzers
import LCKCore
import LCKLexer

/// The small settings files read line by line or as Swift tokens: `.xcconfig`, `Podfile`, `Package.swift`.
enum BuildFileReaders {
    /// `KEY = value` lines of one `.xcconfig` (conditions like `[sdk=iphoneos*]` dropped, `//` comments
    /// removed, includes not followed: `XcconfigIncludes` follows them for the tree's files).
    static func xcconfig(_ bytes: [UInt8]) -> [String: String] {
        XcconfigIncludes(files: ["file.xcconfig": bytes]).settings(of: "file.xcconfig")
    }

    /// `platform :ios, '15.0'` in a Podfile; nil when absent or unreadable.
    static func podfilePlatform(_ bytes: [UInt8]) -> OSVersion? {
        for line in bytes.split(separator: 0x0A) {
            let text = String(decoding: line, as: UTF8.self).trimmed(of: " \t\r")
            guard text.hasPrefix("platform :ios") else { continue }
            let quoted = text.split(whereSeparator: { $0 == "'" || $0 == "\"" })
            if quoted.count >= 2, let version = OSVersion(parsing: quoted[1]) { return version }
        }
        return nil
    }

    /// The iOS version of `platforms: [.iOS(.v15), …]` or `.iOS("17.4")` in a `Package.swift`, read as
    /// tokens with the project's lexer (the manifest is never run); nil when it names none.
    static func packagePlatform(_ bytes: [UInt8]) -> OSVersion? {
        let file = Lexer.tokenize(bytes)
        let tokens = file.tokens
        var index = 0
        while index + 4 < tokens.count {
            defer { index += 1 }
            guard tokens[index].kind == .period, file.token(tokens[index + 1], is: "iOS"),
                tokens[index + 2].kind == .leftParen
            else { continue }
            let argument = tokens[index + 3]
            if argument.kind == .period, index + 4 < tokens.count {
                return OSVersion(parsing: file.text(of: tokens[index + 4]))
            }
            if argument.kind == .stringQuote, index + 4 < tokens.count, tokens[index + 4].kind == .stringSegment {
                return OSVersion(parsing: file.text(of: tokens[index + 4]))
            }
        }
        return nil
    }
}

extension StringProtocol {
    /// The text without leading and trailing characters of `set`.
    func trimmed(of set: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice.removeFirst() }
        while let last = slice.last, set.contains(last) { slice.removeLast() }
        return String(slice)
    }
}
