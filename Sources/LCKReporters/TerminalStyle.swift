import LCKCore

/// When to colour: `--color auto|always|never`.
public enum ColorChoice: String, Sendable, CaseIterable {
    case auto
    case always
    case never

    /// Whether output to a stream colours: an explicit `always`/`never` wins; `auto` colours a terminal,
    /// unless `NO_COLOR` is set to anything non-empty, and colours anything when `CLICOLOR_FORCE` is set
    /// to something other than empty or `0` (see https://no-color.org and the `CLICOLOR` convention).
    public func colours(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return true }
            return isTerminal
        }
    }
}

/// The one place ANSI colour lives: reporters and the CLI ask it to wrap a part of a line (severity, rule
/// id, path), and `plain` returns the text unchanged, so piped output keeps today's bytes.
///
/// Callers escape control characters (`VisibleText`) before wrapping: a colour sequence must come from
/// here, never from a scanned file's name.
public struct TerminalStyle: Sendable, Equatable {
    public var isColored: Bool

    public init(isColored: Bool) {
        self.isColored = isColored
    }

    /// No escape sequences at all: files, pipes, `--color never`.
    public static let plain = TerminalStyle(isColored: false)
    public static let colored = TerminalStyle(isColored: true)

    /// The style `choice` gives a stream, for `ColorChoice.colours(isTerminal:environment:)`.
    public init(_ choice: ColorChoice, isTerminal: Bool, environment: [String: String]) {
        self.init(isColored: choice.colours(isTerminal: isTerminal, environment: environment))
    }

    /// Errors bold red, warnings bold yellow, notes bold cyan, as compilers show them.
    public func severity(_ severity: Severity, _ text: String) -> String {
        switch severity {
        case .error: wrap(text, "1;31")
        case .warning: wrap(text, "1;33")
        case .note: wrap(text, "1;36")
        }
    }

    /// A file location (`path:line:column`) in bold.
    public func path(_ text: String) -> String { wrap(text, "1") }

    /// A rule id in magenta, so it stands apart from the message.
    public func ruleID(_ text: String) -> String { wrap(text, "35") }

    /// A count that needs attention, in its severity's colour when non-zero.
    public func count(_ text: String, _ severity: Severity, _ number: Int) -> String {
        number > 0 ? self.severity(severity, text) : text
    }

    private func wrap(_ text: String, _ code: String) -> String {
        isColored && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
