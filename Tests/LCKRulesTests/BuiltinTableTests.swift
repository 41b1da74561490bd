import LCKCore
import LCKRules
import Testing

@Suite struct BuiltinTableTests {
    static let table: RuleTable = {
        do {
            return try RuleLoader.loadBuiltin()
        } catch {
            Issue.record("built-in rules do not load:\n\(error)")
            return RuleTable(mappings: [], analyzers: [])
        }
    }()

    @Test func loadsWithoutOverrides() {
        #expect(Self.table.mappings.count >= 180)
        #expect(Self.table.overrides.isEmpty)
        #expect(Self.table.fingerprint.count == 64)
    }

    @Test func analyzerIDsAreExactlyTheAgreedSet() {
        let expected: Set = [
            "unresolved_action", "premature_fulfill", "unreported_voip_push", "regenerated_incoming_uuid",
            "transient_handle", "audio_outside_activation", "unretained_delegate", "multiple_providers",
            "swallowed_report_error", "missing_action_handler", "empty_reset", "push_completion_not_called",
            "unnormalized_handle", "unused_suppression", "missing_voip_background_mode", "missing_usage_description",
            "missing_dialing_entitlement", "unguarded_lck_availability", "dual_report",
        ]
        #expect(Set(Self.table.analyzers.map(\.id)) == expected)
    }

    @Test(arguments: [
        ("unresolved_action", Severity.error), ("unreported_voip_push", .error), ("audio_outside_activation", .error),
        ("unretained_delegate", .error), ("premature_fulfill", .warning), ("unnormalized_handle", .note),
        ("transient_handle", .note), ("push_completion_not_called", .note), ("unused_suppression", .note),
    ])
    func analyzerSeverities(id: String, severity: Severity) {
        #expect(Self.table.analyzer(id: id)?.severity == severity)
    }

    @Test func onlyUnusedSuppressionIsMeta() {
        let meta = Self.table.analyzers.filter { $0.kind == .meta }.map(\.id)
        #expect(meta == ["unused_suppression"])
    }

    @Test func everyAnalyzerHasEnoughExamples() {
        for rule in Self.table.analyzers {
            #expect(rule.triggeringExamples.count >= 2, "\(rule.id)")
            #expect(rule.nonTriggeringExamples.count >= 2, "\(rule.id)")
            #expect(!rule.sources.isEmpty, "\(rule.id)")
        }
    }

    @Test func transientHandleWordsAreData() {
        let words = Self.table.analyzer(id: "transient_handle")?.parameters.strings("transientWords") ?? []
        #expect(words.contains("token"))
        #expect(words.contains("room"))
        let table = Self.table.analyzer(id: "missing_action_handler")?.parameters.stringTable("capabilityActions")
        #expect(table?["supportsHolding"]?.contains("PauseConversationAction") == true)
    }

