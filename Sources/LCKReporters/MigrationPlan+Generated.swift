// GENERATED from Rules/plan.json. Do not edit: re-record with
// `LCKMIGRATE_RECORD=1 swift test --filter MigrationPlanEmbedding` (a test fails while it is stale).

/// The text of `Rules/plan.json`, compiled in so the installed binary needs no Rules/ folder.
package enum MigrationPlanSource {
    static let builtinText = #"""
{
  "about": "The migration plan of `lckmigrate report`: the ten steps of the migration checklist. A step's status comes from the findings: blocked while any analyzer in `analyzers` has an active finding, to do while any mapping finding of severity warning (code that must change) is in one of `areas` or `rules`, done otherwise. After editing, run `LCKMIGRATE_RECORD=1 swift test --filter MigrationPlanEmbedding` to refresh the embedded copy.",
  "areas": [
    {"id": "provider", "title": "Provider & configuration"},
    {"id": "incoming", "title": "Incoming & PushKit"},
    {"id": "outgoing", "title": "Outgoing"},
    {"id": "actions", "title": "Actions"},
    {"id": "audio", "title": "Audio"},
    {"id": "handles", "title": "Handles & Recents"},
    {"id": "group", "title": "Group & merge"},
    {"id": "directory", "title": "Call Directory & observer"}
  ],
  "effortBands": [
    {"upTo": 100, "label": "small: a few days"},
    {"upTo": 400, "label": "medium: one to three weeks"},
    {"upTo": 1500, "label": "large: one to two months"},
    {"upTo": null, "label": "very large: plan it as a project"}
  ],
  "steps": [
    {
      "id": "own_manager",
      "title": "Own one ConversationManager with a retained delegate",
      "description": "Build a CallingSystem that creates the ConversationManager once at launch and keeps a strong reference to its delegate (the manager holds it weakly). Fold the CXProviderConfiguration into ConversationManager.Configuration.",
      "areas": ["provider"],
      "rules": [],
      "analyzers": ["multiple_providers", "unretained_delegate", "empty_reset"]
    },
    {
      "id": "stable_handles",
      "title": "Route every handle through a stable mapper",
      "description": "Create every Handle in one place from the app's account or contact identifier, normalised the same way each time, so the system can match calls, Recents and members.",
      "areas": ["handles"],
      "rules": [],
      "analyzers": ["transient_handle", "unnormalized_handle"]
    },
    {
      "id": "pushkit_incoming",
      "title": "Report PushKit calls as a Conversation.Update through reportNewIncomingConversation",
      "description": "In the VoIP push handler, build a Conversation.Update and await reportNewIncomingConversation(uuid:update:) before the handler returns; keep the push's call UUID.",
      "areas": ["incoming"],
      "rules": [],
      "analyzers": ["unreported_voip_push", "push_completion_not_called", "regenerated_incoming_uuid", "swallowed_report_error"]
    },
    {
      "id": "outgoing_start",
      "title": "Start outgoing calls with StartConversationAction and perform",
      "description": "Replace CXCallController and CXTransaction requests with StartConversationAction(conversationUUID:handles:isVideo:) passed to manager.perform([...]).",
      "areas": ["outgoing"],
      "rules": [],
      "analyzers": []
    },
    {
      "id": "action_state_machine",
      "title": "Handle every action in one delegate state machine",
      "description": "Join, start, end, mute, pause, play tone, merge, unmerge and translation actions all arrive in conversationManager(_:perform:); switch on the action type, resolve every path with fulfill or fail, and fail the default case.",
      "areas": ["actions"],
      "rules": [],
      "analyzers": ["unresolved_action", "premature_fulfill", "missing_action_handler"]
    },
    {
      "id": "audio_activation",
      "title": "Start audio in the delegate's didActivate callback",
      "description": "Configure the audio session early, but start media only in conversationManager(_:didActivate:) and stop it in conversationManager(_:didDeactivate:).",
      "areas": ["audio"],
      "rules": [],
      "analyzers": ["audio_outside_activation"]
    },
    {
      "id": "members_updates",
      "title": "Report members and activeRemoteMembers on every participant change",
      "description": "Whenever the server's participant state changes, report a Conversation.Update with members (invited) and activeRemoteMembers (media flowing).",
      "areas": ["group"],
      "rules": ["cxcallupdate_remote_handle", "cxcallupdate_localized_caller_name"],
      "analyzers": []
    },
    {
      "id": "recents",
      "title": "Decide which calls belong in Recents",
      "description": "Set includesConversationInRecents deliberately, and check which calls the system should list before shipping.",
      "areas": [],
      "rules": ["cxproviderconfiguration_includes_calls_in_recents"],
      "analyzers": []
    },
    {
      "id": "redial",
      "title": "Redial through the same outgoing path",
      "description": "Calls started from Recents, Siri or a contact card must enter the same StartConversationAction path as calls started in the app.",
      "areas": [],
      "rules": ["cxstartcallaction_init", "cxstartcallaction_handle", "cxstartcallaction_contact_identifier"],
      "analyzers": []
    },
    {
      "id": "feature_flag",
      "title": "Keep CallKit behind a flag until device tests pass",
      "description": "Ship both paths behind a feature flag until real-device background, lock-screen, route-change and poor-network tests pass; then remove the CallKit path. Call Directory and CXCallObserver stay on CallKit.",
      "areas": ["provider", "incoming", "outgoing", "actions", "audio", "handles", "group", "directory"],
      "rules": [],
      "analyzers": []
    }
  ]
}
"""#
}
