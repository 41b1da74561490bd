/// Turns the paths a user typed into the `/`-separated, current-directory-relative paths every output uses.
///
/// Normalisation is lexical (no symlink resolution), so what the user sees matches what they typed,
/// minus `./`, doubled slashes and `dir/..` detours.
package enum DisplayPath {
    /// `path` relative to `currentDirectory`; "" when it is the current directory itself.
    package static func relative(_ path: String, to currentDirectory: String) -> String {
        let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        let target = normalizedComponents(absolute)
        let base = normalizedComponents(currentDirectory.hasPrefix("/") ? currentDirectory : "/" + currentDirectory)
        var common = 0
        while common < target.count && common < base.count && target[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...]).joined(separator: "/")
    }

    /// `child` inside the directory whose display path is `parent`.
    package static func join(_ parent: String, _ child: String) -> String {
        parent.isEmpty ? child : parent + "/" + child
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
