import Foundation

/// A program or file some tests need that the Swift toolchain does not ship (Chromium, Python's
/// jsonschema, the official SARIF schema).
///
/// On a fresh clone such a test is skipped and says why (its `.enabled(if: tool.shouldRun, …)` trait); `.ci/run`
/// sets `LCKMIGRATE_REQUIRE_EXTERNAL=1`, under which the test runs anyway and fails on the missing tool, so CI can
/// never pass by skipping. `LCKMIGRATE_HIDE_EXTERNAL=1` makes every tool missing, as on a machine with only the
/// toolchain, so CI also proves that such a machine's `swift test` passes with those tests skipped.
public struct ExternalTool: Sendable {
    /// What the tool is, as a skip or failure message names it.
    public let name: String
    /// How to get it, appended to those messages.
    public let installHint: String
    /// Where it was found: an executable or file path, or `"available"` for a module; nil when missing.
    public let location: String?

    public init(name: String, installHint: String, location: String?) {
        self.name = name
        self.installHint = installHint
        self.location = location
    }

    /// Set by `.ci/run`: a missing tool is a failure, not a skip.
    public static var isRequired: Bool {
        ProcessInfo.processInfo.environment["LCKMIGRATE_REQUIRE_EXTERNAL"] == "1"
    }

    /// Set by `.ci/run`'s fresh-machine step: every tool here is reported missing and `ExternalCommand` starts
    /// none, so a test that calls one without its `.enabled(if:)` trait fails there instead of on a user's machine.
    public static var isHidden: Bool {
        ProcessInfo.processInfo.environment["LCKMIGRATE_HIDE_EXTERNAL"] == "1"
    }

    /// The one place tests look for an outside program: `override` when set (and executable), else the first
    /// of `names` on PATH; nil when none is there or tools are hidden.
    public static func locate(_ names: [String], override: String? = nil) -> String? {
        if isHidden { return nil }
        let files = FileManager.default
        if let override { return files.isExecutableFile(atPath: override) ? override : nil }
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return names.lazy.flatMap { name in directories.lazy.map { "\($0)/\(name)" } }
            .first { files.isExecutableFile(atPath: $0) }
    }

    /// Whether a test that needs this tool should run: it is there, or CI requires it (and the test fails).
    public var shouldRun: Bool { location != nil || Self.isRequired }

    /// The reason shown when the test is skipped, and the failure message when CI requires the tool.
    public var missingMessage: String {
        "\(name) not found: \(installHint) (LCKMIGRATE_REQUIRE_EXTERNAL=1 turns this skip into a failure)"
    }

    /// Headless Chromium: `LCKMIGRATE_CHROMIUM` when it names an executable, else the first of
    /// chromium, chromium-browser, google-chrome on PATH.
    public static let chromium = ExternalTool(
        name: "Chromium", installHint: "`apt-get install chromium`, or set LCKMIGRATE_CHROMIUM",
        location: locate(
            ["chromium", "chromium-browser", "google-chrome"],
            override: ProcessInfo.processInfo.environment["LCKMIGRATE_CHROMIUM"]))

    /// A program on PATH (`git`, `zsh`, `fish`), for tests that run it.
    public static func program(_ name: String, installHint: String) -> ExternalTool {
        ExternalTool(name: name, installHint: installHint, location: locate([name]))
    }

    public static let git = program("git", installHint: "`apt-get install git`")
    public static let bash = program("bash", installHint: "`apt-get install bash`")
    public static let zsh = program("zsh", installHint: "`apt-get install zsh`")
    public static let fish = program("fish", installHint: "`apt-get install fish`")

    /// `python3` able to `import jsonschema`.
    public static let pythonJSONSchema: ExternalTool = {
        let available = ExternalCommand.run(["python3", "-c", "import jsonschema"]).status == 0
        return ExternalTool(
            name: "python3 with jsonschema", installHint: "`pip install jsonschema`",
            location: available ? "available" : nil)
    }()

    /// The official SARIF 2.1.0 schema, named by `LCKMIGRATE_SARIF_SCHEMA`. Tests never look for it on their
    /// own (a fresh clone has no workspace around it); `.ci/run` finds the workspace's copy and sets the
    /// variable.
    public static let sarifSchema: ExternalTool = {
        let path = isHidden ? nil : ProcessInfo.processInfo.environment["LCKMIGRATE_SARIF_SCHEMA"]
        return ExternalTool(
            name: "the SARIF 2.1.0 schema",
            installHint: "set LCKMIGRATE_SARIF_SCHEMA to a copy of sarif-schema-2.1.0.json",
            location: path.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil })
    }()
}

/// Runs a program found on PATH, for tests that call outside tools.
public enum ExternalCommand {
    /// Runs `arguments` through `/usr/bin/env`, returning the exit status and combined output. With tools
    /// hidden (`ExternalTool.isHidden`) nothing starts: status 127, as where the program is not installed.
    public static func run(_ arguments: [String]) -> (status: Int32, output: String) {
        if ExternalTool.isHidden {
            return (127, "\(arguments.first ?? "") not started: LCKMIGRATE_HIDE_EXTERNAL=1 hides outside tools")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            return (127, "could not start \(arguments.first ?? ""): \(error)")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
