/// A path pattern from the config's `include`/`exclude` lists, matched on UTF-8 bytes (no regex).
///
/// Patterns and paths are `/`-separated and relative to the config file's folder.
/// `*` matches any run of bytes within one path component, `?` one character (not `/`), and a whole
/// component `**` any number of components, including none (`Sources/**/Generated/*.swift`).
/// A pattern also matches everything below a folder it matches, so `Pods` and `Legacy/**` both
/// cover `Legacy/Old/Call.swift`. Leading `./` and trailing `/` are ignored.
public struct GlobPattern: Hashable, Sendable, CustomStringConvertible {
    /// The pattern as written in the config file.
    public let text: String
    private let components: [Component]

    private enum Component: Hashable, Sendable {
        /// `**`: zero or more whole components.
        case anyComponents
        case bytes([UInt8])
    }

    public init(_ text: String) {
        self.text = text
        components = GlobPattern.split(Array(text.utf8)).map { $0 == Array("**".utf8) ? .anyComponents : .bytes($0) }
    }

    public var description: String { text }

    /// Whether `path` or one of the folders containing it matches.
    public func matches(_ path: String) -> Bool {
        let parts = GlobPattern.split(Array(path.utf8))
        guard !parts.isEmpty else { return false }
        // A match of any prefix of the components means a containing folder (or the file) matched.
        var end = parts.count
        while end >= 1 {
            if matchComponents(parts[0..<end]) { return true }
            end -= 1
        }
        return false
    }

    /// Components without empty and `.` parts.
    private static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        bytes.split(separator: 0x2F, omittingEmptySubsequences: true).map(Array.init).filter { $0 != [0x2E] }
    }

    /// The classic two-pointer wildcard match, one level up: `**` is the star, a component pattern the
    /// single-element test. Backtracking to the last star only is enough because stars match anything.
    private func matchComponents(_ parts: ArraySlice<[UInt8]>) -> Bool {
        var patternIndex = 0
        var partIndex = parts.startIndex
        var starPattern = -1
        var starPart = parts.startIndex
        while partIndex < parts.endIndex {
            if patternIndex < components.count, case .anyComponents = components[patternIndex] {
                starPattern = patternIndex
                starPart = partIndex
                patternIndex += 1
            } else if patternIndex < components.count, case .bytes(let pattern) = components[patternIndex],
                GlobPattern.matchComponent(pattern, parts[partIndex])
            {
                patternIndex += 1
                partIndex += 1
            } else if starPattern >= 0 {
                patternIndex = starPattern + 1
                starPart += 1
                partIndex = starPart
            } else {
                return false
            }
        }
        while patternIndex < components.count, case .anyComponents = components[patternIndex] { patternIndex += 1 }
        return patternIndex == components.count
    }

    /// `*` and `?` within one component, same algorithm on bytes; `?` consumes a whole UTF-8 character.
    private static func matchComponent(_ pattern: [UInt8], _ name: [UInt8]) -> Bool {
        let star = UInt8(ascii: "*")
        let question = UInt8(ascii: "?")
        var patternIndex = 0
        var nameIndex = 0
        var starPattern = -1
        var starName = 0
        while nameIndex < name.count {
            if patternIndex < pattern.count && pattern[patternIndex] == star {
                starPattern = patternIndex
                starName = nameIndex
                patternIndex += 1
            } else if patternIndex < pattern.count && pattern[patternIndex] == question {
                patternIndex += 1
                nameIndex = characterEnd(name, from: nameIndex)
            } else if patternIndex < pattern.count && pattern[patternIndex] == name[nameIndex] {
                patternIndex += 1
                nameIndex += 1
            } else if starPattern >= 0 {
                patternIndex = starPattern + 1
                starName = characterEnd(name, from: starName)
                nameIndex = starName
            } else {
                return false
            }
        }
        while patternIndex < pattern.count && pattern[patternIndex] == star { patternIndex += 1 }
        return patternIndex == pattern.count
    }

    /// The offset after the UTF-8 character starting at `index` (always moves forward).
    private static func characterEnd(_ bytes: [UInt8], from index: Int) -> Int {
        var next = index + 1
        while next < bytes.count && bytes[next] & 0xC0 == 0x80 { next += 1 }
        return next
    }
}

/// The config's `include` and `exclude` lists, applied to paths relative to the config's folder.
public struct PathFilter: Sendable, Equatable {
    public var include: [GlobPattern]
    public var exclude: [GlobPattern]

    public init(include: [GlobPattern] = [], exclude: [GlobPattern] = []) {
        self.include = include
        self.exclude = exclude
    }

    /// An empty `include` list includes everything; `exclude` wins over `include`.
    public func admits(_ relativePath: String) -> Bool {
        if !include.isEmpty && !include.contains(where: { $0.matches(relativePath) }) { return false }
        return !exclude.contains { $0.matches(relativePath) }
    }

    public var isEmpty: Bool { include.isEmpty && exclude.isEmpty }
}
