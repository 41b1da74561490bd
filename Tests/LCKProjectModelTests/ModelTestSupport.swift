import LCKRules
import LCKTestSupport

/// Shared helpers for the project-model tests.
enum ModelTestSupport {
    /// `Rules/` from disk, as the analyzer tests read it: the model reads word lists from the rule table.
    static let rules: RuleTable = {
        do {
            return try RuleLoader.load(directories: [PackageRoot.path + "/Rules"], includeBuiltin: false)
        } catch {
            fatalError("cannot load Rules/: \(error)")
        }
    }()
}
