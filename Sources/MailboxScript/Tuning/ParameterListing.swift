import MailboxSim

/// What `params` found: the profile, and every parameter's value now, SPEC's default and the profile's.
public struct ParameterListing: Equatable, Sendable {
    public let profile: Profile
    public let entries: [Entry]

    /// One parameter's line.
    public struct Entry: Equatable, Sendable {
        public let name: String
        /// Nil when it has no single value (a both-sides threshold with the sides set apart).
        public let value: TunableValue?
        /// The value as `params` shows it (`left 80, right 60` for a threshold whose sides differ).
        public let shown: String
        public let defaultValue: TunableValue
        /// Whether it differs from the profile's value (a profile sets some; the rest have SPEC's).
        public let differsFromProfile: Bool
        public let summary: String
    }

    public init(settings: Settings) {
        profile = settings.profile
        let profiled = settings.profile.applied(to: Settings())
        entries = TunableTable.all.map { tunable in
            let value = tunable.read(settings)
            let reference = tunable.read(profiled)
            return Entry(
                name: tunable.name, value: value, shown: TunableTable.shown(tunable, in: settings),
                defaultValue: tunable.defaultValue,
                differsFromProfile: tunable.name != "profile" && value != reference, summary: tunable.summary)
        }
    }

    /// The parameters that differ from the profile's values.
    public var differing: [Entry] { entries.filter({ $0.differsFromProfile }) }
}
