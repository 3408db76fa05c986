import MailboxJSON
import MailboxSim

/// The parameters as a Design Tokens Community Group file: the Design Tokens Format Module 2025.10
/// (designtokens.org/TR/2025.10/format, with the Color Module 2025.10 for colours), what `mailsim export tokens`
/// writes and `mailbox-interaction.tokens.json` holds.
///
/// - Names: groups nested by the dots of the parameter's `help set` name (`threshold.left.near` is the token
///   `near` in the group `left` in the group `threshold`); the parts are used as they are (`compose` ›
///   `draft-alert`), as names may hold anything but `$` first, `{`, `}` and `.` (§ Design token, Character
///   restrictions). Groups are objects without `$value` (§ Groups, Group Structure); the order is `help set`'s.
/// - Values: each parameter by its kind, see `DesignToken`: dimensions in px, durations in ms, Béziers as
///   cubicBezier, colours in sRGB; springs as a group of two tokens with the whole spring under `$extensions`;
///   on/off, words and rules as a group whose `$extensions` hold the value. No parameter is left out.
/// - The file's own `$description` (the top-level group's, § Groups, Group Properties) names the profile and what
///   was tuned away from it (`Interaction.origin`), and its `$extensions` hold the same as data:
///   `"com.mailsim.origin": {"profile": "mailbox", "tuned": ["threshold.left.near 80"]}`.
/// - Layout: JSON indented by two blanks (`JSON.prettyText`), numbers the shortest decimal that reads back as the
///   same double; no date, so the same settings give the same bytes; a line break at the end.
struct DesignTokens {
    let interaction: Interaction

    init(_ interaction: Interaction) { self.interaction = interaction }

    /// The file's text.
    var json: String { document.prettyText }

    /// The file as a JSON value.
    var document: JSON {
        var description = ["The Mailbox swipe interaction's parameters as design tokens, written by mailsim."]
        description += interaction.origin
        let origin: JSON = .object([
            ("profile", .string(interaction.profile.rawValue)), ("tuned", .array(interaction.tuned.map(JSON.string)))
        ])
        var tree = TokenTree(properties: [
            ("$description", .string(description.joined(separator: "\n"))),
            ("$extensions", .object([(DesignToken.vendor + ".origin", origin)]))
        ])
        for parameter in interaction.parameters {
            tree.insert(DesignToken(parameter).entry, at: DesignTokens.path(parameter.name)[...])
        }
        return tree.json
    }

    /// `threshold.left.near` → `["threshold", "left", "near"]`.
    static func path(_ name: String) -> [String] {
        name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}
