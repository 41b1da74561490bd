import Foundation

/// A deterministic tree of ordinary app code with CallKit/PushKit code mixed in at a few percent,
/// shaped like a monorepo: modules, feature folders, files of 200-400 lines.
///
/// Same seed and line count, same bytes: the corpus is written once under /tmp and reused.
struct ScanCorpus {
    /// The seed both `scan` and `rules` use unless told otherwise, so they share one corpus on disk.
    static let defaultSeed: UInt64 = 0x5CA1_AB1E

    let lines: Int
    let seed: UInt64
    /// No file imports or names CallKit or PushKit: the tree of a monorepo's other teams, which the
    /// prefilter must pass over at about the cost of reading it.
    var callKitFree = false
    /// Bumped whenever the generator's output changes, so stale corpora are regenerated.
    static let generatorVersion = 1

    var directory: String {
        "/tmp/lckmigrate-bench/scan-\(lines)-\(seed)\(callKitFree ? "-free" : "")-v\(Self.generatorVersion)"
    }

    struct Summary {
        var files: Int
        var lines: Int
        var bytes: Int
    }

    /// The size of an existing tree's `.swift` files (lines as `wc -l` counts them).
    static func summarize(_ directory: String) throws -> Summary {
        guard let walker = FileManager.default.enumerator(atPath: directory) else {
            throw BenchError.usage("cannot read \(directory)")
        }
        var summary = Summary(files: 0, lines: 0, bytes: 0)
        while let path = walker.nextObject() as? String {
            guard path.hasSuffix(".swift"), let data = FileManager.default.contents(atPath: directory + "/" + path)
            else { continue }
            summary.files += 1
            summary.bytes += data.count
            summary.lines += data.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
        return summary
    }

    /// Writes the corpus unless a complete one is already there; returns its size.
    func materialize() throws -> Summary {
        let stamp = directory + "/.complete"
        if let text = try? String(contentsOfFile: stamp, encoding: .utf8) {
            let parts = text.split(separator: " ").compactMap { Int($0) }
            if parts.count == 3 { return Summary(files: parts[0], lines: parts[1], bytes: parts[2]) }
        }
        try? FileManager.default.removeItem(atPath: directory)
        var writer = SwiftFileWriter(seed: seed, callKitFree: callKitFree)
        var summary = Summary(files: 0, lines: 0, bytes: 0)
        while summary.lines < lines {
            let module = summary.files / 40
            let feature = summary.files / 8 % 5
            let folder = "\(directory)/Modules/Module\(module)/Sources/Feature\(feature)"
            if summary.files % 8 == 0 {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            let target = 200 + writer.random.below(201)
            let (bytes, lineCount) = writer.file(lines: min(target, max(20, lines - summary.lines)))
            try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/File\(summary.files).swift"))
            summary.files += 1
            summary.lines += lineCount
            summary.bytes += bytes.count
        }
        try "\(summary.files) \(summary.lines) \(summary.bytes)".write(toFile: stamp, atomically: true, encoding: .utf8)
        return summary
    }
}

/// Emits one Swift file line by line, counting lines as it goes.
struct SwiftFileWriter {
    var random: SplitMix64
    private var out: [UInt8] = []
    private var lineCount = 0
    private let callKitFree: Bool

    init(seed: UInt64, callKitFree: Bool = false) {
        random = SplitMix64(seed: seed)
        self.callKitFree = callKitFree
    }

    private static let words = [
        "account", "profile", "message", "thread", "session", "cache", "request", "photo",
        "contact", "settings", "feed", "avatar", "badge", "draft", "upload", "timeline",
        "payment", "order", "cart", "route", "map", "token", "größe", "naïve", "item",
    ]
    private static let types = [
        "String", "Int", "Double", "Bool", "URL", "Date", "UUID", "Data", "[String]",
        "[Int: String]", "Set<UUID>", "Result<Data, Error>", "String?", "CGFloat",
    ]
    private static let numbers = [
        "0", "1", "42", "1_000", "0xFF", "0o17", "0b1010", "3.5", "1e-3", "0x1p4", "2_500.75",
    ]
    private static let handleKinds = [".phoneNumber", ".emailAddress", ".generic"]
    private static let actions = [
        "CXAnswerCallAction", "CXEndCallAction", "CXSetHeldCallAction",
        "CXSetMutedCallAction", "CXStartCallAction", "CXPlayDTMFCallAction",
    ]

    private mutating func line(_ text: String) {
        out.append(contentsOf: text.utf8)
        out.append(0x0A)
        lineCount += 1
    }

    private mutating func word() -> String { random.pick(Self.words) }
    private mutating func name() -> String {
        let second = word()
        return word() + second.prefix(1).uppercased() + second.dropFirst()
    }
    private mutating func typeName() -> String {
        let base = word()
        return base.prefix(1).uppercased() + base.dropFirst()
            + random.pick(["Store", "Service", "ViewModel", "Client", "Cell"])
    }
    private mutating func value() -> String {
        switch random.below(9) {
        case 0: return random.pick(Self.numbers)
        case 1: return "\"\(word()) \\(\(name()).count)\""
        case 2: return "\(name())?.\(name()) ?? \(random.pick(Self.numbers))"
        case 3: return "#\"\\d+ \(word()) \\#(\(name()))\"#"
        case 4: return "\(name()).map { $0.\(name()) }.filter { !$0.isEmpty }"
        case 5: return "try await \(name())(for: \(name()), limit: \(random.pick(Self.numbers)))"
        case 6: return "\(name()) as? \(random.pick(Self.types))"
        case 7: return "[\(random.pick(Self.numbers)), \(random.pick(Self.numbers))].reduce(0, +)"
        default: return "\(name()).\(name())(\(name()): \(name()))"
        }
    }

    private mutating func statement(_ indent: String) {
        switch random.below(11) {
        case 0: line("\(indent)let \(name()) = \(value())")
        case 1: line("\(indent)var \(name()): \(random.pick(Self.types)) = \(value())")
        case 2:
            line("\(indent)guard let \(name()) = \(value()) else {")
            line("\(indent)    logger.debug(\"missing \(word())\")")
            line("\(indent)    return")
            line("\(indent)}")
        case 3:
            line("\(indent)for \(name()) in \(name()) where \(name()).isEnabled {")
            line("\(indent)    \(name()).append(\(value()))")
            line("\(indent)}")
        case 4:
            line("\(indent)// TODO: move \(word()) handling into the \(typeName()) (see #\(random.below(900) + 100)).")
        case 5:
            line("\(indent)if \(name()) > \(random.pick(Self.numbers)) && !\(name()) {")
            line("\(indent)    \(name()) = \(value())")
            line("\(indent)} else if let \(name()) {")
            line("\(indent)    print(\"\\(\(name()))\")")
            line("\(indent)}")
        case 6:
            line("\(indent)switch \(name()) {")
            line("\(indent)case .\(word()), .\(word())(let value) where value > 0: break")
            line("\(indent)default: \(name()) = nil")
            line("\(indent)}")
        case 7:
            line("\(indent)let text = \"\"\"")
            line("\(indent)    \(word().capitalized) for \\(\(name())) /* not a comment */")
            line("\(indent)    \"\"\"")
        case 8:
            line("\(indent)Task { @MainActor [weak self] in")
            line("\(indent)    guard let self else { return }")
            line("\(indent)    self.\(name()) = \(value())")
            line("\(indent)}")
        case 9: line("\(indent)let pattern = /(?<\(word())>[a-z]+)-\\d{2,4}/")
        default: line("\(indent)\(name()) += \(random.pick(Self.numbers)) /* \(word()) */")
        }
    }

    private mutating func function(_ indent: String) {
        let isAsync = random.chance(30)
        line("\(indent)/// Loads the \(word()) for the \(word()) screen.")
        line(
            "\(indent)\(random.chance(20) ? "@discardableResult " : "")func \(name())(_ \(name()): \(random.pick(Self.types)))\(isAsync ? " async throws" : "") -> \(random.pick(Self.types)) {"
        )
        for _ in 0..<(3 + random.below(7)) { statement(indent + "    ") }
        line("\(indent)    return \(value())")
        line("\(indent)}")
        line("")
    }

    private mutating func appDeclaration() {
        switch random.below(6) {
        case 0:
            line("@MainActor")
            line("final class \(typeName()): ObservableObject {")
            line("    @Published private(set) var \(name()): [\(random.pick(Self.types))] = []")
            line("    private let \(name()): \(typeName())")
            line("")
            for _ in 0..<(2 + random.below(3)) { function("    ") }
            line("}")
        case 1:
            line("struct \(typeName()): Codable, Hashable, Sendable {")
            for _ in 0..<(3 + random.below(6)) { line("    var \(name()): \(random.pick(Self.types))") }
            line("")
            line("    enum CodingKeys: String, CodingKey {")
            line("        case \(name()) = \"\(word())_id\", \(name())")
            line("    }")
            line("}")
        case 2:
            line("extension \(typeName()) {")
            for _ in 0..<(1 + random.below(3)) { function("    ") }
            line("}")
        case 3:
            line("#if DEBUG")
            line("private let \(name())Preview = \(typeName())(\(name()): .mock)")
            line("#elseif targetEnvironment(simulator)")
            line("private let \(name())Preview = \(value())")
            line("#endif")
        case 4:
            line("protocol \(typeName())Providing: AnyObject {")
            for _ in 0..<(2 + random.below(3)) {
                line("    func \(name())(_ value: \(random.pick(Self.types))) async throws -> Bool")
            }
            line("}")
        default:
            function("")
        }
        line("")
    }

    /// One of several CallKit/PushKit shapes, as real VoIP apps write them.
    private mutating func callKitDeclaration() {
        switch random.below(5) {
        case 0:
            line("final class \(typeName())CallDelegate: NSObject, CXProviderDelegate {")
            line("    private let provider: CXProvider")
            line("    init(configuration: CXProviderConfiguration) {")
            line("        provider = CXProvider(configuration: configuration)")
            line("        super.init()")
            line("        provider.setDelegate(self, queue: nil)")
            line("    }")
            line("    func providerDidReset(_ provider: CXProvider) { calls.removeAll() }")
            line("    func provider(_ provider: CXProvider, perform action: \(random.pick(Self.actions))) {")
            for _ in 0..<(1 + random.below(3)) { statement("        ") }
            line("        action.fulfill()")
            line("    }")
            line("}")
        case 1:
            line("extension \(typeName()): PKPushRegistryDelegate {")
            line("    func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload,")
            line("                      for type: PKPushType, completion: @escaping () -> Void) {")
            line("        let update = CXCallUpdate()")
            line(
                "        update.remoteHandle = CXHandle(type: \(random.pick(Self.handleKinds)), value: payload.dictionaryPayload[\"caller\"] as? String ?? \"\")"
            )
            line("        update.hasVideo = \(random.chance(50))")
            line("        provider.reportNewIncomingCall(with: UUID(), update: update) { error in")
            line("            if let error { logger.error(\"report failed: \\(error)\") }")
            line("            completion()")
            line("        }")
            line("    }")
            line("}")
        case 2:
            line("func startCall(to \(name()): String) {")
            line("    let handle = CXHandle(type: \(random.pick(Self.handleKinds)), value: \(name()))")
            line("    let action = CXStartCallAction(call: UUID(), handle: handle)")
            line("    callController.request(CXTransaction(action: action)) { error in")
            line("        if let error { print(\"start failed: \\(error.localizedDescription)\") }")
            line("    }")
            line("}")
        case 3:
            line("let callConfiguration: CXProviderConfiguration = {")
            line("    let configuration = CXProviderConfiguration()")
            line("    configuration.supportsVideo = true")
            line("    configuration.maximumCallsPerCallGroup = \(1 + random.below(3))")
            line("    configuration.supportedHandleTypes = [\(random.pick(Self.handleKinds))]")
            line("    return configuration")
            line("}()")
        default:
            line("func registerForVoIPPushes() {")
            line("    let registry = PKPushRegistry(queue: .main)")
            line("    registry.delegate = self")
            line("    registry.desiredPushTypes = [.voIP]")
            line("}")
        }
        line("")
    }

    /// A file of about `lines` lines; CallKit files (1 in 8) still consist mostly of app code.
    mutating func file(lines target: Int) -> (bytes: [UInt8], lines: Int) {
        out.removeAll(keepingCapacity: true)
        lineCount = 0
        // Drawn either way, so a CallKit-free corpus has the same app code as the mixed one.
        let usesCallKit = random.below(8) == 0 && !callKitFree
        line("// Copyright © 2026 Example Corp. All rights reserved.")
        line("import Foundation")
        line("import SwiftUI")
        if usesCallKit {
            line("import CallKit")
            line("import PushKit")
        }
        line("")
        while lineCount < target {
            if usesCallKit && random.chance(30) { callKitDeclaration() } else { appDeclaration() }
        }
        return (out, lineCount)
    }
}
