// The exported Swift set's gesture rules, a Swift file of its own (`MailboxInteraction+Rules.swift`): the model's
// rules as they are (`EmbeddedRules`: Sources/MailboxSim/Rules, embedded at `// __rules__`), which the decisions
// (Templates/Decisions.swift) call. `mailsim export swift` writes the lines between the TEMPLATE markers, each
// `__name__` filled by `SwiftDecisions.rules` (Template.swift); tools/check-templates.sh checks it.
// BEGIN TEMPLATE
// MARK: - mailsim's gesture rules (Sources/MailboxSim/Rules, embedded as they are)

extension __typeName__ {
    /// The model's name for `Zone`, which the rules below use.
    typealias SwipeZone = Zone

    // __rules__
}
// END TEMPLATE
