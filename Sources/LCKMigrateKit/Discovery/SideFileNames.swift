/// The files discovery keeps beside Swift files, told from the last bytes of their names (no string is
/// made for other files): project settings files and Objective-C sources.
enum SideFileNames {
    private static let settingsSuffixes = [
        "Info.plist", ".entitlements", "project.pbxproj", ".xcconfig", "Podfile", "Package.swift",
    ].map { Array($0.utf8) }

    /// A name `SettingsFileKind` may take, or an Objective-C source (`.m`, `.mm`, `.h`).
    static func isSideName(_ name: [UInt8]) -> Bool {
        guard let last = name.last else { return false }
        switch last {
        case 0x6D, 0x68:  // m h: .m, .mm, .h
            return isObjectiveCName(name)
        case 0x74, 0x73, 0x6A, 0x67, 0x65:  // t s j g e: plist, entitlements, pbxproj, xcconfig, Podfile, Package.swift
            for suffix in settingsSuffixes
            where name.count >= suffix.count && name.suffix(suffix.count).elementsEqual(suffix) {
                return name.count == suffix.count || suffix.first != 0x50 && suffix != settingsSuffixes[2]
            }
            return false
        default:
            return false
        }
    }

    /// `X.m`, `X.mm` or `X.h`, with a name before the extension.
    static func isObjectiveCName(_ name: [UInt8]) -> Bool {
        let count = name.count
        if count > 2 && name[count - 2] == 0x2E { return name[count - 1] == 0x6D || name[count - 1] == 0x68 }
        return count > 3 && name[count - 3] == 0x2E && name[count - 2] == 0x6D && name[count - 1] == 0x6D
    }

    static func isObjectiveC(_ displayPath: String) -> Bool {
        let base = displayPath.utf8.split(separator: 0x2F).last.map(Array.init) ?? []
        return isObjectiveCName(base)
    }
}
