/// Text placed inside Markdown reports, shared so every Markdown output escapes the same characters.
enum MarkdownText {
    /// Backslash-escapes the ASCII punctuation Markdown and GFM tables would interpret, so file names
    /// and messages read literally.
    static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if "\\`*_[]<>|#~!&".unicodeScalars.contains(scalar) { out.append("\\") }
            out.append(scalar)
        }
        return String(out)
    }
}
