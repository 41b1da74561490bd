/// What a scanned file is to the project under migration. Anti-pattern rules check `app` and `example`
/// files by default: a test calling the app's report wrapper with a mock, or a vendored copy of an SDK,
/// is not a hazard of this app's migration. Every role still counts in the usage inventory and the plan.
public enum FileRole: String, Sendable, Codable, CaseIterable {
    /// The project's own code: what is left when no other role applies.
    case app
    /// An example, sample or demo of a library (`Example/`, `Samples/`, `Demo/` folders).
    case example
    /// Test code: test folders and bundles, `*Tests.swift`/`*Spec.swift`, files importing a test framework.
    case test
    /// Code kept from elsewhere: `Pods/`, `Carthage/`, `vendor/`, `third_party/`, `node_modules/` folders.
    case vendored

    /// The roles anti-pattern rules check unless `--roles`/`roles` says otherwise.
    public static let checkedByDefault: Set<FileRole> = [.app, .example]

    /// `roles` in `allCases` order, as the config printout and messages list them.
    public static func ordered(_ roles: Set<FileRole>) -> [FileRole] { allCases.filter(roles.contains) }
}
