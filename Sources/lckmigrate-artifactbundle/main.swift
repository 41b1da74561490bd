// lckmigrate-artifactbundle: builds `lckmigrate.artifactbundle`, the prebuilt binary SwiftPM plugins can use
// instead of compiling lckmigrate in every client, as SwiftLint ships its plugins.
//
//   swift run lckmigrate-artifactbundle --output DIR [--binary PATH] [--force]
//
// Run from this checkout's root. Builds `lckmigrate` for release (Linux: `--static-swift-stdlib`, so it runs
// without the toolchain; macOS: arm64 and x86_64 in one binary) unless --binary names one already built, then
// writes DIR as a plugin package: DIR/lckmigrate.artifactbundle (info.json and the binary), and DIR/Package.swift
// declaring this checkout's plugins on top of it, their sources copied. A client depends on DIR by path (or on
// DIR published as a repository). DIR is written beside itself first and moved into place, so a failure leaves
// nothing half-written; an existing DIR is replaced only with --force, and only if this tool wrote it.
import Foundation

do {
    let request = try BundleRequest(arguments: Array(CommandLine.arguments.dropFirst()))
    let root = FileManager.default.currentDirectoryPath
    let written = try ArtifactBundleWriter(packageRoot: root).write(request)
    print(
        "lckmigrate-artifactbundle: wrote \(written.output) (lckmigrate \(written.version), \(written.triples.joined(separator: ", ")))"
    )
} catch let error as BundleError {
    FileHandle.standardError.write(Data("lckmigrate-artifactbundle: error: \(error.description)\n".utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("lckmigrate-artifactbundle: error: \(error)\n".utf8))
    exit(2)
}