    @Test func builtinMappingsAreComplete() {
        for rule in Self.table.mappings {
            #expect(
                rule.location.file == "Rules/mappings/\(rule.area.rawValue).json",
                "\(rule.id) is in the wrong area file")
            #expect(rule.availability != nil, "\(rule.id) has no availability")
            #expect(rule.docs?.hasPrefix("https://developer.apple.com/documentation/") == true, "\(rule.id)")
            #expect(rule.example != nil, "\(rule.id) has no example")
            #expect(rule.example?.afterIs != nil, "\(rule.id) does not say what example.after is (afterIs)")
            #expect(!rule.tags.isEmpty, "\(rule.id) has no tags")
            #expect((1...8).contains(rule.effort), "\(rule.id)")
        }
    }

    /// SARIF rejects a rule whose `properties.tags` repeat; several mappings list their area as a tag too.
    @Test func descriptorTagsAreUnique() {
        let repeated = Self.table.descriptors.filter { Set($0.tags).count != $0.tags.count }.map(\.id)
        #expect(repeated.isEmpty, "descriptors with repeated tags: \(repeated)")
        let areaAlsoTagged = Self.table.mappings.filter { $0.tags.contains($0.area.rawValue) }
        #expect(!areaAlsoTagged.isEmpty, "the test no longer covers an area repeated among a mapping's tags")
    }

    /// The severity policy documented in Rules/README.md: a usage is a note unless the rule says otherwise,
    /// and only a symbol with no equivalent whose behaviour is silently lost says so.
    @Test func severityPolicy() {
        for rule in Self.table.mappings {
            switch rule.mappingKind {
            case .noEquivalent: #expect(rule.severity != .error, "\(rule.id)")
            default: #expect(rule.severity == .note, "\(rule.id)")
            }
        }
    }

    /// The no-equivalent symbols that lose behaviour on the migrated path stay warnings, and are the only ones.
    @Test func onlyLostBehaviourIsAWarning() {
        let warnings = Self.table.mappings.filter { $0.severity == .warning }.map(\.id).sorted()
        #expect(
            warnings == [
                "cxaction_init_coder", "cxcall_is_outgoing", "cxstartcallaction_contact_identifier",
                "provider_execute_transaction",
            ])
        #expect(Self.table.mappings.filter { $0.severity == .warning }.allSatisfy { $0.mappingKind == .noEquivalent })
    }

    @Test func precisionForCommonNames() {
        // Bare `.generic` only counts in handle contexts.
        guard case .enumCase(let generic)? = Self.table.mapping(id: "cxhandle_handletype_generic")?.matches.first else {
            Issue.record("cxhandle_handletype_generic is not an enum-case match")
            return
        }
        #expect(generic.callees == ["CXHandle"])
        #expect(generic.properties?.contains("supportedHandleTypes") == true)
        // Common member names never fire on an unknown receiver.
        let common: Set = [
            "fulfill", "fail", "uuid", "callUUID", "setDelegate", "invalidate", "configuration",
            "handle", "isVideo", "isMuted", "digits", "type", "value", "calls", "request", "delegate",
        ]
        for rule in Self.table.mappings {
            for case .member(let access) in rule.matches
            where common.contains(access.name) && access.labels?.isEmpty != false {
                #expect(access.unknownReceiver == .skip, "\(rule.id)")
            }
        }
        for id in [
            "cxprovider_report_new_incoming_call", "cxcallcontroller_request_transaction",
            "cxproviderconfiguration_includes_calls_in_recents", "cxcallupdate_remote_handle",
        ] {
            guard case .member(let access)? = Self.table.mapping(id: id)?.matches.first else {
                Issue.record("\(id) is not a member match")
                continue
            }
            #expect(access.unknownReceiver == .report, "\(id)")
        }
    }

    @Test func descriptorsCoverEveryRule() {
        let descriptors = Self.table.descriptors
        #expect(descriptors.count == Self.table.mappings.count + Self.table.analyzers.count)
        #expect(descriptors.map(\.id) == descriptors.map(\.id).sorted())
        let report = descriptors.first { $0.id == "cxprovider_report_new_incoming_call" }
        #expect(report?.kind == .mapping)
        #expect(report?.mappingKind == .callbackToAsync)
        #expect(
            report?.summary
                == "CXProvider.reportNewIncomingCall(with:update:completion:) → ConversationManager.reportNewIncomingConversation(uuid:update:) async throws"
        )
    }
}

@Suite struct MatchIndexTests {
    @Test func patternsAreKeyedByTheNameTheEngineSees() {
        let index = BuiltinTableTests.table.matchIndex
        #expect(
            index.members["reportNewIncomingCall"]?.map(\.ruleID).sorted()
                == ["cxprovider_report_new_incoming_call", "cxprovider_report_new_incoming_call_async"])
        #expect(index.types["HandleType"]?.map(\.ruleID) == ["cxhandle_handletype"])
        #expect(index.initializers["CXHandle"]?.map(\.ruleID) == ["cxhandle_init"])
        #expect(index.enumCases["answeredElsewhere"]?.map(\.ruleID) == ["cxcallendedreason_answered_elsewhere"])
        let performHandlers = index.delegateMethods["provider"]?.map(\.ruleID) ?? []
        #expect(performHandlers.contains("provider_perform_answer_call_action"))
        #expect(performHandlers.contains("provider_did_activate_audio_session"))
        #expect(index.allNames.contains("CXProvider"))
        #expect(!index.allNames.contains("ConversationManager"))
    }

    @Test func everyPatternIsIndexedOnce() {
        let table = BuiltinTableTests.table
        let index = table.matchIndex
        let indexed = [index.types, index.initializers, index.members, index.delegateMethods, index.enumCases]
            .reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.count } }
        #expect(indexed == table.mappings.reduce(0) { $0 + $1.matches.count })
    }
}
