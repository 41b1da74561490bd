import Foundation

/// The binary this machine's toolchain can build, and the target triples SwiftPM matches it with.
struct BundleVariant: Equatable {
    /// The system and architecture part of the binary's folder, e.g. `linux-x86_64`.
    var platform: String
    /// `supportedTriples` of info.json.
    var triples: [String]
    /// The `swift build` arguments, after `-c release --product lckmigrate`, that make it.
    var buildArguments: [String]

    /// Linux: the machine's architecture, the Swift runtime linked in (`--static-swift-stdlib`), so the binary
    /// needs only the C library. macOS: one binary for both architectures. Other systems build no bundle.
    static func host() throws -> BundleVariant {
        #if os(Linux)
        var system = utsname()
        uname(&system)
        let machine = withUnsafeBytes(of: &system.machine) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return try linux(machine: machine)
        #elseif os(macOS)
        return BundleVariant(
            platform: "macos", triples: ["arm64-apple-macosx", "x86_64-apple-macosx"],
            buildArguments: ["--arch", "arm64", "--arch", "x86_64"])
        #else
        throw BundleError.failed("this system builds no artifact bundle variant (Linux and macOS do)")
        #endif
    }

    static func linux(machine: String) throws -> BundleVariant {
        let architecture: String
        switch machine {
        case "x86_64", "amd64": architecture = "x86_64"
        case "aarch64", "arm64": architecture = "aarch64"
        default: throw BundleError.failed("no Linux triple known for the architecture '\(machine)'")
        }
        return BundleVariant(
            platform: "linux-\(architecture)",
            triples: ["\(architecture)-unknown-linux-gnu"], buildArguments: ["--static-swift-stdlib"])
    }

    /// The binary's path inside the bundle, e.g. `lckmigrate-0.1.0-linux-x86_64/bin/lckmigrate`.
    func binaryPath(version: String) -> String { "lckmigrate-\(version)-\(platform)/bin/lckmigrate" }
}
