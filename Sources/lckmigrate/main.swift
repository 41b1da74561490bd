import FoundationEssentials
import LCKMigrateKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

Console.guardClosedDescriptors()
InterruptCleanup.installHandlers()
let context = CommandContext(
    console: .standard, currentDirectory: ScanDefaults.currentDirectory,
    environment: ProcessInfo.processInfo.environment)
exit(RootCommand.main(Array(CommandLine.arguments.dropFirst()), context: context))
