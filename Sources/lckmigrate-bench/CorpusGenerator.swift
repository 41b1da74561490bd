/// A small deterministic PRNG (SplitMix64), so every run generates the same corpus.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

/// Generates realistic Swift source covering every lexical construct the lexer handles:
/// declarations, generics, attributes, closures, operators, all number forms, plain, raw,
/// multi-line and interpolated strings, regex literals, comments, directives and Unicode names.
struct CorpusGenerator {
    private var random: SplitMix64
    private var out: [UInt8] = []

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    private static let nouns = [
        "call", "provider", "session", "update", "handle", "controller", "action",
        "configuration", "token", "payload", "registry", "audio", "video", "uuid",
        "transaction", "observer", "delegate", "queue", "state", "error", "résumé", "größe",
    ]
    private static let types = [
        "CXProvider", "CXCallUpdate", "CXHandle", "CXCallController", "PKPushRegistry",
        "PKPushPayload", "UUID", "String", "Int", "Double", "Bool", "URL", "Date",
        "[String: Any]", "Result<Int, Error>", "Set<UUID>", "Array<Array<Int>>", "Data?",
    ]
    private static let numbers = [
        "0", "1", "42", "1_000_000", "0xFF", "0x1p-3", "0o755", "0b1010_0101", "3.14159",
        "1e10", "2.5E-3", "0x1.8p4", "10_000.000_1",
    ]

    private mutating func emit(_ text: String) { out.append(contentsOf: text.utf8) }

    private mutating func name() -> String {
        let first = random.pick(Self.nouns)
        let second = random.pick(Self.nouns)
        return first + second.prefix(1).uppercased() + second.dropFirst()
            + (random.chance(20) ? "\(random.below(9))" : "")
    }

    private mutating func typeName() -> String {
        let base = random.pick(Self.nouns)
        return base.prefix(1).uppercased() + base.dropFirst() + random.pick(["Manager", "Service", "Handler", "Store"])
    }

    private mutating func expression(depth: Int = 0) -> String {
        switch random.below(depth > 1 ? 6 : 14) {
        case 0: return name()
        case 1: return random.pick(Self.numbers)
        case 2: return "\"\(name()) \\(\(name()).count) items\""
        case 3: return "\(name()).\(name())?.\(name())"
        case 4: return "\(name())!"
        case 5: return "self.\(name())"
        case 6:
            return
                "\(expression(depth: depth + 1)) \(random.pick(["+", "-", "*", "/", "==", "!=", "&&", "??", "..<", "<<", "&+"])) \(expression(depth: depth + 1))"
        case 7: return "\(name())(\(name()): \(expression(depth: depth + 1)), \(expression(depth: depth + 1)))"
        case 8: return "{ $0.\(name()) \(random.pick(["<", ">", "=="])) $1.\(name()) }"
        case 9: return "try? \(name())()"
        case 10: return "#\"raw \\#(\(name())) \"quoted\" \\d+\"#"
        case 11: return "#/(?<\(random.pick(["key", "value"]))>[a-z]+)\\s*=\\s*\\d{1,3}/#"
        case 12: return "\(name()).filter { !$0.isEmpty }.map(\\.\(name()))"
        default: return "[\(expression(depth: depth + 1)), \(expression(depth: depth + 1))]"
        }
    }

    private mutating func statement(indent: String) {
        switch random.below(12) {
        case 0: emit("\(indent)let \(name()) = \(expression())\n")
        case 1: emit("\(indent)var \(name()): \(random.pick(Self.types)) = \(expression())\n")
        case 2:
            emit(
                "\(indent)if let \(name()) = \(name()), \(name()) != nil {\n\(indent)    \(name())(\(expression()))\n\(indent)} else {\n\(indent)    return\n\(indent)}\n"
            )
        case 3:
            emit(
                "\(indent)guard let \(name()) = \(name()) as? \(random.pick(Self.types)) else { throw \(typeName())Error.invalid }\n"
            )
        case 4:
            emit(
                "\(indent)for (index, \(name())) in \(name()).enumerated() where index % 2 == 0 {\n\(indent)    print(\"\\(index): \\(\(name()))\")\n\(indent)}\n"
            )
        case 5: emit("\(indent)// \(name()) must be reported before the \(name()) (see CXProvider docs).\n")
        case 6:
            emit(
                "\(indent)let message = \"\"\"\n\(indent)    Incoming call from \\(\(name()).\(name()))\n\(indent)    duration: \\(String(format: \"%.2f\", \(name())))s \\\n\(indent)    done\n\(indent)    \"\"\"\n"
            )
        case 7:
            emit(
                "\(indent)switch \(name()) {\n\(indent)case .\(name()), .\(name())(let value) where value > 0:\n\(indent)    break\n\(indent)default:\n\(indent)    \(name()) = \(expression())\n\(indent)}\n"
            )
        case 8:
            emit(
                "\(indent)\(name()).\(name())(\(name()): \(expression())) { [weak self] \(name()), error in\n\(indent)    guard let self else { return }\n\(indent)    self.\(name()) = error == nil ? .\(name()) : .\(name())\n\(indent)}\n"
            )
        case 9:
            emit(
                "\(indent)/* block comment /* nested */ about \(name()) */ let \(name()) = t.0.1 + \(random.pick(Self.numbers))\n"
            )
        case 10: emit("\(indent)await \(name())?.\(name())(&\(name()), x: \(expression()))\n")
        default: emit("\(indent)\(name()) += \(expression()) / 2\n")
        }
    }

