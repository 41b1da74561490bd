import LCKCore

/// The build settings of each `.xcconfig` of the tree with its `#include "Other.xcconfig"` (and `#include?`)
/// lines followed: relative to the including file, only to files of the scanned tree (nothing is opened),
/// at most `maximumDepth` levels, each file resolved once (a cycle is cut where it closes). As in Xcode,
/// a later assignment overrides an earlier one, an included file's settings counting at the `#include`
/// line; an assignment with a condition (`[sdk=iphoneos*]`) only fills a key nothing else sets.
struct XcconfigIncludes {
    static let maximumDepth = 16

    /// One line that matters: an include, or an assignment.
    enum Line {
        case include(path: String, optional: Bool, line: Int)
        case assignment(key: String, value: String, conditional: Bool)
    }

    /// A file being resolved: its lines, the next one, what it has so far.
    private struct Frame {
        var path: String
        var lines: [Line]
        var next = 0
        var settings: [String: Setting] = [:]
    }

    struct Setting {
        var value: String
        var conditional: Bool
    }

    private let files: [String: [UInt8]]
    private var resolved: [String: [String: Setting]] = [:]
    /// One per include that could not be followed: `line N: why`.
    private(set) var notes: [FileProblem] = []

    /// `files`: the tree's `.xcconfig` files by display path.
    init(files: [String: [UInt8]]) {
        self.files = files
        for path in files.keys.sorted() where resolved[path] == nil { resolve(path) }
    }

    /// The settings of the file at `path` (display path), includes followed.
    func settings(of path: String) -> [String: String] {
        (resolved[path] ?? [:]).mapValues(\.value)
    }

    private mutating func resolve(_ root: String) {
        var stack = [Frame(path: root, lines: Self.lines(files[root] ?? []))]
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].lines.count else {
                let done = stack.removeLast()
                resolved[done.path] = done.settings
                if !stack.isEmpty { Self.merge(done.settings, into: &stack[stack.count - 1].settings) }
                continue
            }
            let line = stack[top].lines[stack[top].next]
            stack[top].next += 1
            switch line {
            case .assignment(let key, let value, let conditional):
                Self.merge([key: Setting(value: value, conditional: conditional)], into: &stack[top].settings)
            case .include(let written, let optional, let number):
                let from = stack[top].path
                let target = Self.path(written, from: from)
                if let target, let known = resolved[target] {
                    Self.merge(known, into: &stack[top].settings)
                } else if let target, files[target] != nil {
                    if stack.contains(where: { $0.path == target }) {
                        note(
                            from, number, "#include \"\(written)\" includes itself through a cycle; not followed again")
                    } else if stack.count >= Self.maximumDepth {
                        note(from, number, "#include \"\(written)\" is nested deeper than \(Self.maximumDepth) files")
                    } else {
                        stack.append(Frame(path: target, lines: Self.lines(files[target] ?? [])))
                    }
                } else if !optional && !Self.isGenerated(written) {
                    note(
                        from, number,
                        "#include \"\(written)\" is not a file of the scanned tree; its settings are not used")
                }
            }
        }
    }

    private mutating func note(_ path: String, _ line: Int, _ message: String) {
        notes.append(FileProblem(path: path, message: "line \(line): \(message)", kind: .skipped))
    }

    /// Later over earlier, except that a conditional assignment never replaces another value.
    private static func merge(_ later: [String: Setting], into settings: inout [String: Setting]) {
        for (key, setting) in later {
            if setting.conditional, let existing = settings[key], !existing.conditional { continue }
            settings[key] = setting
        }
    }

    /// The display path `written` names from the file at `from`: its folder joined, `.` and `..` folded;
    /// nil when it is absolute or climbs out of the tree.
    /// Files that `pod install` or `flutter build` write (`Pods/Target Support Files/…`, `Generated.xcconfig`):
    /// a checkout never holds them, so their absence says nothing worth a note.
    static func isGenerated(_ written: String) -> Bool {
        written.hasPrefix("Pods/") || written.contains("/Pods/") || written.hasSuffix("Generated.xcconfig")
    }

    static func path(_ written: String, from: String) -> String? {
        guard !written.hasPrefix("/"), !written.hasPrefix("<") else { return nil }
        var parts = from.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        for part in written.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard let last = parts.last, last != ".." else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    /// Includes and `KEY = value` assignments, in order (`//` comments removed).
    static func lines(_ bytes: [UInt8]) -> [Line] {
        var result: [Line] = []
        for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            var text = String(decoding: line, as: UTF8.self)
            if let comment = text.firstRange(of: "//") { text = String(text[..<comment.lowerBound]) }
            let trimmed = text.trimmed(of: " \t\r")
            if trimmed.hasPrefix("#include") {
                let quoted = trimmed.split(separator: "\"", omittingEmptySubsequences: false)
                guard quoted.count >= 3, !quoted[1].isEmpty else { continue }
                result.append(
                    .include(path: String(quoted[1]), optional: trimmed.hasPrefix("#include?"), line: index + 1))
                continue
            }
            // The `=` after any `[condition=value]` brackets.
            let afterConditions = text.lastIndex(of: "]").map { text.index(after: $0) } ?? text.startIndex
            guard let equal = text[afterConditions...].firstIndex(of: "=") else { continue }
            var key = text[..<equal].trimmed(of: " \t")
            let conditional = key.contains("[")
            if let bracket = key.firstIndex(of: "[") { key = String(key[..<bracket]) }
            guard !key.isEmpty else { continue }
            result.append(
                .assignment(
                    key: key, value: text[text.index(after: equal)...].trimmed(of: " \t\r;"), conditional: conditional))
        }
        return result
    }
}
