import MailboxJSON

/// A message to the page (docs/playground.md, Protocol), written as one JSON object by `text`.
public enum ServerMessage: Equatable, Sendable {
    /// The first message: the version, the limits, the parameter table, the profiles and the overlays' options.
    case hello(JSON)
    /// The screen of each phone now: its SVG (whole, or what changed of it), what the page reads of its state, its
    /// parameter values when they changed, and its whole `state --json` object while the page watches it.
    /// `historyDue`: the last gesture has settled, and `history` draws it (asked for when the page is idle).
    case screen(phones: [PhoneScreen], time: Double, animating: Bool, gesture: String, historyDue: Bool = false)
    /// Replace the script from line `from` on by `lines`; `phones` says whose each line is (`both`, `0`, `1`).
    case script(from: Int, lines: [String], phones: [String])
    /// What a looking line printed; `id` is the `line` message's own when it answers one (the command box).
    case report(text: String, id: Int? = nil)
    /// A curve's samples: [t, value] with t in seconds.
    case plot(curve: String, points: [(Double, Double)], duration: Double)
    /// The timeline's lines and the property plots (SVG).
    case history(timeline: [String], plots: [String])
    /// An export of the settings in force (`export`'s answer): the format, the file name and media type to
    /// download it as, the names of the files it holds, and what is downloaded: the file's text for tokens and css
    /// (what `mailsim export FORMAT` prints), a ZIP of the set of files for swift and js (what `mailsim export FORMAT
    /// -o DIR` writes, in a folder), in base64.
    case export(format: String, fileName: String, mediaType: String, files: [String], content: ExportContent)
    /// A refusal: what `mailsim run` would print, and the line refused if any; `id` as for `report`.
    case error(message: String, line: String?, id: Int? = nil)
    /// A `record` line read: the page records the walkthrough it asks for (its lines, scale and speed).
    case record(RecordRequest)

    /// What an `export` message downloads: a file's text, or an archive's bytes in base64.
    public enum ExportContent: Equatable, Sendable {
        case text(String)
        case base64(String)
    }

    /// One phone's part of `screen`: what the page reads, and no more (docs/playground.md, Protocol).
    public struct PhoneScreen: Equatable, Sendable {
        /// The screen's number, counted by the phone's answers: a patch names the one it applies to.
        public var frame: Int
        /// The whole SVG document, or (nil) `patch`: what changed of it since screen `patch.base`.
        public var svg: String?
        public var patch: ScreenPatch?
        /// The compose sheet's phase (`state`'s `compose`: a typed key is text while it shows) and the haptic
        /// events so far (`haptic.count`: the page vibrates at each new one).
        public var compose: String
        public var haptics: Int
        /// Each parameter's value (name → the words `set` takes), only when they changed since this phone's last
        /// screen (nil: as they were).
        public var params: JSON?
        /// The whole `state --json` object, only while the page watches it (`watch`: tests, the curious).
        public var state: JSON?
        /// `svg` as a JSON string literal, `params` and `state` as JSON text, when the phone's render kept them
        /// from the last screen (`text` writes them as they are).
        var svgLiteral: String?
        var paramsText: String?
        var stateText: String?

        public init(
            frame: Int, svg: String?, patch: ScreenPatch?, compose: String, haptics: Int, params: JSON?, state: JSON?
        ) {
            self.frame = frame
            self.svg = svg
            self.patch = patch
            self.compose = compose
            self.haptics = haptics
            self.params = params
            self.state = state
        }

        public static func == (a: PhoneScreen, b: PhoneScreen) -> Bool {
            a.frame == b.frame && a.svg == b.svg && a.patch == b.patch && a.compose == b.compose
                && a.haptics == b.haptics && a.params == b.params && a.state == b.state
        }

        /// The phone's members, the SVG or its patch last (the long text).
        var members: [(String, JSON)] {
            var out: [(String, JSON)] = [
                ("compose", .string(compose)), ("haptics", .int(haptics)), ("frame", .int(frame))
            ]
            if let params { out.append(("params", params)) }
            if let state { out.append(("state", state)) }
            if let svg { out.append(("svg", .string(svg))) }
            if let patch { out += patch.members }
            return out
        }
    }

    public static func == (a: ServerMessage, b: ServerMessage) -> Bool { a.json == b.json }

