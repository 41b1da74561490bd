import LCKCore

/// Builds every help text from the commands' static metadata, so help never disagrees with parsing.
enum HelpGenerator {
    static let rootUsageLine = "\(ToolName.name) <command> [options]"

    static func rootHelp() -> String {
        var text = """
            \(ToolName.name) \(ToolInfo.version): finds CallKit and PushKit (VoIP) usage in Swift code and maps it \
            to LiveCommunicationKit.

            Usage: \(rootUsageLine)

            Commands:

            """
        text += table(RootCommand.commands.map { ($0.name, $0.abstract) })
        text += "\nOptions:\n"
        text += table([("-h, --help", "Show this help."), ("--version", "Print the version.")])
        text += "\nRun '\(ToolName.name) help <command>' for the options of a command.\n"
        return text
    }

    static func help(for command: any Command.Type) -> String {
        var text = "Usage: \(command.usageLine)\n\n\(command.abstract)\n"
        if !command.discussion.isEmpty { text += "\n\(command.discussion)\n" }
        text += "\nOptions:\n"
        text += table((command.optionSpecs + [.help]).map { ($0.synopsis, $0.help) })
        return text
    }

    /// Help lines wrap at this many columns, so they read well in an 80- or 100-column terminal.
    static let lineWidth = 100

    /// Two columns: names padded to the widest one, two spaces of indent, descriptions word-wrapped.
    private static func table(_ rows: [(String, String)]) -> String {
        let width = rows.map { $0.0.count }.max() ?? 0
        let indent = String(repeating: " ", count: width + 4)
        return rows.map { name, description in
            var lines: [String] = []
            var line = ""
            for word in description.split(separator: " ") {
                if !line.isEmpty && indent.count + line.count + 1 + word.count > lineWidth {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            lines.append(line)
            let first = "  " + name + String(repeating: " ", count: width - name.count + 2) + lines[0] + "\n"
            return first + lines.dropFirst().map { indent + $0 + "\n" }.joined()
        }.joined()
    }
}
