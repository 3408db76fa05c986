import MailboxScript
import MailboxSim
import MailboxText

/// `params`: the profile, then a line per parameter (name, value, SPEC's default, what it does), `*` marking
/// those that differ from the profile.
public enum ParamsText {
    public static func lines(_ listing: ParameterListing) -> [StyledLine] {
        let differing = listing.differing
        var heading = "profile \(listing.profile.rawValue): \(listing.profile.summary)"
        heading +=
            differing.isEmpty
            ? "; no parameter differs from it"
            : "; \(counted(differing.count, "parameter")) \(differing.count == 1 ? "differs" : "differ") from it (*)"
        if listing.profile != .mailbox {
            heading += ". Its numbers are read from \(listing.profile.origin); help set profile cites each"
        }
        var table = TextTable(header: ["", "name", "value", "default", "what it does"])
        table.maxWidth = TextTable.reportWidth
        for entry in listing.entries {
            table.append(spans: [
                [Span(entry.differsFromProfile ? "*" : " ")], [Span(entry.name, .path)], [Span(entry.shown)],
                [Span(entry.defaultValue.scriptText)], [Span(entry.summary)]
            ])
        }
        return TextTable.wrap(heading, width: TextTable.reportWidth).map { [Span($0, .heading)] } + table.lines(.plain)
    }
}
