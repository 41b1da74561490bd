/// The levels a build setting of one target and configuration is looked up in, highest first, as Xcode
/// layers them: the target's configuration, the target's base `.xcconfig`, the project's configuration of
/// the same name, the project's base `.xcconfig`. Resolution is a bounded loop (no recursion): a value that
/// cannot be resolved is unknown (nil), never guessed.
struct BuildSettingLevels {
    /// More hops than any real project chains (`$(inherited)` down four levels, a few `$(NAME)` aliases).
    static let maximumHops = 16

    var levels: [[String: String]]

    /// The value of `key`: the highest level that sets it; a value that is `$(inherited)` continues at the
    /// level below; one that is a whole `$(NAME)` / `${NAME}` reference continues with `NAME` from the top
    /// (`IPHONEOS_DEPLOYMENT_TARGET = "$(APP_MIN_IOS)"`). nil when unset, a reference stays unresolved,
    /// or the chain is longer than `maximumHops` (a cycle).
    func value(_ key: String) -> String? {
        var name = key
        var level = 0
        for _ in 0..<Self.maximumHops {
            guard let (found, raw) = lookup(name, from: level) else { return nil }
            let text = raw.trimmed(of: " \t")
            guard let reference = Self.wholeReference(text) else { return text }
            if reference == "inherited" {
                level = found + 1
            } else {
                name = reference
                level = 0
            }
        }
        return nil
    }

    /// Whether the configuration builds for iOS: `SUPPORTED_PLATFORMS` names `iphoneos`, or `SDKROOT` is
    /// `iphoneos…`, `auto` or unset. A watchOS, macOS, tvOS or visionOS target ignores
    /// `IPHONEOS_DEPLOYMENT_TARGET` even when the project sets it for its iOS targets.
    var buildsForIOS: Bool {
        if let platforms = value("SUPPORTED_PLATFORMS"), platforms.split(separator: " ").contains("iphoneos") {
            return true
        }
        guard let sdk = value("SDKROOT") else { return true }
        return sdk.hasPrefix("iphoneos") || sdk == "auto"
    }

    private func lookup(_ key: String, from start: Int) -> (level: Int, value: String)? {
        var index = start
        while index < levels.count {
            if let value = levels[index][key] { return (index, value) }
            index += 1
        }
        return nil
    }

    /// `NAME` of a value that is exactly `$(NAME)` or `${NAME}`.
    static func wholeReference(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count > 3, bytes[0] == 0x24 else { return nil }
        let close: UInt8
        switch bytes[1] {
        case 0x28: close = 0x29
        case 0x7B: close = 0x7D
        default: return nil
        }
        guard bytes[bytes.count - 1] == close else { return nil }
        let inner = bytes[2..<(bytes.count - 1)]
        guard
            inner.allSatisfy({
                $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0)
                    || (0x61...0x7A).contains($0)
            })
        else { return nil }
        return String(decoding: inner, as: UTF8.self)
    }
}
