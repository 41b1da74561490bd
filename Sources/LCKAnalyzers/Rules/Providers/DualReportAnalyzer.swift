import LCKCore
import LCKLexer
import LCKParser
import LCKProjectModel
import LCKRules

/// Finds one incoming call reported through both CallKit and LiveCommunicationKit on one path.
///
/// During the two-stack period an app keeps `CXProvider` for systems before iOS 17.4 and adds
/// `ConversationManager`; both report paths must be split (`if #available(iOS 17.4, *) { … } else { … }`,
/// or a `guard #available` whose else reports through CallKit and returns). Reports on one path put two
/// incoming-call screens in front of the user. A report made by a helper counts through its summary
/// (`FunctionSummary.reportChannels`), in this file or another. The finding sits at the second report.
package struct DualReportAnalyzer: Analyzer {
    package let ruleID = "dual_report"

    package init() {}

    /// Report sites compared per function, at most: pairs are compared, so the count is bounded.
    static let maximumSitesPerFunction = 16

    /// A report of the function: a framework call, or a call of a helper that reports.
    struct Site {
        var call: Int
        var function: Int
        var channels: ReportChannels
        /// Set for a helper's report: where the helper reports.
        var viaHelper: String?
    }

    package func triggerNames(rules: RuleTable) -> Set<String>? { Set(ReportFramework.members.map(\.name)) }

    /// Callers of helpers that report count too.
    package func prefilterNames(project: ProjectFacts) -> Set<String> {
        project.summaries.names(having: ReportChannels.self)
    }

    package var functionFacts: [any FunctionFact.Type] { [ReportChannels.self] }

    package func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {
        let syntax = StatementSyntax(context: context)
        let sites = reportSites(context, syntax: syntax)
        guard sites.count > 1 else { return }
        let paths = ExclusivePaths(outline: context.outline, syntax: syntax)
        var groups: [Int: [Site]] = [:]
        var order: [Int] = []
        for site in sites {
            if groups[site.function] == nil { order.append(site.function) }
            if groups[site.function, default: []].count < Self.maximumSitesPerFunction {
                groups[site.function, default: []].append(site)
            }
        }
        for function in order {
            guard let group = groups[function], group.count > 1,
                Set(group.flatMap(\.channels.frameworks)).count == ReportFramework.allCases.count,
                let body = context.outline.functions[function].bodyBlock
            else { continue }
            let chains = group.map { paths.chain(of: context.outline.calls[$0.call].nameToken, body: body) }
            for second in group.indices.dropFirst() {
                for first in 0..<second {
                    guard let pair = Self.frameworks(group[first].channels, then: group[second].channels),
                        !paths.areExclusive(chains[first], chains[second])
                    else { continue }
                    findings.append(finding(group[first], group[second], pair, context: context, syntax: syntax))
                    break
                }
            }
        }
    }

    /// A framework the first site reports through and a different one the second does.
    static func frameworks(
        _ first: ReportChannels, then second: ReportChannels
    ) -> (ReportFramework, ReportFramework)? {
        for earlier in first.frameworks {
            if let later = second.frameworks.first(where: { $0 != earlier }) { return (earlier, later) }
        }
        return nil
    }

    /// The file's report sites in source order, each with its innermost enclosing function (one sweep).
    func reportSites(_ context: AnalysisContext, syntax: StatementSyntax) -> [Site] {
        let outline = context.outline
        let file = context.file
        let functions = outline.functions.indices.filter { outline.functions[$0].body != nil }
            .sorted { outline.functions[$0].body!.lowerBound < outline.functions[$1].body!.lowerBound }
        var open: [Int] = []
        var next = 0
        var sites: [Site] = []
        for call in outline.calls.indices {
            var channels = ReportChannels()
            var helper: String?
            if let framework = ReportFramework.direct(call, in: file, outline: outline) {
                channels[framework] = RemoteStep(path: "", position: .unknown, message: "")
            } else if let resolved = syntax.resolvedCall(call), !resolved.summary.facts[ReportChannels.self].isEmpty {
                channels = resolved.summary.facts[ReportChannels.self]
                helper = resolved.summary.selector
            } else {
                continue
            }
            let token = outline.calls[call].nameToken
            while next < functions.count, outline.functions[functions[next]].body!.lowerBound <= token {
                let start = outline.functions[functions[next]].body!.lowerBound
                while let top = open.last, !outline.functions[top].body!.contains(start) { open.removeLast() }
                open.append(functions[next])
                next += 1
            }
            while let top = open.last, !outline.functions[top].body!.contains(token) { open.removeLast() }
            guard let function = open.last else { continue }
            sites.append(Site(call: call, function: function, channels: channels, viaHelper: helper))
        }
        return sites
    }

    private func finding(
        _ first: Site, _ second: Site, _ pair: (ReportFramework, ReportFramework), context: AnalysisContext,
        syntax: StatementSyntax
    ) -> Finding {
        let outline = context.outline
        let firstToken = outline.calls[first.call].nameToken
        let secondToken = outline.calls[second.call].nameToken
        let firstText = describe(first, framework: pair.0, token: firstToken, syntax: syntax)
        let secondText = describe(second, framework: pair.1, token: secondToken, syntax: syntax)
        var witness = [syntax.step(at: firstToken, "first report: \(firstText)")]
        if first.viaHelper != nil, var remote = first.channels[pair.0]?.witnessStep {
            remote.message = "\(pair.0.displayName) report inside the helper"
            witness.append(remote)
        }
        witness.append(syntax.step(at: secondToken, "second report, on the same path: \(secondText)"))
        if second.viaHelper != nil, var remote = second.channels[pair.1]?.witnessStep {
            remote.message = "\(pair.1.displayName) report inside the helper"
            witness.append(remote)
        }
        return context.finding(
            ruleID, at: context.range(ofToken: secondToken),
            message:
                "This incoming call is reported through both \(pair.0.displayName) (\(firstText)) and "
                + "\(pair.1.displayName) (\(secondText)) with no availability split: the user sees two call "
                + "screens; choose one with `if #available(iOS 17.4, *) { … } else { … }`",
            witness: witness, evidence: [firstText, secondText])
    }

    /// "`reportNewIncomingCall` at line 12", or "`reportViaCallKit(uuid:)` at line 12, which reports at
    /// CallService.swift:40".
    private func describe(_ site: Site, framework: ReportFramework, token: Int, syntax: StatementSyntax) -> String {
        let name = syntax.file.name(at: token)
        guard let helper = site.viaHelper, let remote = site.channels[framework] else {
            return "`\(name)` at line \(syntax.line(of: token))"
        }
        return "`\(helper)` at line \(syntax.line(of: token)), which reports at \(remote.shortLocation)"
    }
}
