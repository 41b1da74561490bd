/// Sources shaped the way issue 15's attacker shaped them: each grows one dimension that once cost
/// more than linear time. Shared by `lckmigrate-bench complexity` (which doubles them) and the fuzz
/// command (which mixes them with mutated samples).
enum HostileInputs {
    /// `let a = [CXProvider(configuration: c), …]`: `count` findings on one line.
    static func findingLine(_ count: Int) -> String {
        "import CallKit\nlet c = CXProviderConfiguration()\nlet a = ["
            + String(repeating: "CXProvider(configuration: c), ", count: count) + "]\n"
    }

    /// `count` lines of `// lckmigrate:disable-next-line all` over one finding.
    static func stackedDirectives(_ count: Int) -> String {
        "import CallKit\nlet c = CXProviderConfiguration()\n"
            + String(repeating: "// lckmigrate:disable-next-line all\n", count: count)
            + "let p = CXProvider(configuration: c)\n"
    }

    /// `count` closures (`queue.async {`, or bare `{` when `bare`) nested in a CallKit answer handler.
    static func nestedHandler(_ count: Int, bare: Bool = false) -> String {
        let opener = bare ? "{\n" : "queue.async {\n"
        return """
            import CallKit
            final class Delegate: NSObject, CXProviderDelegate {
                let queue = DispatchQueue(label: "q")
                func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
            \(String(repeating: opener, count: count))action.fulfill()
            \(String(repeating: "}\n", count: count))    }
            }

            """
    }

    /// A finding followed on its line by `count` `<` characters, which the HTML report shows escaped.
    static func longAngleLine(_ count: Int) -> String {
        "import CallKit\nlet p = CXProvider(configuration: c) // " + String(repeating: "<", count: count) + "\n"
    }

    /// A small file with two CallKit findings (`index` keeps the files apart).
    static func smallCallKitFile(_ index: Int) -> String {
        "import CallKit\nfinal class Calls\(index) {\n    let provider = CXProvider(configuration: c)\n"
            + "    let controller = CXCallController()\n}\n"
    }

    /// `count` lines `x.zqGo()`: each matches every rule of `rulePack`.
    static func memberCalls(_ count: Int) -> String {
        String(repeating: "x.zqGo()\n", count: count)
    }

    /// A mapping rules file with `count` rules on member `zqGo` that report unknown receivers (`matching`),
    /// or on `count` distinct names absent from every input (not `matching`).
    static func rulePack(_ count: Int, matching: Bool) -> String {
        let entries = (0..<count).map { index in
            let match =
                matching
                ? #"{"member": "zqGo", "receiverTypes": ["ZqRunner\#(index)"], "unknownReceiver": "report"}"#
                : #"{"member": "zqAbsent\#(index)", "receiverTypes": ["ZqRunner"], "unknownReceiver": "report"}"#
            let member = matching ? "zqGo" : "zqAbsent\(index)"
            // `scan` refuses packs that `rules validate` rejects, and a mapping needs an example.
            let example = #""example": {"before": "runner.\#(member)()", "after": "runner.zqNew\#(index)()"}"#
            return #"{"id": "zq_rule_\#(index)", "symbol": "ZqSymbol\#(index)", "replacement": "ZqNew\#(index)", "#
                + #""mappingKind": "rename", "area": "provider", "severity": "note", "title": "Rule \#(index)", "#
                + #""note": "Generated.", \#(example), "match": \#(match)}"#
        }
        return "{\"entries\": [\n" + entries.joined(separator: ",\n") + "\n]}\n"
    }

    /// About `bytes` bytes of ordinary app code in one file: the `scan` benchmark's files (CallKit in one
    /// in eight) joined, so a file's analysis meets many types, members and same-named variables.
    static func appFile(bytes size: Int, seed: UInt64 = ScanCorpus.defaultSeed) -> [UInt8] {
        var writer = SwiftFileWriter(seed: seed)
        var result: [UInt8] = []
        result.reserveCapacity(size + 20_000)
        while result.count < size { result += writer.file(lines: 200 + writer.random.below(201)).bytes }
        return result
    }

    /// `count` call boxes in one file, each declaring the same members: Bool constants folded through
    /// other names, string-returning functions with returns in nested closures, a handle built from one and
    /// an incoming report, and an answer handler calling the report helper both as its own (`report(…)`) and
    /// on a property of unknown type (`box.report(…)`, which reads all `count` of them). Repeated code in one
    /// large file: every by-name lookup meets `count` candidates.
    static func sameNames(_ count: Int) -> String {
        var text = "import CallKit\n"
        for index in 0..<count {
            text += """
                final class CallBox\(index): NSObject, CXProviderDelegate {
                    let box = CallBox\(index)()
                    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
                        report(provider, UUID())
                        box.report(provider, UUID())
                        action.fulfill()
                    }
                    let isEnabled = false
                    let supportsVideo = isEnabled
                    var roomName = "room"
                    func title(_ flag: Bool) -> String {
                        let pick = { () -> Int in return 1 }
                        if flag { return "room-\\(pick())" }
                        return roomName
                    }
                    func report(_ provider: CXProvider, _ uuid: UUID) {
                        let update = CXCallUpdate()
                        update.remoteHandle = CXHandle(type: .generic, value: title(true))
                        update.supportsVideo = supportsVideo
                        provider.reportNewIncomingCall(with: uuid, update: update) { _ in }
                    }
                }

                """
        }
        return text
    }

    /// About `bytes` bytes of `let x = [a,a,a,…]` after a CallKit line: a token per byte.
    static func tokenDense(bytes size: Int) -> [UInt8] {
        let head = Array("import CallKit\nlet p = CXProvider(configuration: c)\nlet x = [".utf8)
        var result = head
        result.reserveCapacity(size + 4)
        while result.count < size - 2 { result += [UInt8(ascii: "a"), UInt8(ascii: ",")] }
        return result + Array("a]\n".utf8)
    }
}
