import Foundation

/// Runs headless Chromium for the report render and layout tests, with its output in a file and a hang guard.
public enum HeadlessChromium {
    /// Runs `chromium` headless with its profile in `profile` and `arguments` after the common flags; its
    /// stdout (and stderr when `keepsErrors`) goes to `output`. A run still going after 120 s is stopped:
    /// a hang guard, not a timing assertion.
    public static func run(
        _ chromium: String, arguments: [String], profile: String, output: String, keepsErrors: Bool = false
    ) throws {
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                "--user-data-dir=\(profile)",
            ] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = keepsErrors ? handle : FileHandle.nullDevice
        try process.run()
        var polls = 0
        while process.isRunning && polls < 2400 {
            usleep(50_000)
            polls += 1
        }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
