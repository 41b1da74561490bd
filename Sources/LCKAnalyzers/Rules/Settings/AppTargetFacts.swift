import LCKCore

/// A place in a settings file (an Info.plist, an `.entitlements`, a `project.pbxproj`): findings of the
/// settings rules are reported there, not in Swift code.
package struct SettingsSpot: Hashable, Sendable {
    /// The display path of the settings file.
    package var path: String
    package var range: ByteRange

    package init(path: String, range: ByteRange) {
        self.path = path
        self.range = range
    }
}

/// The keys of one property-list dictionary an app declares (its Info.plist, with the generated
/// `INFOPLIST_KEY_*` build settings; or its entitlements), each where it is written.
package struct DeclaredKeys: Sendable {
    /// Key → where it is declared; the first declaration wins.
    package var keys: [String: SettingsSpot] = [:]
    /// String values of array keys (`UIBackgroundModes` → `voip`, `audio`).
    package var arrayValues: [String: [String]] = [:]
    /// Where a missing key belongs: the dictionary's opening line (or the target's build settings).
    package var dictionary: SettingsSpot

    package init(dictionary: SettingsSpot) {
        self.dictionary = dictionary
    }

    /// Adds a key unless it is already declared.
    package mutating func declare(_ key: String, at spot: SettingsSpot, values: [String] = []) {
        if keys[key] == nil { keys[key] = spot }
        if !values.isEmpty { arrayValues[key, default: []].append(contentsOf: values) }
    }
}

/// What the settings rules know about one target of the scanned app: its kind, deployment target,
/// declared Info.plist keys and entitlements, and what its Swift files use.
package struct AppTargetFacts: Sendable {
    package var name: String
    /// An application (not an app extension, a framework or a test bundle): the usage-description and
    /// background-mode checks apply only to these.
    package var isApplication: Bool
    /// The lowest across build configurations; nil when unknown.
    package var deploymentTarget: OSVersion?
    /// Nil when the target's Info.plist is neither in the tree nor generated from build settings.
    package var infoPlist: DeclaredKeys?
    /// Nil when the target has no `.entitlements` file in the tree: then nothing is known.
    package var entitlements: DeclaredKeys?
    /// What the target's Swift files use.
    package var usage = CodeUsage()

    package init(name: String, isApplication: Bool, deploymentTarget: OSVersion? = nil) {
        self.name = name
        self.isApplication = isApplication
        self.deploymentTarget = deploymentTarget
    }
}
