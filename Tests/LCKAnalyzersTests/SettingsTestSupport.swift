import LCKAnalyzers
import LCKCore
import LCKLexer
import LCKRules

/// Builds an app target's settings facts by hand, so each settings rule is tested without a scan.
enum SettingsTestSupport {
    static let plistPath = "App/Info.plist"
    static let entitlementsPath = "App/App.entitlements"

    /// A spot on `line`'s first byte stand-in (ranges only need to tell spots apart).
    static func spot(_ path: String, _ offset: Int) -> SettingsSpot {
        SettingsSpot(path: path, range: ByteRange(start: offset, end: offset + 1))
    }

    /// A target whose Swift code is `swift`, with an Info.plist declaring `plistKeys` (nil: no plist).
    static func target(
        swift: String, application: Bool = true, plistKeys: [String: [String]]? = [:],
        entitlements: [String]? = nil
    ) -> AppTargetFacts {
        var target = AppTargetFacts(name: "Caller", isApplication: application)
        target.usage = CodeUsage(file: Lexer.tokenize(Array(swift.utf8)), path: "App/Code.swift")
        if let plistKeys {
            var plist = DeclaredKeys(dictionary: spot(plistPath, 0))
            for (index, (key, values)) in plistKeys.sorted(by: { $0.key < $1.key }).enumerated() {
                plist.declare(key, at: spot(plistPath, 10 * (index + 1)), values: values)
            }
            target.infoPlist = plist
        }
        if let entitlements {
            var declared = DeclaredKeys(dictionary: spot(entitlementsPath, 0))
            for (index, key) in entitlements.enumerated() {
                declared.declare(key, at: spot(entitlementsPath, 10 * (index + 1)))
            }
            target.entitlements = declared
        }
        return target
    }

    static func findings(_ analyzer: any SettingsAnalyzer, _ target: AppTargetFacts) -> [Finding] {
        analyzer.settingsFindings(for: target, rules: AnalyzerTestSupport.rules)
    }
}
