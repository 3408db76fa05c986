import MailboxJSON
import MailboxScript
import MailboxText

/// A message from the page, decoded from its JSON and checked field by field (docs/playground.md, Protocol).
public enum ClientMessage: Equatable, Sendable {
    /// A pointer event at screen point (`x`, `y`), page time `t` (ms); `phone` 0 or 1 in a comparison, nil for both.
    case down(x: Double, y: Double, t: Double, phone: Int?)
    case move(x: Double, y: Double, t: Double, phone: Int?)
    case up(x: Double, y: Double, t: Double, phone: Int?)
    /// An animation frame at page time `t`.
    case tick(t: Double)
    /// A key (`KeyboardEvent.key`), with Ctrl or not.
    case key(String, ctrl: Bool)
    case shake
    /// A `reset`, with a message count or the default.
    case reset(messages: Int?)
    /// A `set NAME VALUE` line, for one phone or both.
    case set(name: String, value: String, phone: Int?)
    /// The playback speed of ticks: 1, 0.25 or 0.1.
    case speed(Double)
    /// One line as typed at the prompt; the page's `id` for it, echoed in the report or error that answers it.
    case line(String, id: Int? = nil)
    /// Replace the session by one that ran this script.
    case load(script: String)
    /// Append `expect` lines for the whole state.
    case pin
    /// Two phones or one; the second phone's profile.
    case compare(on: Bool, profile: String?)
    /// The samples of a curve (the words `set curve.NAME` takes).
    case plot(curve: String)
    /// The timeline and the plots now.
    case history
    /// Every screen from now on with (or without) each phone's whole `state --json` object.
    case watch(state: Bool)
    /// The settings in force of phone A (or `phone`) as FORMAT, to download (the hand-off, `mailsim export`).
    case export(format: ExportFormat, phone: Int?)
    /// Each phone's whole screen: the page cannot apply a patch to the screen it holds (it missed one).
    case screen

    /// Whether the screen that answers it is a patch of the last one: the pointer's events and the ticks, the
    /// messages of a frame (every other answer is whole, so that a page that lost track is soon whole again).
    var answersWithPatch: Bool {
        switch self {
        case .down, .move, .up, .tick: true
        default: false
        }
    }

    /// The playback speeds the page may ask for.
    public static let speeds: [Double] = [1, 0.25, 0.1]

    /// Decodes one message, or says what is wrong with it.
    public static func decode(_ text: String) -> Result<ClientMessage, ClientMessageError> {
        guard text.utf8.count <= PlaygroundLimits.messageBytes else {
            return .failure(.init("the message is longer than \(PlaygroundLimits.messageBytes) bytes"))
        }
        let json: JSON
        do { json = try JSON.parse(text) } catch { return .failure(.init("the message is not JSON: \(error)")) }
        do throws(ClientMessageError) { return .success(try decode(json)) } catch { return .failure(error) }
    }

    static func decode(_ json: JSON) throws(ClientMessageError) -> ClientMessage {
        guard json.objectValue != nil else { throw .init("a message is a JSON object") }
        guard let type = json["type"]?.stringValue else { throw .init("the message has no \"type\"") }
        let f = Fields(json: json, type: type)
        switch type {
        case "down", "move", "up":
            let x = try f.coordinate("x")
            let y = try f.coordinate("y")
            let t = try f.time()
            let phone = try f.phone()
            switch type {
            case "down": return .down(x: x, y: y, t: t, phone: phone)
            case "move": return .move(x: x, y: y, t: t, phone: phone)
            default: return .up(x: x, y: y, t: t, phone: phone)
            }
        case "tick": return .tick(t: try f.time())
        case "key":
            let key = try f.string("key", maxBytes: 32)
            guard !key.isEmpty else { throw .init("key: \"key\" is empty") }
            return .key(key, ctrl: try f.bool("ctrl") ?? false)
        case "shake": return .shake
        case "reset":
            guard let n = try f.optionalNumber("messages") else { return .reset(messages: nil) }
            // Checked as a number before it is an Int: 1e308 or 2³² must be refused, not stop the process.
            guard let count = wholeNumber(n, in: PlaygroundLimits.resetMessages) else {
                throw .init("reset: \"messages\" must be a whole number from 1 to 500")
            }
            return .reset(messages: count)
        case "set":
            let name = try f.words("name")
            let value = try f.words("value")
            return .set(name: name, value: value, phone: try f.phone())
        case "speed":
            guard let v = try f.optionalNumber("value"), speeds.contains(v) else {
                throw .init("speed: \"value\" must be 1, 0.25 or 0.1")
            }
            return .speed(v)
        case "line":
            let text = try f.words("text", allowHash: true)
            guard let id = try f.optionalNumber("id") else { return .line(text) }
            guard let whole = wholeNumber(id, in: 0...Int(Int32.max)) else {
                throw .init("line: \"id\" must be a whole number from 0 to \(Int32.max)")
            }
            return .line(text, id: whole)
        case "load":
            guard let script = json["script"]?.stringValue else { throw .init("load: \"script\" must be a string") }
            guard script.utf8.count <= PlaygroundLimits.scriptBytes else {
                throw .init("load: the script is longer than \(PlaygroundLimits.scriptBytes / 1024) KiB")
            }
            return .load(script: script)
        case "pin": return .pin
        case "compare":
            guard let on = try f.bool("on") else { throw .init("compare: \"on\" must be true or false") }
            let profile = json["profile"] == nil || json["profile"] == .null ? nil : try f.words("profile")
            return .compare(on: on, profile: profile)
        case "plot": return .plot(curve: try f.words("curve"))
        case "history": return .history
        case "screen": return .screen
        case "watch":
            guard let state = try f.bool("state") else { throw .init("watch: \"state\" must be true or false") }
            return .watch(state: state)
        case "export":
            let word = try f.string("format", maxBytes: 32)
            guard let format = ExportFormat(rawValue: word) else {
                throw .init("export: \"format\" must be one of \(ExportFormat.names.joined(separator: ", "))")
            }
            return .export(format: format, phone: try f.phone())
        default:
            throw .init("unknown message type \(JSON.quote(String(type.prefix(40))))")
        }
    }

