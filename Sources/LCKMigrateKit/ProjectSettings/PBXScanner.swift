import LCKCore

/// One object of a `project.pbxproj` (`ID = { isa = …; … };`): its scalar fields, its list fields and,
/// for build configurations, the build settings, each with the byte range of its key.
struct PBXObject: Sendable {
    var fields: [String: String] = [:]
    var lists: [String: [String]] = [:]
    var buildSettings: [String: (value: String, range: ByteRange)] = [:]
    /// The `buildSettings = {` key: where a missing generated Info.plist key belongs.
    var buildSettingsRange: ByteRange?

    var isa: String { fields["isa"] ?? "" }
}

/// The objects of a `project.pbxproj` and its root object's id.
struct PBXDocument: Sendable {
    var objects: [String: PBXObject] = [:]
    var rootObject: String?
}

/// A linear scanner over the OpenStep text of a `project.pbxproj`: tokens are made on the fly, containers
/// are tracked with an explicit stack (no recursion), and only the levels Xcode writes objects at are kept
/// (root, `objects`, each object, its lists and build settings); deeper values are walked over.
enum PBXScanner {
    static let maximumDepth = 512

    static func scan(_ bytes: [UInt8]) -> Result<PBXDocument, SettingsProblem> {
        var walk = Walk(tokens: PBXTokens(bytes: bytes))
        do {
            try walk.run()
        } catch {
            return .failure(error)
        }
        return .success(walk.document)
    }

    /// An open container: a dictionary (`{`) or a list (`(`), and the key it is the value of.
    private struct Frame {
        var isDictionary: Bool
        var key: String?
        var keyRange = ByteRange(start: 0, end: 0)
        /// In a dictionary: the key read, waiting for `=` and its value.
        var pendingKey: (name: String, range: ByteRange)?
        var sawEqual = false
    }

    private struct Walk {
        var tokens: PBXTokens
        var stack: [Frame] = []
        var document = PBXDocument()
        /// The object being read (stack depth 3) and its id.
        var object: (id: String, value: PBXObject)?

        mutating func run() throws(SettingsProblem) {
            while let token = try tokens.next() {
                switch token.kind {
                case .open(let isDictionary): try open(isDictionary, at: token.range.start)
                case .close(let isDictionary): try close(isDictionary, at: token.range.start)
                case .equal:
                    guard stack.last?.isDictionary == true, stack.last?.pendingKey != nil, stack.last?.sawEqual == false
                    else { throw SettingsProblem(offset: token.range.start, message: "unexpected '='") }
                    stack[stack.count - 1].sawEqual = true
                case .semicolon, .comma:
                    continue
                case .word(let text):
                    try word(text, range: token.range)
                }
            }
            if !stack.isEmpty {
                throw SettingsProblem(
                    offset: tokens.bytes.count, message: "the file ends inside an unclosed '{' or '('")
            }
        }

        /// The key a new value belongs to, consuming the dictionary's pending key.
        mutating func takeKey(at offset: Int) throws(SettingsProblem) -> (name: String, range: ByteRange)? {
            guard let top = stack.last, top.isDictionary else { return nil }
            guard let key = top.pendingKey, top.sawEqual else {
                throw SettingsProblem(offset: offset, message: "a value without a key")
            }
            stack[stack.count - 1].pendingKey = nil
            stack[stack.count - 1].sawEqual = false
            return key
        }

        mutating func open(_ isDictionary: Bool, at offset: Int) throws(SettingsProblem) {
            guard stack.count < PBXScanner.maximumDepth else {
                throw SettingsProblem(offset: offset, message: "nested deeper than \(PBXScanner.maximumDepth) levels")
            }
            if stack.isEmpty, !isDictionary {
                throw SettingsProblem(offset: offset, message: "expected '{' to open the project")
            }
            let key = try takeKey(at: offset)
            if stack.count == 2, stack[1].key == "objects", isDictionary, let key {
                object = (key.name, PBXObject())
            } else if stack.count == 3, object != nil, isDictionary, key?.name == "buildSettings" {
                object!.value.buildSettingsRange = key?.range
            }
            stack.append(
                Frame(isDictionary: isDictionary, key: key?.name, keyRange: key?.range ?? ByteRange(start: 0, end: 0)))
        }

        mutating func close(_ isDictionary: Bool, at offset: Int) throws(SettingsProblem) {
            guard let top = stack.popLast(), top.isDictionary == isDictionary else {
                throw SettingsProblem(offset: offset, message: "unbalanced '\(isDictionary ? "}" : ")")'")
            }
            if stack.count == 2, let finished = object {
                document.objects[finished.id] = finished.value
                object = nil
            }
        }

        mutating func word(_ text: String, range: ByteRange) throws(SettingsProblem) {
            guard let top = stack.last else {
                throw SettingsProblem(offset: range.start, message: "text outside the project's '{ }'")
            }
            if top.isDictionary && top.pendingKey == nil {
                stack[stack.count - 1].pendingKey = (text, range)
                return
            }
            let key = try takeKey(at: range.start)
            store(text, key: key)
        }

        /// Keeps a scalar at the levels objects are written at.
        mutating func store(_ text: String, key: (name: String, range: ByteRange)?) {
            switch stack.count {
            case 1 where key?.name == "rootObject": document.rootObject = text
            case 3 where key != nil: object?.value.fields[key!.name] = text
            case 4 where key == nil:
                if let list = stack[3].key { object?.value.lists[list, default: []].append(text) }
            case 4 where stack[3].key == "buildSettings":
                if let key { object?.value.buildSettings[key.name] = (text, key.range) }
            case 5 where key == nil && stack[3].key == "buildSettings":
                // A list-valued setting (`INFOPLIST_KEY_UIBackgroundModes = (voip, audio)`), kept space-joined.
                guard let name = stack[4].key else { return }
                let earlier = object?.value.buildSettings[name]?.value
                object?.value.buildSettings[name] = (earlier.map { $0 + " " + text } ?? text, stack[4].keyRange)
            default: break
            }
        }
    }
}
