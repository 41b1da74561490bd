import LCKAnalyzers
import LCKCore
import LCKLexer

/// What the scaffold needs to know about an app's CallKit code, read from tokens: the provider
/// configuration values, the actions its delegate handles, the handle kinds and PushKit use.
public struct ScaffoldFacts: Sendable, Hashable {
    /// A `CXProviderConfiguration` property assignment (`config.maximumCallGroups = 1`).
    public struct Setting: Sendable, Hashable {
        /// The CallKit property name.
        public var property: String
        /// The assigned expression as written, on one line.
        public var expression: String
        /// A literal the scaffold can copy: a plain string, an integer, `true` or `false`.
        public var literal: String?
        /// `.phoneNumber`-style members named in the expression (for `supportedHandleTypes`).
        public var members: [String]
        public var location: String
    }

    /// A `provider(_:perform:)` handler (or any `func …(… perform …: CX…Action)`).
    public struct Handler: Sendable, Hashable {
        /// The CallKit action type (`CXAnswerCallAction`).
        public var actionType: String
        /// `provider(_:perform:)`.
        public var function: String
        public var location: String
    }

    /// A usage the scaffold cannot translate (from the scan's findings).
    public struct ManualItem: Sendable, Hashable {
        public var symbol: String
        public var note: String
        public var location: String
    }

    public var settings: [Setting] = []
    public var handlers: [Handler] = []
    /// Handle kinds (`generic`, `phoneNumber`, `emailAddress`) with where each was first seen.
    public var handleKinds: [String: String] = [:]
    /// First `PKPushRegistry` or VoIP push handler seen, if any.
    public var pushKitLocation: String?
    /// Other `CXProviderDelegate` callbacks the app implements (`providerDidReset(_:)` → location).
    public var callbacks: [String: String] = [:]
    public var noEquivalent: [ManualItem] = []
    public var semanticChanges: [ManualItem] = []
    /// The app's lowest deployment target (across targets and configurations); nil when unknown.
    public var deploymentTarget: OSVersion?

    public init() {}

    /// The first iOS with LiveCommunicationKit.
    public static let liveCommunicationKitRelease = OSVersion(17, 4)

    /// Below iOS 17.4, or unknown: CallKit and LiveCommunicationKit behind one `CallBackend`, chosen with
    /// `#available`. Correct on any target, so it is also the answer when no settings file says.
    public var usesTwoStacks: Bool {
        deploymentTarget.map { $0 < Self.liveCommunicationKitRelease } ?? true
    }

    /// Which form was generated and why, for the command's closing line.
    public var stackSummary: String {
        let target = deploymentTarget.map { "deployment target iOS \($0)" } ?? "deployment target unknown"
        guard usesTwoStacks else { return target + ": LiveCommunicationKit only" }
        return target + ": CallKit and LiveCommunicationKit behind CallBackend, chosen with #available(iOS 17.4, *)"
            + (deploymentTarget == nil ? ", correct on any target" : "")
    }

    /// The configuration properties the scaffold carries over.
    static let configurationProperties: Set<String> = [
        "ringtoneSound", "iconTemplateImageData", "maximumCallGroups", "maximumCallsPerCallGroup",
        "includesCallsInRecents", "supportsVideo", "supportedHandleTypes",
    ]
    static let handleKindNames: Set<String> = ["generic", "phoneNumber", "emailAddress"]
    static let callbackNames: Set<String> = ["providerDidReset", "providerDidBegin"]

    /// The first setting of `property`, if the app assigns it.
    public func setting(_ property: String) -> Setting? {
        settings.first { $0.property == property }
    }

