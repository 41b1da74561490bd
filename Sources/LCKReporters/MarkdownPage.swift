/// Markdown text that never grows past `limit` UTF-8 bytes (an upper bound of the character count GitHub
/// limits comments by). Blocks are added whole or not at all; lists and tables one whole row at a time,
/// followed by a note saying how many rows were left out.
struct MarkdownPage {
    /// How a cut list or table says what it left out. The two Markdown outputs have always worded and
    /// placed the note differently, and their bytes must not change, so both ways are kept here.
    enum CutNote {
        /// `_…and 3 files more not shown._` after a blank line, written only while it fits; a table with
        /// no row shown leaves its header out (`scan --format markdown`).
        case summary
        /// `_…and 3 more files not shown._`, after a blank line only below a table that shows rows; the
        /// reserve always leaves room for it, and once even the reserve is used nothing more is written
        /// (`report --format markdown`).
        case migration
    }

    let limit: Int
    /// Room kept so a cut list can always say how much it left out.
    let reserve: Int
    let cutNote: CutNote
    private(set) var text = ""

    init(limit: Int, reserve: Int, cutNote: CutNote) {
        self.limit = limit
        self.reserve = reserve
        self.cutNote = cutNote
    }

    /// Adds `line` as a paragraph when it fits with the reserve left over.
    mutating func block(_ line: String) {
        let block = (text.isEmpty ? "" : "\n") + line + "\n"
        if text.utf8.count + block.utf8.count + reserve <= limit { text += block }
    }

    /// Adds `header` (a table's header lines; nil for a list) and as many `rows` as fit, then the cut note
    /// for the rows left out plus `hidden` rows the caller already dropped.
    mutating func rows(header: String?, _ rows: [String], noun: String, hidden: Int = 0) {
        let separator = text.isEmpty ? "" : "\n"
        var block = separator + (header.map { $0 + "\n" } ?? "")
        var used = text.utf8.count + block.utf8.count
        let hasRoom = used + reserve <= limit
        if !hasRoom && cutNote == .migration { return }
        var shown = 0
        if hasRoom {
            for row in rows {
                let size = row.utf8.count + 1
                if used + size + reserve > limit { break }
                block += row + "\n"
                used += size
                shown += 1
            }
        }
        let left = rows.count - shown + hidden
        switch cutNote {
        case .summary:
            if shown > 0 { text += block }
            guard left > 0 else { return }
            let note = "\n_…and \(plural(left, noun)) more not shown._\n"
            if text.utf8.count + note.utf8.count <= limit { text += note }
        case .migration:
            if shown == 0 && header != nil { block = separator }
            if left > 0 {
                block += (shown > 0 && header != nil ? "\n" : "")
                block += "_…and \(left) more \(noun)\(left == 1 ? "" : "s") not shown._\n"
            }
            text += block
        }
    }
}
