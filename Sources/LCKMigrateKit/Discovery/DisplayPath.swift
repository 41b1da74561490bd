import LCKCore

/// Turns the paths a user typed into the `/`-separated, current-directory-relative paths every output uses.
///
/// Normalisation is lexical (no symlink resolution), so what the user sees matches what they typed,
/// minus `./`, doubled slashes and `dir/..` detours.
///
/// A display path names exactly one byte path: a file name's bytes that are not valid UTF-8 are shown as
/// `\xHH` (upper-case hex) and a backslash as `\\`, so two names that differ in bytes never display
/// alike (decoding both with U+FFFD once merged `bad\xFF\xFE.swift` and `bad\xFF\xFD.swift` into one file).
/// Control characters stay as they are here (JSON and SARIF escape them); `VisibleText` shows them
/// in human-readable output.
package enum DisplayPath {
    /// `path` relative to `currentDirectory`; "" when it is the current directory itself.
    package static func relative(_ path: String, to currentDirectory: String) -> String {
        let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        let target = normalizedComponents(absolute)
        let base = normalizedComponents(currentDirectory.hasPrefix("/") ? currentDirectory : "/" + currentDirectory)
        var common = 0
        while common < target.count && common < base.count && target[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...].map { component(Array($0.utf8)) }).joined(separator: "/")
    }

    /// An absolute `path` without `.`, `..` and doubled slashes, its components shown as `component` shows them.
    package static func absolute(_ path: String) -> String {
        "/" + normalizedComponents(path).map { component(Array($0.utf8)) }.joined(separator: "/")
    }

    /// `child` inside the directory whose display path is `parent`.
    package static func join(_ parent: String, _ child: String) -> String {
        parent.isEmpty ? child : parent + "/" + child
    }

    /// One file name as shown: valid UTF-8 kept, every other byte as `\xHH`, a backslash as `\\`.
    package static func component(_ bytes: [UInt8]) -> String {
        guard bytes.contains(where: { $0 >= 0x80 || $0 == 0x5C }) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        var index = 0
        while index < bytes.count {
            let length = VisibleText.utf8SequenceLength(bytes, at: index)
            if length > 0 {
                if bytes[index] == 0x5C { out.append(0x5C) }
                out.append(contentsOf: bytes[index..<index + length])
                index += length
            } else {
                VisibleText.appendEscape(bytes[index], to: &out)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func normalizedComponents(_ absolute: String) -> [String] {
        var result: [String] = []
        for component in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": if !result.isEmpty { result.removeLast() }
            default: result.append(String(component))
            }
        }
        return result
    }
}