    /// Adds what one file shows; call in a stable file order so "first seen" is deterministic.
    public mutating func collect(path: String, file: TokenizedFile) {
        let tokens = file.tokens
        let lines = LineTable(file.bytes)
        func location(_ index: Int) -> String { "\(path):\(lines.position(of: tokens[index].start).line)" }
        func text(_ index: Int) -> String { file.text(of: tokens[index]) }
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            let token = tokens[index]
            if token.kind == .keyword, text(index) == "func", index + 1 < tokens.count {
                collectFunction(at: index, tokens: tokens, text: text, location: location)
                continue
            }
            guard token.kind == .identifier else { continue }
            let name = text(index)
            if name == "PKPushRegistry" || name == "PKPushRegistryDelegate", pushKitLocation == nil {
                pushKitLocation = location(index)
            }
            if Self.configurationProperties.contains(name), index + 1 < tokens.count, tokens[index + 1].kind == .equal,
                index > 0, tokens[index - 1].kind == .period
            {
                settings.append(
                    readSetting(name, valueStart: index + 2, tokens: tokens, text: text, location: location(index)))
            }
            if Self.handleKindNames.contains(name), index > 0, tokens[index - 1].kind == .period,
                handleKinds[name] == nil, mentionsHandleType(before: index, tokens: tokens, text: text)
            {
                handleKinds[name] = location(index)
            }
        }
    }

    private mutating func collectFunction(
        at funcIndex: Int, tokens: [Token], text: (Int) -> String, location: (Int) -> String
    ) {
        let nameIndex = funcIndex + 1
        let name = text(nameIndex)
        guard nameIndex + 1 < tokens.count, tokens[nameIndex + 1].kind == .leftParen else { return }
        var depth = 0
        var index = nameIndex + 1
        var labels: [String] = []
        var performs = false
        var actionType: String?
        var expectLabel = true
        while index < tokens.count {
            switch tokens[index].kind {
            case .leftParen: depth += 1
            case .rightParen: depth -= 1
            case .comma where depth == 1: expectLabel = true
            case .identifier, .wildcard:
                let word = text(index)
                if depth == 1 && expectLabel {
                    labels.append(word)
                    expectLabel = false
                    if word == "perform" { performs = true }
                }
                if word.hasPrefix("CX") && word.hasSuffix("Action") { actionType = word }
                if name == "pushRegistry", word == "didReceiveIncomingPushWith", pushKitLocation == nil {
                    pushKitLocation = location(funcIndex)
                }
            default: break
            }
            if depth == 0 { break }
            index += 1
        }
        let selector = "\(name)(\(labels.map { "\($0):" }.joined()))"
        if performs, let actionType {
            handlers.append(Handler(actionType: actionType, function: selector, location: location(funcIndex)))
        } else if Self.callbackNames.contains(name), callbacks[selector] == nil {
            callbacks[selector] = location(funcIndex)
        }
    }

    /// Tokens after `=` up to the end of the line (or of the bracketed literal that starts there).
    private func readSetting(
        _ property: String, valueStart: Int, tokens: [Token], text: (Int) -> String, location: String
    ) -> Setting {
        var index = valueStart
        var depth = 0
        var parts: [String] = []
        var kinds: [TokenKind] = []
        var members: [String] = []
        while index < tokens.count {
            let token = tokens[index]
            if index > valueStart, depth == 0, token.flags.contains(.atStartOfLine) { break }
            if token.kind == .semicolon && depth == 0 { break }
            switch token.kind {
            case .leftParen, .leftSquare, .leftBrace: depth += 1
            case .rightParen, .rightSquare, .rightBrace: depth -= 1
            default: break
            }
            if depth < 0 { break }
            let word = text(index)
            if token.kind == .identifier, index > valueStart, tokens[index - 1].kind == .period { members.append(word) }
            parts.append((token.flags.contains(.leadingSpace) && !parts.isEmpty ? " " : "") + word)
            kinds.append(token.kind)
            index += 1
        }
        let expression = parts.joined()
        var literal: String?
        if kinds == [.integerLiteral] || (kinds == [.keyword] && (expression == "true" || expression == "false")) {
            literal = expression
        } else if kinds == [.stringQuote, .stringSegment, .stringQuote] || kinds == [.stringQuote, .stringQuote] {
            literal = expression
        }
        return Setting(
            property: property, expression: expression, literal: literal, members: members, location: location)
    }

    /// `.phoneNumber` counts as a handle kind near `CXHandle`, `HandleType` or `supportedHandleTypes`.
    private func mentionsHandleType(before index: Int, tokens: [Token], text: (Int) -> String) -> Bool {
        var cursor = index - 1
        let stop = max(0, index - 12)
        while cursor >= stop {
            if tokens[cursor].kind == .identifier {
                let word = text(cursor)
                if word == "CXHandle" || word == "HandleType" || word == "supportedHandleTypes" { return true }
            }
            cursor -= 1
        }
        return false
    }
}
