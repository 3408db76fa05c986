import MailboxJSON
import MailboxReports
import MailboxScene
import MailboxScript
import MailboxSim

/// What the page shows of one phone: its SVG, what it reads of the state, the parameter values when they changed
/// and, while the page watches it, the `state --json` object.
enum PhoneView {
    /// One phone's screens, answer after answer, written from what did not change since the last one: the SVG's
    /// top-level nodes (their text and its JSON escaping; during a drag only the dragged row's changes), and the
    /// parameters, sent only when they changed (with a `set`). The texts are those a first render writes from
    /// scratch. A screen is whole, or a patch of the nodes that changed since the last one (`ScreenPatch`).
    struct Render: Sendable {
        var svg = SVGDocumentCache()
        /// The nodes' texts and their JSON escaping (without quotes), as the last whole screen wrote them.
        var escaped: [(text: String, json: String)] = []
        var head: (text: String, json: String) = ("", "")
        /// The last screen's number (0: none yet), its head and its nodes' texts: what the page holds.
        var frame = 0
        var shownHead = ""
        var shown: [String] = []
        var shownKeys: [String?] = []
        var params: (settings: Settings, json: JSON, text: String)?
        /// The last state object's properties (path, value) and each one's text (`"path":value`).
        var properties: [(key: String, value: JSON, text: String)] = []

        /// `state.text`, each property's text kept from the last state when its value is the same (during a drag
        /// most of them are: a row's x changes, the other rows' properties do not).
        mutating func stateText(_ state: JSON) -> String {
            guard case .object(let members) = state else { return state.text }
            var out = "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                JSON.writeString(member.0, to: &out)
                out += ":"
                guard member.0 == "properties", case .object(let props) = member.1 else {
                    member.1.write(to: &out)
                    continue
                }
                var next: [(key: String, value: JSON, text: String)] = []
                next.reserveCapacity(props.count)
                out += "{"
                for (i, prop) in props.enumerated() {
                    if i > 0 { out += "," }
                    let text: String
                    if i < properties.count, properties[i].key == prop.0, properties[i].value == prop.1 {
                        text = properties[i].text
                    } else {
                        var t = ""
                        JSON.writeString(prop.0, to: &t)
                        t += ":"
                        prop.1.write(to: &t)
                        text = t
                    }
                    next.append((prop.0, prop.1, text))
                    out += text
                }
                out += "}"
                properties = next
            }
            out += "}"
            return out
        }

        /// The phone's answer from `snapshot`, its screen now (taken once by the caller): a patch of the last screen
        /// when `patching` and it is the smaller (else the whole SVG), the parameters only when they differ from the
        /// last answer's, the state object only when `watchingState`.
        mutating func screen(_ session: Session, _ snapshot: ScreenSnapshot, watchingState: Bool, patching: Bool)
            -> ServerMessage.PhoneScreen
        {
            let (head, parts) = svg.parts(Scene(screen: snapshot))
            let texts = parts.map { $0.text }
            let keys = parts.map { $0.key }
            frame += 1
            var patch: ScreenPatch?
            if patching, frame > 1, head == shownHead {
                let changed = ScreenPatch.between(shown, texts, keys: (shownKeys, keys), base: frame - 1)
                // A patch larger than half the document (most nodes changed) is sent whole: one parse for the page.
                let whole = texts.reduce(head.utf8.count) { $0 + $1.utf8.count }
                if changed.textBytes * 2 <= whole { patch = changed }
            }
            (shownHead, shown, shownKeys) = (head, texts, keys)
            let paramsChanged = params?.settings != snapshot.settings
            if paramsChanged {
                let json = PhoneView.params(snapshot.settings)
                params = (snapshot.settings, json, json.text)
            }
            let screen = session.screen
            var answer = ServerMessage.PhoneScreen(
                frame: frame, svg: nil, patch: patch, compose: screen.composePhase.rawValue,
                haptics: screen.hapticCount, params: paramsChanged ? params!.json : nil, state: nil)
            if patch == nil { (answer.svg, answer.svgLiteral) = document(head, texts) }
            if paramsChanged { answer.paramsText = params!.text }
            if watchingState {
                let state = PhoneView.state(session, snapshot)
                answer.state = state
                answer.stateText = stateText(state)
            }
            return answer
        }

        /// The whole document from its head and nodes' texts, and it as a JSON string literal (each node's escaping
        /// kept from the last whole screen when its text is the same).
        mutating func document(_ head: String, _ texts: [String]) -> (text: String, literal: String) {
            if head != self.head.text { self.head = (head, Render.escape(head)) }
            var next: [(text: String, json: String)] = []
            next.reserveCapacity(texts.count)
            var svgText = head
            var literal = "\"" + self.head.json
            for (i, text) in texts.enumerated() {
                let json = i < escaped.count && escaped[i].text == text ? escaped[i].json : Render.escape(text)
                next.append((text, json))
                svgText += text
                literal += json
            }
            escaped = next
            svgText += SVGDocumentCache.closing
            literal += Render.escape(SVGDocumentCache.closing) + "\""
            return (svgText, literal)
        }

        /// A text as inside a JSON string literal.
        static func escape(_ text: String) -> String {
            var out = JSON.quote(text)
            out.removeFirst()
            out.removeLast()
            return out
        }
    }

    /// The object `state --json` prints, read as a value from `snapshot` (the screen now) and the session.
    static func state(_ session: Session, _ snapshot: ScreenSnapshot) -> JSON {
        guard let report = try? session.stateReport(snapshot) else { return .null }
        return JSONRenderer.value(report)
    }

    /// Each parameter's value now, as the words `set` takes (name → words).
    static func params(_ settings: Settings) -> JSON {
        .object(TunableTable.all.map { ($0.name, .string(TunableTable.shown($0, in: settings))) })
    }

    /// The timeline's lines as `timeline` prints them, from the entry numbered `mark` on (the last gesture's), at
    /// most the newest `PlaygroundLimits.historyTimelineEntries`: a message's cost is the gesture's, not the
    /// session's (the whole timeline, up to 10,000 entries, was drawn and sent after every gesture).
    static func timeline(_ session: Session, since mark: Int) -> [String] {
        TextRenderer.lines(
            .timeline(session.timelineExcerpt(since: mark, last: PlaygroundLimits.historyTimelineEntries)))
    }
}
