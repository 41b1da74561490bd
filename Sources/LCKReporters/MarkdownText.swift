import LCKCore

/// Text placed inside Markdown reports, shared so every Markdown output escapes the same characters.
enum MarkdownText {
    /// Backslash-escapes the ASCII punctuation Markdown and GFM tables would interpret, so file names
    /// and messages read literally; control characters first become visible `\\xHH` (`VisibleText`).
    static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in VisibleText.escaped(text).unicodeScalars {
            if "\\`*_[]<>|#~!&".unicodeScalars.contains(scalar) { out.append("\\") }
            out.append(scalar)
        }
        return String(out)
    }
}
