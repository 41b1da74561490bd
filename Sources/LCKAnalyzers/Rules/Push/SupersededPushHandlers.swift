import LCKParser
import LCKProjectModel

/// The types that implement PushKit's completion-handler variant of the incoming-push callback (iOS 11+). On
/// those types PushKit never calls the deprecated `pushRegistry(_:didReceiveIncomingPushWith:for:)`, so that
/// method is dead code, not an unreported push. Collected from every file of the pre-pass, because a type's
/// extensions are often spread over files.
struct SupersededPushHandlers: ProjectFact {
    static let key = FactKey<SupersededPushHandlers>()
    static let deprecatedSelector = "pushRegistry(_:didReceiveIncomingPushWith:for:)"
    static let completionSelector = "pushRegistry(_:didReceiveIncomingPushWith:for:completion:)"

    /// Types (or extended types) declaring the completion variant.
    private(set) var completionVariantOwners: Set<String> = []

    init(_ context: AnalysisContext) {
        let syntax = StatementSyntax(context: context)
        for function in syntax.functions(withSelectors: [Self.completionSelector]) {
            if let owner = Self.owner(of: function, in: context) { completionVariantOwners.insert(owner) }
        }
    }

    mutating func merge(_ later: SupersededPushHandlers) {
        completionVariantOwners.formUnion(later.completionVariantOwners)
    }

    /// Whether `function` is the deprecated callback on a type that also implements the completion variant,
    /// in this file or (with a pre-pass) in any file of the project. `local` keeps this file's owners once
    /// found (finding them per callback was quadratic in a file of many).
    static func isSuperseded(
        _ function: Int, in context: AnalysisContext, project: SupersededPushHandlers?,
        local: inout SupersededPushHandlers?
    ) -> Bool {
        guard context.outline.selector(ofFunction: function, in: context.file) == deprecatedSelector,
            let owner = owner(of: function, in: context)
        else { return false }
        if project?.completionVariantOwners.contains(owner) == true { return true }
        if local == nil { local = SupersededPushHandlers(context) }
        return local!.completionVariantOwners.contains(owner)
    }

    private static func owner(of function: Int, in context: AnalysisContext) -> String? {
        context.outline.enclosingType(at: context.outline.functions[function].nameToken).map {
            context.facts.typeNames[$0]
        }
    }
}
