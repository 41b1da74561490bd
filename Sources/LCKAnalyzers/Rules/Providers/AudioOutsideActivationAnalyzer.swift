import LCKCore
import LCKLexer
import LCKParser
import LCKProjectModel
import LCKRules

/// Flags call audio started by the app in an action handler, the PushKit handler, or a helper they call
/// (two levels deep; a helper in another file through the project's `handlerHelpers`), instead of in
/// `provider(_:didActivate:)` / `conversationManager(_:didActivate:)`.
///
/// Starting means `setActive(true…)`, `isAudioEnabled = true`, an audio engine/unit/capture start or a
/// media start call; the lists are `parameters` of `Rules/analyzers/audio_outside_activation.json`.
/// Setting the category or mode early is Apple's own sample practice and is not flagged.
package struct AudioOutsideActivationAnalyzer: Analyzer {
    package let ruleID = "audio_outside_activation"

    package init() {}

    /// How many helper levels below a handler are searched.
    static let helperDepth = 2

    struct Vocabulary {
        var activatingMembers: [String]
        var enablingProperties: [String]
        var startFunctions: [String]
        var engineStartMembers: [String]
        var engineWords: WordList
        var engineTypes: [String]
        var mediaStartMembers: [String]

        init(_ parameters: AnalyzerParameters?) {
            activatingMembers = parameters?.strings("activatingMembers") ?? ["setActive"]
            enablingProperties = parameters?.strings("enablingProperties") ?? ["isAudioEnabled"]
            startFunctions = parameters?.strings("startFunctions") ?? ["AudioOutputUnitStart"]
            engineStartMembers = parameters?.strings("engineStartMembers") ?? ["start", "startRunning"]
            engineWords = WordList(parameters?.strings("engineWords") ?? ["engine"])
            engineTypes = parameters?.strings("engineTypes") ?? ["AVAudioEngine"]
            mediaStartMembers = parameters?.strings("mediaStartMembers") ?? ["startAudio"]
        }
    }

    /// Only files that import CallKit/LCK or adopt their delegate protocols are judged (`usesCallKitOrLCK`),
    /// and the VoIP push handlers of files that import PushKit: a VoIP push must report a call, so its
    /// handler is a call path even where the CallKit code lives elsewhere.
    package func triggerNames(rules: RuleTable) -> Set<String>? { CallRoles.callKitOrLCKNames.union(["PushKit"]) }

    /// Helpers that a handler in another file calls: their audio starts run in that handler too.
    package func prefilterNames(project: ProjectFacts) -> Set<String> { Set(project.summaries.handlerHelpers.keys) }

    package func analyze(_ context: AnalysisContext, into findings: inout [Finding]) {
        if let walk = walked(context) { findings += walk.findings }
    }

    /// The walk over every root function of the file, nil when the file has none to judge.
    func walked(_ context: AnalysisContext) -> AudioStartWalk? {
        let usesCallKit = CallRoles.usesCallKitOrLCK(context)
        let importsPushKit = context.outline.imports.contains { context.file.name(at: $0.moduleToken) == "PushKit" }
        let handlerHelpers = context.project.summaries.handlerHelpers
        guard usesCallKit || importsPushKit || !handlerHelpers.isEmpty else { return nil }
        var walk = AudioStartWalk(
            context: context, vocabulary: Vocabulary(context.metadata(for: ruleID)?.parameters), analyzer: self)
        let outline = context.outline
        let file = context.file
        for (root, function) in outline.functions.enumerated() where function.body != nil {
            let selector = outline.selector(ofFunction: root, in: file)
            let isHandler =
                CallRoles.actionHandlerSelectors.contains(selector) || CallRoles.pushHandlerSelectors.contains(selector)
            let isJudgedPushHandler = importsPushKit && CallRoles.pushHandlerSelectors.contains(selector)
            if isHandler && (usesCallKit || isJudgedPushHandler) {
                walk.report(from: root, place: "in `\(selector)`", helperPlace: "in a helper of `\(selector)`")
            } else if function.kind == .function, !isHandler,
                let caller = handlerHelpers[file.name(at: function.nameToken)]
            {
                // Defined here, run by a handler elsewhere (`startAudio()` called from a perform handler).
                let place = "in `\(selector)`, called from \(caller.shortLocation) (\(caller.message))"
                walk.report(from: root, place: place, helperPlace: place, depth: 1, witness: [caller.witnessStep])
            } else if usesCallKit, function.kind == .function,
                CallRoles.isPerCallName(file.name(at: function.nameToken))
            {
                // Call-flow functions (`startCall`, `displayIncomingCall`) run before didActivate too; the
                // name is the only evidence, so their findings are low confidence.
                walk.report(
                    from: root, place: "in `\(selector)`", helperPlace: "in a helper of `\(selector)`",
                    callFlow: selector)
            }
        }
        return walk
    }

    enum Start {
        /// A call to same-file functions that may start audio themselves (a `SameFileFunctions` list).
        case helper(Int, Int)
        /// An audio start at a token, described.
        case audio(Int, String)
    }

    /// Audio starts and helper calls directly in `body` (closures included), in source order.
    /// `callerType`: the type whose method `body` belongs to; a bare or `self.` call reaches that type's own
    /// function of the name when it has one, not every same-named function of the file.
    func starts(
        in body: Range<Int>, context: AnalysisContext, vocabulary: Vocabulary, functionsByName: SameFileFunctions,
        callerType: String?, localTypes: Set<String>, enabling: [Int]
    ) -> [Start] {
        let file = context.file
        let tokens = file.tokens
        var result: [Start] = []
        for index in context.outline.calls(in: body) {
            let call = context.outline.calls[index]
            let name = file.name(at: call.nameToken)
            let receiver = call.receiver
            // `helper()`, `self.helper()`, `Self.helper()`, `CallManager.helper()` for a type declared here.
            let namedType = receiver.count == 1 ? file.name(at: receiver.lowerBound) : nil
            let isOwn =
                receiver.isEmpty
                || (receiver.count == 1
                    && (tokens[receiver.lowerBound].keyword == .self
                        || file.token(tokens[receiver.lowerBound], is: "Self")))
            let isSelfOrBare = isOwn || namedType.map(localTypes.contains) == true
            if vocabulary.activatingMembers.contains(name), let first = call.arguments.first, first.label == nil,
                first.value.count == 1, tokens[first.value.lowerBound].keyword == .true
            {
                result.append(.audio(call.nameToken, "`\(name)(true)` activates the audio session"))
            } else if isSelfOrBare,
                let helpers = functionsByName.functions(named: name, in: isOwn ? callerType : namedType)
            {
                result.append(.helper(call.nameToken, helpers))
            } else if receiver.isEmpty, vocabulary.startFunctions.contains(name) {
                result.append(.audio(call.nameToken, "`\(name)` starts an audio unit"))
            } else if vocabulary.engineStartMembers.contains(name), !Self.isSwitchOff(call, in: file),
                isEngine(receiver, in: context, vocabulary: vocabulary)
            {
                result.append(.audio(call.nameToken, "`\(file.text(of: receiver)).\(name)()` starts audio or capture"))
            } else if !receiver.isEmpty, vocabulary.mediaStartMembers.contains(name) {
                result.append(.audio(call.nameToken, "`\(name)()` starts call media"))
            }
        }
        var low = enabling.partitioningIndex { $0 >= body.lowerBound }
        while low < enabling.count, enabling[low] < body.upperBound {
            result.append(.audio(enabling[low], "`\(file.name(at: enabling[low])) = true` enables call audio"))
            low += 1
        }
        return result
    }

    /// Member tokens of `x.enablingProperty = true` in the file, in order: found once per file and
    /// looked up per body by binary search (a scan of every member access per body was quadratic in a
    /// large file).
    static func enablingAssignments(_ context: AnalysisContext, vocabulary: Vocabulary) -> [Int] {
        let file = context.file
        let tokens = file.tokens
        return context.outline.memberAccesses.compactMap { access -> Int? in
            guard vocabulary.enablingProperties.contains(file.name(at: access.member)),
                access.member + 2 < tokens.count, tokens[access.member + 1].kind == .equal,
                tokens[access.member + 2].keyword == .true
            else { return nil }
            return access.member
        }.sorted()
    }

    /// `audioEngine`, `self.engine`, `AVAudioEngine()`, `AudioManager.shared`, or a name whose type is a
    /// listed engine type: any name in the receiver chain counts.
    func isEngine(_ receiver: Range<Int>, in context: AnalysisContext, vocabulary: Vocabulary) -> Bool {
        let file = context.file
        for index in receiver where file.tokens[index].kind == .identifier {
            let name = file.name(at: index)
            if vocabulary.engineTypes.contains(name) { return true }
            if let type = context.facts.typeOf(name: name, at: index), vocabulary.engineTypes.contains(type) {
                return true
            }
            if CallRoles.lastMatch(CallRoles.words(of: name), in: vocabulary.engineWords) != nil { return true }
        }
        return false
    }

    /// `start(.none)`, `setEngineAvailability(.none)`, `start(false)`: switching off, not on.
    static func isSwitchOff(_ call: Call, in file: TokenizedFile) -> Bool {
        guard let value = call.arguments.first?.value, let last = value.last else { return false }
        let token = file.tokens[last]
        return token.keyword == .false || file.token(token, is: "none") || file.token(token, is: "disabled")
    }
}
