import MailboxScript
import MailboxSim

/// The settings in force as every export carries them: each parameter of `TunableTable` with its value and what it
/// does, the profile they start from and what was tuned away from it. The renderers read only this and the model's
/// own enums (zones, palette, icons), so a parameter added to the table reaches every export.
public struct Interaction: Sendable {
    /// The settings themselves.
    public let settings: Settings
    /// The profile the parameters were last set to.
    public let profile: Profile
    /// Every parameter with one value, in `help set`'s order (no shorthand, no profile, no frame rate).
    public let parameters: [Parameter]
    /// What differs from the profile, as `set` writes it: `threshold.left.near 80`.
    public let tuned: [String]

    /// One parameter: its name in `help set`, the identifier the code calls it, its value and what it does.
    public struct Parameter: Sendable {
        /// `threshold.left.near`.
        public let name: String
        /// `thresholdLeftNear`.
        public let identifier: String
        public let value: TunableValue
        public let kind: Tunable.Kind
        public let summary: String
    }

    /// Parameters no export carries, and why: the profile is named in the header, and the frame rate is how often
    /// mailsim samples a scripted pan, not something the phone does.
    public static let notExported: [String: String] = [
        "profile": "named in the file's header; its numbers are the parameters themselves",
        "fps": "how often mailsim samples a scripted pan; the phone reports touches at its own rate"
    ]

    public init(settings: Settings) {
        self.settings = settings
        profile = settings.profile
        let listing = ParameterListing(settings: settings)
        var parameters: [Parameter] = []
        for tunable in TunableTable.all where !tunable.isShorthand && Interaction.notExported[tunable.name] == nil {
            guard let value = try? tunable.value(in: settings) else { continue }
            parameters.append(
                Parameter(
                    name: tunable.name, identifier: Interaction.identifier(tunable.name), value: value,
                    kind: tunable.kind, summary: tunable.summary))
        }
        self.parameters = parameters
        tuned = listing.differing.map { "\($0.name) \($0.shown)" }
    }

    /// The parameter called `name` (`help set`'s name).
    public func parameter(_ name: String) -> Parameter? { parameters.first { $0.name == name } }

    /// `threshold.left.near` → `thresholdLeftNear`, `compose.draft-alert` → `composeDraftAlert`.
    public static func identifier(_ name: String) -> String {
        var out = ""
        var upper = false
        for character in name {
            if character == "." || character == "-" {
                upper = true
                continue
            }
            out += upper ? character.uppercased() : String(character)
            upper = false
        }
        return out
    }

    /// Where the settings come from, for a file's first comment: `profile mailbox (SPEC's numbers)`, and what was
    /// tuned.
    public var origin: [String] {
        var lines = ["profile \(profile.rawValue): \(profile.summary)"]
        if tuned.isEmpty {
            lines.append("nothing tuned away from the profile")
        } else {
            lines.append("tuned: " + tuned.joined(separator: "; "))
        }
        return lines
    }
}
