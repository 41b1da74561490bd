/// One target of the scanned app as the summary shows it: its name, its deployment target and where
/// that was read.
public struct ProjectTarget: Hashable, Sendable {
    public var name: String
    /// The lowest across build configurations; nil when no setting names one (shown as "unknown").
    public var deploymentTarget: OSVersion?
    public var isApplication: Bool
    /// The settings file the target comes from (`App.xcodeproj/project.pbxproj`, `Package.swift`).
    public var source: String

    public init(name: String, deploymentTarget: OSVersion?, isApplication: Bool, source: String) {
        self.name = name
        self.deploymentTarget = deploymentTarget
        self.isApplication = isApplication
        self.source = source
    }
}

/// An Objective-C file (`.m`, `.mm`, `.h`) that names CallKit or PushKit types: lckmigrate reads only
/// Swift, so the file is listed as not analyzed rather than silently left out of the inventory.
public struct NotAnalyzedFile: Hashable, Sendable {
    public var path: String
    /// How many times the file spells a CallKit or PushKit type name (comments included).
    public var mentions: Int
    /// The names it spells, with their counts, by name.
    public var symbols: [(name: String, count: Int)]

    public init(path: String, mentions: Int, symbols: [(name: String, count: Int)]) {
        self.path = path
        self.mentions = mentions
        self.symbols = symbols
    }

    public static func == (lhs: NotAnalyzedFile, rhs: NotAnalyzedFile) -> Bool {
        lhs.path.hasSameBytes(as: rhs.path) && lhs.mentions == rhs.mentions
            && lhs.symbols.map(\.name) == rhs.symbols.map(\.name)
            && lhs.symbols.map(\.count) == rhs.symbols.map(\.count)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(PathKey(path))
        hasher.combine(mentions)
    }
}

/// What a scan learned about the project beyond its findings: the targets with their deployment
/// targets, the target each file with findings belongs to, and the Objective-C files it could not read.
/// Empty when the tree has no settings files and no Objective-C file naming CallKit.
public struct ProjectOverview: Sendable {
    /// In settings-file order; empty when no settings file was found (the deployment target is unknown).
    public var targets: [ProjectTarget] = []
    /// For each path with findings that belongs to a target: the target (an Xcode target by membership,
    /// a SwiftPM target by its folder). Paths missing here have no resolved target.
    public var fileTargets: [PathKey: FileTarget] = [:]
    /// In path order.
    public var notAnalyzed: [NotAnalyzedFile] = []

    public init() {}

    /// The lowest deployment target of any target; nil when none is known.
    public var lowestDeploymentTarget: OSVersion? { targets.compactMap(\.deploymentTarget).min() }
}

/// The target a file is reported under, and the deployment target it is built for.
public struct FileTarget: Hashable, Sendable {
    /// Several targets sharing the file are joined with " + ".
    public var name: String
    public var deploymentTarget: OSVersion?

    public init(name: String, deploymentTarget: OSVersion?) {
        self.name = name
        self.deploymentTarget = deploymentTarget
    }
}
