import Foundation
import LCKTestSupport
import Testing

/// Renders the HTML report of Samples/ in headless Chromium (CI installs Debian's `chromium`):
/// the page must produce no console output and a screenshot that is not blank.
@Suite(.serialized) struct ReportRenderTests {
    static let window = (width: 1280, height: 2000)

    struct Render {
        var screenshot: [UInt8]
        var consoleLines: [String]
    }

    /// Screenshots `page` with logging on; console messages appear in stderr as `:CONSOLE` lines.
    static func render(_ page: String, chromium: String, scratch: TemporaryTree) throws -> Render {
        let shot = scratch.root + "/shot-\(UUID().uuidString).png"
        let log = scratch.root + "/chromium-\(UUID().uuidString).log"
        try HeadlessChromium.run(
            chromium,
            arguments: [
                "--enable-logging=stderr", "--v=0", "--window-size=\(window.width),\(window.height)",
                "--screenshot=\(shot)", URL(fileURLWithPath: page).absoluteString,
            ], profile: scratch.root + "/profile", output: log, keepsErrors: true)
        let output = try String(contentsOfFile: log, encoding: .utf8)
        let bytes = FileManager.default.contents(atPath: shot).map { [UInt8]($0) } ?? []
        try #require(!bytes.isEmpty, "Chromium wrote no screenshot; its log:\n\(output.suffix(2000))")
        return Render(
            screenshot: bytes,
            consoleLines: output.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init))
    }

    /// Width and height from the PNG's IHDR chunk (no decompression needed).
    static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count > 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            return nil
        }
        func int(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    @Test(.enabled(if: ExternalTool.chromium.shouldRun, Comment(rawValue: ExternalTool.chromium.missingMessage)))
    func samplesReportRendersWithoutConsoleErrorsAndIsNotBlank() throws {
        let chromium = try #require(
            ExternalTool.chromium.location, Comment(rawValue: ExternalTool.chromium.missingMessage))
        let scratch = try TemporaryTree()
        let report = scratch.root + "/samples.html"
        let result = try CLI.run(["report", "Samples", "--output", report, "--quiet"], in: PackageRoot.path)
        try #require(result.status == 0, "report failed: \(result.standardError)")

        // Calibration: a page with an error must be caught, and a blank page gives the size floor.
        try scratch.file(
            "broken.html", "<!DOCTYPE html><html><body><script>console.error('x'); missing();</script></body></html>")
        let broken = try Self.render(scratch.root + "/broken.html", chromium: chromium, scratch: scratch)
        #expect(broken.consoleLines.count == 2, "the console check does not see console errors: \(broken.consoleLines)")
        try scratch.file("blank.html", "<!DOCTYPE html><html><body></body></html>")
        let blank = try Self.render(scratch.root + "/blank.html", chromium: chromium, scratch: scratch)

        let rendered = try Self.render(report, chromium: chromium, scratch: scratch)
        #expect(rendered.consoleLines.isEmpty, "console output: \(rendered.consoleLines)")
        let size = try #require(Self.pngSize(rendered.screenshot), "the screenshot is not a PNG")
        #expect(size.width == Self.window.width && size.height == Self.window.height)
        // A uniform page compresses to almost nothing; text, tables and charts do not.
        #expect(
            rendered.screenshot.count > 10 * blank.screenshot.count,
            "screenshot \(rendered.screenshot.count) bytes vs blank \(blank.screenshot.count) bytes: looks blank")
        if let keep = ProcessInfo.processInfo.environment["LCKMIGRATE_KEEP_SCREENSHOT"] {
            try Data(rendered.screenshot).write(to: URL(fileURLWithPath: keep))
        }
    }
}
