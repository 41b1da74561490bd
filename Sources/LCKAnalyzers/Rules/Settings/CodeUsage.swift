import LCKCore
import LCKLexer

/// What a target's Swift code uses that its settings must allow: VoIP pushes (the `voip` background
/// mode), calls (the microphone), video calls (the camera), telephony conversations (the dialing-app
/// entitlement). Read from tokens alone, so a name in a comment or a string does not count.
package struct CodeUsage: Sendable {
    package enum Kind: String, CaseIterable, Sendable {
        case voipPush, calls, video, telephony
    }

    /// Kind → the first use found, as `path:line`, for the finding's evidence.
    package private(set) var uses: [Kind: String] = [:]

    package init() {}

    package func uses(_ kind: Kind) -> Bool { uses[kind] != nil }

    /// Whether the code uses anything a setting must allow.
    package var usesAny: Bool { !uses.isEmpty }

    /// Where `kind` is first used, `path:line`.
    package func evidence(_ kind: Kind) -> String? { uses[kind] }

    /// Keeps the earlier evidence of each kind; merge in file order.
    package mutating func merge(_ later: CodeUsage) {
        for (kind, place) in later.uses where uses[kind] == nil { uses[kind] = place }
    }

    /// Names that mean a call is reported or placed, in either framework.
    static let callNames: Set<String> = [
        "CXProvider", "CXCallController", "ConversationManager", "reportNewIncomingCall",
        "reportNewIncomingConversation",
    ]
    static let videoNames: Set<String> = ["supportsVideo", "hasVideo", "isVideo"]
    static let telephonyNames: Set<String> = ["TelephonyConversationManager", "StartCellularConversationAction"]

    /// The uses in one file, `path` naming it in the evidence.
    package init(file: TokenizedFile, path: String) {
        let tokens = file.tokens
        var lines: LineTable?
        for index in tokens.indices where tokens[index].kind == .identifier {
            guard let kind = Self.kind(at: index, in: file) else { continue }
            guard uses[kind] == nil else { continue }
            if lines == nil { lines = LineTable(file.bytes) }
            uses[kind] = "\(path):\(lines!.position(of: tokens[index].start).line)"
        }
    }

    /// The kind of use the identifier at `index` makes, if any.
    private static func kind(at index: Int, in file: TokenizedFile) -> Kind? {
        let tokens = file.tokens
        let text = file.text(of: tokens[index])
        if text == "voIP" { return index > 0 && tokens[index - 1].kind == .period ? .voipPush : nil }
        if text == "PKPushTypeVoIP" { return .voipPush }
        if callNames.contains(text) { return .calls }
        if telephonyNames.contains(text) { return .telephony }
        guard videoNames.contains(text), index + 2 < tokens.count else { return nil }
        // `supportsVideo = true`, `hasVideo: flag`, `isVideo: true`: anything but a literal `false`, or a
        // declaration's type (`isVideo: Bool`).
        let next = tokens[index + 1].kind
        guard next == .equal || next == .colon else { return nil }
        let value = tokens[index + 2]
        return file.token(value, is: "false") || file.token(value, is: "Bool") ? nil : .video
    }
}
