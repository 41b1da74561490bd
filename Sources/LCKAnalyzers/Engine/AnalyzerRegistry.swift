/// The explicit list of anti-pattern analyzers. There is no reflection in Swift, so a test compares
/// this list with the `Rules/<Area>/*Analyzer.swift` files and with `Rules/analyzers/`.
package enum AnalyzerRegistry {
    package static let all: [any Analyzer] = [
        TransientHandleAnalyzer(),
        UnnormalizedHandleAnalyzer(),
        UnretainedDelegateAnalyzer(),
        MultipleProvidersAnalyzer(),
        AudioOutsideActivationAnalyzer(),
        MissingActionHandlerAnalyzer(),
        UnresolvedActionAnalyzer(),
        PrematureFulfillAnalyzer(),
        UnreportedVoipPushAnalyzer(),
        PushCompletionNotCalledAnalyzer(),
        SwallowedReportErrorAnalyzer(),
        DualReportAnalyzer(),
        EmptyResetAnalyzer(),
        RegeneratedIncomingUUIDAnalyzer(),
        MissingVoipBackgroundModeAnalyzer(),
        MissingUsageDescriptionAnalyzer(),
        MissingDialingEntitlementAnalyzer(),
        UnguardedLCKAvailabilityAnalyzer(),
    ]
}
