import LCKCore
import LCKLexer
import LCKParser
import LCKProjectModel

/// The two frameworks an incoming call can be reported through.
package enum ReportFramework: UInt8, Sendable, Hashable, CaseIterable {
    case callKit, liveCommunicationKit

    package var displayName: String { self == .callKit ? "CallKit" : "LiveCommunicationKit" }

    /// `reportNewIncomingCall(with:…)` (completion and async forms) and `reportNewIncomingConversation(uuid:…)`:
    /// the base name and the first argument label, so an app's own `reportNewIncomingCall(uuid:handle:)` is
    /// judged by its summary instead.
    package static let members: [(name: String, label: String, framework: ReportFramework)] = [
        ("reportNewIncomingCall", "with", .callKit),
        ("reportNewIncomingConversation", "uuid", .liveCommunicationKit),
    ]

    /// The framework a call reports through when it is one of the frameworks' own report calls.
    package static func direct(_ call: Int, in file: TokenizedFile, outline: SyntaxOutline) -> ReportFramework? {
        let record = outline.calls[call]
        let token = file.tokens[record.nameToken]
        guard let member = members.first(where: { file.token(token, equals: $0.name) }),
            let label = record.arguments.first?.label, file.token(file.tokens[label], equals: member.label)
        else { return nil }
        return member.framework
    }
}

/// Where a function reports an incoming call through each framework, on any path: the first such report
/// (its own call, or the report inside a helper it calls). At most one step per framework, so a summary
/// stays small however many reports a function makes. `dual_report`'s fact in the function summaries.
package struct ReportChannels: FunctionFact {
    package var callKit: RemoteStep?
    package var liveCommunicationKit: RemoteStep?

    package init() {}

    package var isEmpty: Bool { callKit == nil && liveCommunicationKit == nil }

    package subscript(framework: ReportFramework) -> RemoteStep? {
        get { framework == .callKit ? callKit : liveCommunicationKit }
        set {
            if framework == .callKit { callKit = newValue } else { liveCommunicationKit = newValue }
        }
    }

    /// The frameworks reported through.
    package var frameworks: [ReportFramework] { ReportFramework.allCases.filter { self[$0] != nil } }

    /// Fills the frameworks not yet seen from a callee's channels.
    mutating func add(_ other: ReportChannels) {
        for framework in ReportFramework.allCases where self[framework] == nil { self[framework] = other[framework] }
    }

    /// Only the frameworks both report through (several bodies a call may reach: a mock and the real one).
    package func agreeing(with other: ReportChannels) -> ReportChannels {
        var result = self
        for framework in ReportFramework.allCases where other[framework] == nil { result[framework] = nil }
        return result
    }

    /// The frameworks the function reports through, in call order: its own report calls, and the
    /// channels of the summarised functions it calls.
    package static func summarize(_ function: SummarizedFunction) -> ReportChannels {
        let context = function.context
        let syntax = function.syntax
        var channels = ReportChannels()
        for call in function.calls {
            if let framework = ReportFramework.direct(call, in: context.file, outline: context.outline) {
                if channels[framework] == nil {
                    let token = context.outline.calls[call].nameToken
                    channels[framework] = syntax.remoteStep(
                        at: token, path: function.path, "reported through \(framework.displayName) here")
                }
            } else if let resolved = syntax.resolvedCall(call) {
                channels.add(resolved.summary.facts[ReportChannels.self])
            }
            if channels.callKit != nil && channels.liveCommunicationKit != nil { break }
        }
        return channels
    }
}
