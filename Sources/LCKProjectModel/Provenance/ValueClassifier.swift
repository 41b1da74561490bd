import LCKCore
import LCKRules

/// What a value is, as far as a call handle cares: something that names the person (redialable),
/// or something that changes per call, room or build.
package enum ValueOrigin: String, Sendable, Hashable, CaseIterable {
    case phoneNumber = "phone number"
    case emailAddress = "e-mail address"
    case stablePersonID = "stable person id"
    case displayName = "display name"
    case placeholderLiteral = "placeholder literal"
    case localizedPlaceholder = "localized placeholder"
    case uuidOrRandom = "UUID or random value"
    case sessionID = "room, meeting, session, token, channel or conversation id"
    case compositeKey = "composite key"
    case unknown

    /// The handle would not let Recents and Siri reach the person again.
    package var isTransient: Bool {
        switch self {
        case .placeholderLiteral, .localizedPlaceholder, .uuidOrRandom, .sessionID, .compositeKey: true
        default: false
        }
    }

    /// Names the person (or their number): a handle built from it is fine.
    package var isStable: Bool { self == .phoneNumber || self == .emailAddress || self == .stablePersonID }
}

/// The word lists and literal shapes that classify one value; the lists come from
/// `Rules/analyzers/transient_handle.json` (`parameters`), so rule authors tune them there.
package struct ValueClassifier: Sendable {
    var transientWords: WordList
    var stableWords: WordList
    var placeholders: [String]
    var weakTransientWords: WordList
    var displayNameWords: WordList
    var localizingFunctions: Set<String>
    var randomFunctions: Set<String>

    static let defaultTransientWords = ["room", "token", "session", "meeting", "invite", "callId", "uuidString"]
    static let defaultStableWords = ["user", "account", "contact", "phone", "email"]
    static let defaultPlaceholders = ["", "unknown", "placeholder", "test"]
    /// All-digit literals this short are service codes (`911`, `112`), which E.164 does not cover.
    package static let shortCodeMaxDigits = 6
    static let defaultDisplayNameWords = ["name", "displayName", "nickname", "title", "label"]
    static let defaultLocalizing: Set<String> = ["NSLocalizedString", "localized", "LocalizedStringKey"]
    static let defaultRandom: Set<String> = ["random", "arc4random", "arc4random_uniform", "randomElement"]

    package init(parameters: AnalyzerParameters?) {
        transientWords = WordList(
            parameters?.strings("transientWords") ?? Self.defaultTransientWords)
        stableWords = WordList(parameters?.strings("stableWords") ?? Self.defaultStableWords)
        placeholders = (parameters?.strings("placeholderValues") ?? Self.defaultPlaceholders).map {
            $0.lowercased()
        }
        weakTransientWords = WordList(parameters?.strings("weakTransientWords") ?? ["uuid"])
        displayNameWords = WordList(parameters?.strings("displayNameWords") ?? Self.defaultDisplayNameWords)
        localizingFunctions = Set(parameters?.strings("localizingFunctions") ?? Array(Self.defaultLocalizing))
        randomFunctions = Set(parameters?.strings("randomFunctions") ?? Array(Self.defaultRandom))
    }

    /// A constant string handed to every call alike. E-mail shapes and real-looking phone numbers name
    /// someone; a made-up number (555-01xx, runs of one digit, 123456…), an all-caps marker, placeholder
    /// words or any other fixed text give every call the same handle.
    func literal(_ text: String) -> (origin: ValueOrigin, why: String, isPlainText: Bool) {
        let bytes = Array(text.utf8)
        if Self.isEmailShape(bytes) || text.hasPrefix("sip:") {
            // `conference-42@rooms.example.com`: the address of a room, not of a person.
            let split = text.split(whereSeparator: { "@.:-_".contains($0) }).flatMap { CallRoles.words(of: String($0)) }
            if let room = CallRoles.lastMatch(split, in: transientWords) {
                return (.sessionID, "room address \"\(text)\" (word '\(room.entry)')", false)
            }
            return (.emailAddress, "address literal \"\(text)\"", false)
        }
        if Self.isPhoneShape(bytes) {
            return Self.isMadeUpNumber(bytes)
                ? (.placeholderLiteral, "made-up phone number \"\(text)\"", false)
                : (.phoneNumber, "phone-number literal \"\(text)\"", false)
        }
        if isPlaceholderWords(text) { return (.placeholderLiteral, "placeholder literal \"\(text)\"", false) }
        if Self.isMarker(bytes) { return (.placeholderLiteral, "fixed marker literal \"\(text)\"", false) }
        return (.placeholderLiteral, "fixed literal \"\(text)\"", true)
    }

    /// Blank, or made only of placeholder words ("Unknown Caller", "invalid", "N/A").
    func isPlaceholderWords(_ literal: String) -> Bool {
        let split = CallRoles.words(of: literal)
        if split.isEmpty {
            return !literal.utf8.contains { $0 > 0x20 } || placeholders.contains(literal.lowercased())
        }
        return placeholders.contains(literal.lowercased()) || split.allSatisfy(placeholders.contains)
    }

    /// The class a name's words give (`roomToken`, `userID`, `displayName`), the last listed word of
    /// the name deciding; nil when no word is listed.
    func words(of name: String) -> (origin: ValueOrigin, word: String)? {
        let split = CallRoles.words(of: name)
        let transient = CallRoles.lastMatch(split, in: transientWords)
        let stable = CallRoles.lastMatch(split, in: stableWords)
        let display = CallRoles.lastMatch(split, in: displayNameWords)
        // The last of a transient and a stable word decides (`roomOwnerID` is stable, `userToken` not); a
        // display word after a stable one makes it a name of the person (`callerName`), never of a room.
        if let transient, transient.end > (stable?.end ?? -1) {
            return (transient.entry.lowercased().contains("uuid") ? .uuidOrRandom : .sessionID, transient.entry)
        }
        if let display, display.end > (stable?.end ?? -1) { return (.displayName, display.entry) }
        if let stable { return (.stablePersonID, stable.entry) }
        return nil
    }

    static func isEmailShape(_ bytes: [UInt8]) -> Bool {
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")), at > 0, at < bytes.count - 1 else { return false }
        return !bytes.contains(UInt8(ascii: " ")) && bytes[(at + 1)...].contains(UInt8(ascii: "."))
    }

    static func isPhoneShape(_ bytes: [UInt8]) -> Bool {
        let allowed: Set<UInt8> = [
            UInt8(ascii: "+"), UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "."),
        ]
        let digits = bytes.filter(isDigit).count
        return digits >= 3 && bytes.allSatisfy { isDigit($0) || allowed.contains($0) }
    }

    /// Filler numbers: one or two digits repeated, counting runs. (555-01xx numbers are fictional but stand in
    /// for real ones in samples and demos, so they count as phone numbers.)
    static func isMadeUpNumber(_ bytes: [UInt8]) -> Bool {
        let digits = bytes.filter(isDigit)
        guard digits.count > Self.shortCodeMaxDigits else { return false }
        let text = String(decoding: digits, as: UTF8.self)
        if Set(digits).count <= 2 { return true }
        if text.contains("123456") || text.contains("987654") { return true }
        return false
    }

    /// `INCOMING_CALL`, `VOIP`: upper-case letters, digits and `_`, with a letter.
    static func isMarker(_ bytes: [UInt8]) -> Bool {
        bytes.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
            && bytes.allSatisfy {
                ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || isDigit($0) || $0 == UInt8(ascii: "_")
                    || $0 == UInt8(ascii: "-")
            }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