    private mutating func declaration() {
        switch random.below(6) {
        case 0:
            emit("/// Handles \(name()) events for the \(name()).\n///\n/// - Parameter \(name()): the value.\n")
            emit(
                "@available(iOS 17.4, macOS 14.4, *)\n@MainActor\nfinal class \(typeName()): NSObject, CXProviderDelegate {\n"
            )
            emit(
                "    private let \(name()) = CXProvider(configuration: .init())\n    @Published var \(name()): [UUID: String] = [:]\n\n"
            )
            for _ in 0..<(2 + random.below(3)) {
                emit("    func \(name())(_ provider: CXProvider, perform action: CXAnswerCallAction) {\n")
                for _ in 0..<(2 + random.below(5)) { statement(indent: "        ") }
                emit("        action.fulfill()\n    }\n\n")
            }
            emit("}\n\n")
        case 1:
            emit("struct \(typeName())<Element: Hashable & Sendable>: Sequence where Element: Codable {\n")
            emit(
                "    var storage: [Element] = []\n    subscript(index: Int) -> Element? { get { storage[index] } set { storage[index] = newValue! } }\n"
            )
            emit("    func makeIterator() -> IndexingIterator<[Element]> { storage.makeIterator() }\n}\n\n")
        case 2:
            emit(
                "#if canImport(CallKit) && !os(macOS)\nimport CallKit\n#elseif os(Linux)\nimport Glibc\n#else\n#warning(\"no CallKit\")\n#endif\n\n"
            )
        case 3:
            emit(
                "enum \(typeName())Error: Error, CustomStringConvertible {\n    case invalid, missing(String), code(Int = \(random.pick(Self.numbers)))\n"
            )
            emit(
                "    var description: String {\n        switch self {\n        case .invalid: return \"invalid\"\n        case .missing(let what): return \"missing \\(what)\"\n        case .code(let c): return \"code \\(c, privacy: .public)\"\n        }\n    }\n}\n\n"
            )
        case 4:
            emit(
                "extension \(typeName()) {\n    static func \(name())(_ value: inout Int, _ \(name()): Double = -1.5e3) async throws -> Result<Int, any Error> {\n"
            )
            for _ in 0..<(3 + random.below(6)) { statement(indent: "        ") }
            emit("        return .success(value << 2 &+ 0x7F)\n    }\n}\n\n")
        default:
            emit("func \(name())<T>(_ items: T...) -> [T] where T: Comparable {\n")
            for _ in 0..<(3 + random.below(6)) { statement(indent: "    ") }
            emit("    return items.sorted(by: <)\n}\n\n")
        }
    }

    /// Source of at least `byteCount` bytes, and the offsets where a new "file" of about
    /// `fileSize` bytes may start (always between top-level declarations).
    mutating func generate(byteCount: Int, fileSize: Int = 16_000) -> (source: [UInt8], fileStarts: [Int]) {
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(byteCount + 4096)
        var fileStarts: [Int] = []
        while out.count < byteCount {
            fileStarts.append(out.count)
            emit(
                "// Generated benchmark corpus (deterministic).\nimport Foundation\nimport CallKit\nimport PushKit\n\n")
            let fileEnd = out.count + fileSize
            while out.count < fileEnd { declaration() }
        }
        return (out, fileStarts)
    }
}
