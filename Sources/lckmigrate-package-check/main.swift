// Checks the package's shape: declared imports, file and function lengths. See PackageCheckCommand.
// Usage (from the package root, as .ci/run does):
//   swift package dump-package > package.json && swift run lckmigrate-package-check package.json
import Foundation

let outcome = PackageCheckCommand.run(Array(CommandLine.arguments.dropFirst()))
FileHandle.standardOutput.write(Data(outcome.standardOutput.utf8))
FileHandle.standardError.write(Data(outcome.standardError.utf8))
exit(outcome.status)