    /// The message's type word.
    public var type: String {
        switch self {
        case .hello: "hello"
        case .screen: "screen"
        case .script: "script"
        case .report: "report"
        case .plot: "plot"
        case .history: "history"
        case .export: "export"
        case .error: "error"
        case .record: "record"
        }
    }

    /// This message as the answer to the `line` message `id`: a report or an error carries the id, so that the page
    /// tells the command box's answer from what other messages printed meanwhile.
    func answering(_ id: Int) -> ServerMessage {
        switch self {
        case .report(let text, _): .report(text: text, id: id)
        case let .error(message, line, _): .error(message: message, line: line, id: id)
        default: self
        }
    }

    /// The message as a JSON object: `type` first, data next, long text (SVG) last.
    public var json: JSON {
        var members: [(String, JSON)] = [("type", .string(type))]
        switch self {
        case .hello(let body):
            members += body.objectValue ?? []
        case let .screen(phones, time, animating, gesture, historyDue):
            members += [("time", .number(time)), ("animating", .bool(animating)), ("gesture", .string(gesture))]
            if historyDue { members.append(("historyDue", .bool(true))) }
            members.append(("phones", .array(phones.map { .object($0.members) })))
        case let .script(from, lines, phones):
            members += [
                ("from", .int(from)), ("phones", .array(phones.map(JSON.string))),
                ("lines", .array(lines.map(JSON.string)))
            ]
        case let .report(text, id):
            members += [("text", .string(text))]
            if let id { members.append(("id", .int(id))) }
        case let .plot(curve, points, duration):
            members += [
                ("curve", .string(curve)), ("duration", .number(duration)),
                ("points", .array(points.map { .array([.number($0.0), .number($0.1)]) }))
            ]
        case let .history(timeline, plots):
            members += [("timeline", .array(timeline.map(JSON.string))), ("plots", .array(plots.map(JSON.string)))]
        case let .export(format, fileName, mediaType, files, content):
            members += [
                ("format", .string(format)), ("fileName", .string(fileName)), ("mediaType", .string(mediaType)),
                ("files", .array(files.map(JSON.string)))
            ]
            switch content {
            case .text(let text): members.append(("text", .string(text)))
            case .base64(let bytes): members.append(("base64", .string(bytes)))
            }
        case let .error(message, line, id):
            members += [("line", line.map(JSON.string) ?? .null), ("message", .string(message))]
            if let id { members.append(("id", .int(id))) }
        case .record(let request):
            members += [
                ("first", .int(request.first)), ("last", request.last.map(JSON.int) ?? .null),
                ("scale", .int(request.scale)), ("speed", .number(request.speed))
            ]
        }
        return .object(members)
    }

    /// The compact JSON text sent in one WebSocket text frame.
    public var text: String {
        guard case let .screen(phones, time, animating, gesture, historyDue) = self else { return json.text }
        // `json.text`, with the texts a phone's render kept written as they are (the SVG's escaping is most of
        // the cost of a screen written from scratch).
        var out = #"{"type":"screen","time":"#
        JSON.number(time).write(to: &out)
        out += #","animating":"#
        JSON.bool(animating).write(to: &out)
        out += #","gesture":"#
        JSON.string(gesture).write(to: &out)
        if historyDue { out += #","historyDue":true"# }
        out += #","phones":["#
        for (i, phone) in phones.enumerated() {
            if i > 0 { out += "," }
            out += #"{"compose":"#
            JSON.writeString(phone.compose, to: &out)
            out += #","haptics":"#
            JSON.int(phone.haptics).write(to: &out)
            out += #","frame":"#
            JSON.int(phone.frame).write(to: &out)
            if let params = phone.params {
                out += #","params":"#
                if let text = phone.paramsText { out += text } else { params.write(to: &out) }
            }
            if let state = phone.state {
                out += #","state":"#
                if let text = phone.stateText { out += text } else { state.write(to: &out) }
            }
            if let svg = phone.svg {
                out += #","svg":"#
                if let literal = phone.svgLiteral { out += literal } else { JSON.writeString(svg, to: &out) }
            }
            if let patch = phone.patch {
                for member in patch.members {
                    out += ","
                    JSON.writeString(member.0, to: &out)
                    out += ":"
                    member.1.write(to: &out)
                }
            }
            out += "}"
        }
        out += "]}"
        return out
    }
}