    /// Reads a message's fields, naming the message and the field in what it says is wrong.
    struct Fields {
        let json: JSON
        let type: String

        func number(_ key: String) throws(ClientMessageError) -> Double {
            guard let v = try optionalNumber(key) else { throw .init("\(type): \"\(key)\" must be a number") }
            return v
        }
        func optionalNumber(_ key: String) throws(ClientMessageError) -> Double? {
            guard let field = json[key], field != .null else { return nil }
            guard let v = field.doubleValue else { throw .init("\(type): \"\(key)\" must be a number") }
            guard v.isFinite else { throw .init("\(type): \"\(key)\" must be finite") }
            return v
        }
        func coordinate(_ key: String) throws(ClientMessageError) -> Double {
            let v = try number(key)
            guard PlaygroundLimits.coordinates.contains(v) else {
                throw .init(
                    "\(type): \"\(key)\" must be from \(formatNumber(PlaygroundLimits.coordinates.lowerBound)) "
                        + "to \(formatNumber(PlaygroundLimits.coordinates.upperBound))"
                )
            }
            return (v * 100).rounded() / 100
        }
        func time() throws(ClientMessageError) -> Double {
            let v = try number("t")
            guard PlaygroundLimits.clock.contains(v) else { throw .init("\(type): \"t\" must be from 0 to 1e12 ms") }
            return v
        }
        func phone() throws(ClientMessageError) -> Int? {
            guard let v = try optionalNumber("phone") else { return nil }
            guard let phone = wholeNumber(v, in: 0...1) else { throw .init("\(type): \"phone\" must be 0 or 1") }
            return phone
        }
        func bool(_ key: String) throws(ClientMessageError) -> Bool? {
            guard let field = json[key], field != .null else { return nil }
            guard let b = field.boolValue else { throw .init("\(type): \"\(key)\" must be true or false") }
            return b
        }
        func string(_ key: String, maxBytes: Int = PlaygroundLimits.textBytes) throws(ClientMessageError) -> String {
            guard let s = json[key]?.stringValue else { throw .init("\(type): \"\(key)\" must be a string") }
            guard s.utf8.count <= maxBytes else { throw .init("\(type): \"\(key)\" is longer than \(maxBytes) bytes") }
            return s
        }
        /// Words that go into one script line: no line breaks, no control characters (and no `#` unless allowed).
        func words(_ key: String, allowHash: Bool = false) throws(ClientMessageError) -> String {
            let s = try string(key)
            guard
                !s.unicodeScalars.contains(where: {
                    $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{2028}" || $0 == "\u{2029}"
                })
            else {
                throw .init("\(type): \"\(key)\" must be one line without control characters")
            }
            guard allowHash || !s.contains("#") || key == "value" else {
                throw .init("\(type): \"\(key)\" must not contain '#'")
            }
            return s
        }
    }
}

/// Why a message from the page was refused before it was run.
public struct ClientMessageError: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
