import MailboxReports
import MailboxScene
import MailboxScript
import MailboxSim
import MailboxText

/// What the page shows of one phone: its SVG, the `state --json` object and the parameter values.
enum PhoneView {
    static func screen(_ session: Session) -> ServerMessage.PhoneScreen {
        let snapshot = session.screen.snapshot()
        return ServerMessage.PhoneScreen(svg: SVGWriter.document(Scene(screen: snapshot)), state: state(session),
                                         params: params(snapshot.settings))
    }

    /// The object `state --json` prints (run on a copy: a looking line changes nothing).
    static func state(_ session: Session) -> JSON {
        var copy = session
        copy.collectsTrace = false
        guard let outcome = try? copy.execute(line: "state --json"), case .json(let machine)? = outcome.report else { return .null }
        return JSONReport.value(machine)
    }

    /// Each parameter's value now, as the words `set` takes (name → words).
    static func params(_ settings: Settings) -> JSON {
        .object(TunableTable.all.map { ($0.name, .string(TunableTable.shown($0, in: settings))) })
    }

    /// The timeline's lines as `timeline` prints them.
    static func timeline(_ session: Session) -> [String] {
        var copy = session
        guard let outcome = try? copy.execute(line: "timeline"), let report = outcome.report else { return [] }
        return TextReport.lines(report)
    }
}
