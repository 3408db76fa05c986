import MailboxJSON

/// `mailsim grade --json`: one object a walkthrough (docs/grade.md, "JSON"), written by the one JSON writer.
public enum GradeJSON {
    /// The object of one walkthrough's report; `file` as the user gave it. With a README's `claims`, a `readme`
    /// member lists the stories it claims, those claimed and not seen, and those seen and not claimed.
    public static func object(_ report: GradeReport, file: String, claims: ReadmeClaims? = nil) -> JSON {
        var members: [(String, JSON)] = [
            ("file", .string(file)), ("frames", .int(report.frames)), ("seconds", .number(report.seconds))
        ]
        if let s = report.screen {
            members.append(
                (
                    "screen",
                    .object([
                        ("x", .int(s.x)), ("y", .int(s.y)), ("width", .int(s.width)), ("height", .int(s.height)),
                        ("scale", .int(s.scale))
                    ])
                ))
        } else {
            members.append(("screen", .null))
        }
        var stories: [(String, JSON)] = []
        for finding in report.findings {
            let seen: JSON =
                switch finding.verdict {
                case .seen: .bool(true)
                case .notSeen: .bool(false)
                case .unsure: .null
                }
            stories.append(
                (
                    finding.story.rawValue,
                    .object([
                        ("seen", seen), ("required", .bool(finding.story.isRequired)),
                        ("at", finding.time.map { .number($0) } ?? .null),
                        ("frame", finding.frame.map { .int($0) } ?? .null),
                        ("evidence", .string(finding.evidence))
                    ])
                ))
        }
        members.append(("stories", .object(stories)))
        var measured: [(String, JSON)] = report.thresholds.map { b in
            (b.name, .array([b.below.map { .int($0) } ?? .null, b.above.map { .int($0) } ?? .null]))
        }
        measured.append(("colors", .object(report.colours.map { ($0.stage, .string($0.colour.hex)) })))
        measured.append(
            (
                "durations",
                .object(report.durations.map { ($0.name, .array([.number($0.atLeast), .number($0.atMost)])) })
            ))
        members.append(("measured", .object(measured)))
        if let claims {
            let (claimedNotShown, shownNotClaimed) = claims.compare(report)
            let ids = { (findings: [StoryFinding]) in JSON.array(findings.map { .string($0.story.rawValue) }) }
            let claimed = Story.allCases.filter { claims.claims[$0] != nil }
            members.append(
                (
                    "readme",
                    .object([
                        ("claimed", .array(claimed.map { .string($0.rawValue) })),
                        ("claimedNotShown", ids(claimedNotShown)), ("shownNotClaimed", ids(shownNotClaimed))
                    ])
                ))
        }
        return .object(members)
    }
}
