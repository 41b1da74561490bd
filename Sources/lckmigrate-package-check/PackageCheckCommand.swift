import Foundation

/// The command line: `lckmigrate-package-check [--root DIR] DUMP.json`. Exit status 0 when the package is
/// in shape, 1 when a check found problems, 2 on a usage error or an unreadable input.
enum PackageCheckCommand {
    static let usage = """
        usage: lckmigrate-package-check [--root DIR] DUMP.json
          DUMP.json   the output of `swift package dump-package` (`-` reads standard input)
          --root DIR  the package root that target paths are relative to (default: the current directory)
        Checks that every import is a declared dependency, that no file is over \(PackageCheck.maximumFileLines) \
        lines and no function over \(PackageCheck.maximumFunctionLines) (generated files with their generator \
        excepted).
        """

    /// What the command printed and its exit status.
    struct Outcome: Equatable {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    static func run(
        _ arguments: [String], readStandardInput: () -> Data = { FileHandle.standardInput.readDataToEndOfFile() }
    ) -> Outcome {
        if arguments.contains("--help") || arguments.contains("-h") {
            return Outcome(status: 0, standardOutput: usage + "\n", standardError: "")
        }
        do {
            let (dumpPath, root) = try parse(arguments)
            let data = dumpPath == "-" ? readStandardInput() : FileManager.default.contents(atPath: dumpPath)
            guard let data else { throw PackageCheckError.unreadable(path: dumpPath) }
            let manifest = try PackageManifest(dumpJSON: [UInt8](data))
            let result = try PackageCheck(manifest: manifest, root: root).run()
            let lines = result.problems.map(\.description) + [result.summary]
            return Outcome(
                status: result.problems.isEmpty ? 0 : 1, standardOutput: lines.joined(separator: "\n") + "\n",
                standardError: "")
        } catch let error as PackageCheckError {
            let hint = if case .usage = error { "\n" + usage } else { "" }
            return Outcome(status: 2, standardOutput: "", standardError: "error: \(error)\(hint)\n")
        } catch {
            return Outcome(status: 2, standardOutput: "", standardError: "error: \(error)\n")
        }
    }

    private static func parse(_ arguments: [String]) throws(PackageCheckError) -> (dump: String, root: String) {
        var root = FileManager.default.currentDirectoryPath
        var dump: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--root" {
                guard index + 1 < arguments.count else { throw .usage("--root needs a directory") }
                root = arguments[index + 1]
                index += 2
                continue
            }
            guard argument == "-" || !argument.hasPrefix("-") else { throw .usage("unknown option \(argument)") }
            guard dump == nil else { throw .usage("one package description only, got \(argument) too") }
            dump = argument
            index += 1
        }
        guard let dump else { throw .usage("missing the `swift package dump-package` output file") }
        return (dump, root)
    }
}
