import LCKCore
import LCKMigrateKit

/// The user asked for something the command cannot parse: message, short usage, exit 2.
struct UsageError: Error {
    var message: String
    /// The command whose usage line is printed; nil for the root.
    var command: (any Command.Type)?

    init(_ message: String, command: (any Command.Type)? = nil) {
        self.message = message
        self.command = command
    }
}

/// A successful early exit: help or version text on stdout, exit 0.
enum CleanExit: Error {
    case help((any Command.Type)?)
    case message(String)
}

/// The one place errors become text and an exit code.
enum ErrorPresentation {
    struct Outcome {
        var standardOutput = ""
        var standardError = ""
        var status: ExitStatus
    }

    static func present(_ error: any Error) -> Outcome {
        switch error {
        case let clean as CleanExit:
            switch clean {
            case .help(let command):
                return Outcome(
                    standardOutput: command.map(HelpGenerator.help(for:)) ?? HelpGenerator.rootHelp(), status: .success)
            case .message(let text):
                return Outcome(standardOutput: text, status: .success)
            }
        case let usage as UsageError:
            let usageLine = usage.command.map { $0.usageLine } ?? HelpGenerator.rootUsageLine
            let helpHint = usage.command.map { "\(ToolName.name) \($0.name) --help" } ?? "\(ToolName.name) --help"
            return Outcome(
                standardError: VisibleText.line("\(ToolName.name): error: \(usage.message)")
                    + "Usage: \(usageLine)\nSee '\(helpHint)'.\n",
                status: .failure
            )
        case let status as ExitStatus:
            return Outcome(status: status)
        case let problem as FileProblemError:
            return Outcome(standardError: errorLine(problem.problem.path, problem.problem.message), status: .failure)
        default:
            return Outcome(standardError: VisibleText.line("\(ToolName.name): error: \(error)"), status: .failure)
        }
    }

    /// `lckmigrate: error: PATH: MESSAGE`, the shape of every file error, control characters escaped.
    static func errorLine(_ path: String, _ message: String) -> String {
        VisibleText.line("\(ToolName.name): error: \(path): \(message)")
    }
}

extension ScanError {
    /// The CLI's error for a failed scan: a file problem, or a usage error that shows `command`'s usage.
    func presented(by command: any Command.Type) -> any Error {
        switch self {
        case .file(let problem): FileProblemError(problem)
        case .invalidSettings(let message): UsageError(message, command: command)
        }
    }
}
