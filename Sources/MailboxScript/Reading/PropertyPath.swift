import MailboxSim
import MailboxText

/// A property a script can read with `expect` and `show` (SPEC §5).
public enum PropertyPath: Hashable, Sendable {
    case time, animating, gesture
    case message(MessageID, MessageField)
    case overlay, overlayAlpha
    case count(Folder)
    case undoCount
    case menu, contentX
    case compose, composeY, composeDim, composeFocus, composeTo
    case segment, tint
    case viewX(Segment)
    /// The messages a segment's view lists (`view.later.messages`).
    case viewMessages(Segment)
    case alert
    /// With haptics on, the haptic events since the reset.
    case hapticCount
    case composeSubject, composeBody
    /// A tunable parameter, by its place in `TunableTable.all` (`param.threshold.near`).
    case parameter(Int)

    /// The properties of a message row.
    public enum MessageField: String, CaseIterable, Sendable {
        case x, y, height, alpha, background, icon
        case iconAlpha = "icon.alpha"
        case iconX = "icon.x"
        case folder, visible, snooze, list
    }

    /// Every path that does not name a message, in the order `state`, `show` and `save` list them.
    static let fixedPaths: [PropertyPath] =
        [.time, .animating, .gesture, .overlay, .overlayAlpha]
        + Folder.allCases.map { .count($0) }
        + [
            .undoCount, .menu, .contentX, .compose, .composeY, .composeDim, .composeFocus, .composeTo, .composeSubject,
            .composeBody, .segment, .tint
        ]
        + Segment.allCases.map { .viewX($0) } + [Segment.later, .archive].map { .viewMessages($0) } + [
            .alert, .hapticCount
        ]

    /// Every parameter's path (`param.fps` …), in the table's order: read by `show param` and `expect`, and
    /// listed by `params`, not by `state`.
    public static var parameters: [PropertyPath] { TunableTable.all.indices.map { .parameter($0) } }

    /// The prefix of a parameter's path.
    public static let parameterPrefix = "param."

    /// Every path that does not name a message, with its name.
    static let fixed: [(name: String, path: PropertyPath)] = fixedPaths.map { ($0.name, $0) }

    /// Every path on a screen with `messageCount` messages, in a stable order (for `show`, completion, `save`).
    public static func all(messageCount: Int) -> [PropertyPath] {
        fixed.map({ $0.path })
            + (1...max(1, messageCount)).flatMap { n in
                MessageField.allCases.map { PropertyPath.message(MessageID(n), $0) }
            }
    }

    /// The names a path can take, with `msgN` for messages: for suggestions and completion.
    public static var templates: [String] {
        fixed.map({ $0.name }) + MessageField.allCases.map { "msgN.\($0.rawValue)" }
    }

    /// Every path as `help paths` lists it (`msgN.x` for the messages'), with the type of its value.
    public static var templatesWithTypes: [(name: String, type: ValueType)] {
        fixed.map { ($0.name, $0.path.valueType) }
            + MessageField.allCases.map { ("msgN.\($0.rawValue)", PropertyPath.message(MessageID(1), $0).valueType) }
            + parameters.map { ($0.name, $0.valueType) }
    }

    /// The path as scripts write it: `msg1.icon.alpha`, `trash.count`, `view.later.x`.
    public var name: String {
        switch self {
        case .time: "time"
        case .animating: "animating"
        case .gesture: "gesture"
        case .message(let id, let field): id.name + "." + field.rawValue
        case .overlay: "overlay"
        case .overlayAlpha: "overlay.alpha"
        case .count(let folder): folder.rawValue + ".count"
        case .undoCount: "undo.count"
        case .menu: "menu"
        case .contentX: "content.x"
        case .compose: "compose"
        case .composeY: "compose.y"
        case .composeDim: "compose.dim"
        case .composeFocus: "compose.focus"
        case .composeTo: "compose.to"
        case .segment: "segment"
        case .tint: "tint"
        case .viewX(let segment): "view." + segment.rawValue + ".x"
        case .viewMessages(let segment): "view." + segment.rawValue + ".messages"
        case .alert: "alert"
        case .hapticCount: "haptic.count"
        case .composeSubject: "compose.subject"
        case .composeBody: "compose.body"
        case .parameter(let index): PropertyPath.parameterPrefix + TunableTable.all[index].name
        }
    }
    /// Parses a path such as `msg3.icon.alpha`, `trash.count` or `param.fps`, or explains why it names none
    /// (the fast path's own reader is `lookUp`, in FastPath/FastPropertyPath.swift).
    public static func parse(_ text: Substring) throws(ScriptError) -> PropertyPath {
        if let fixed = fixed.first(where: { $0.name == text }) { return fixed.path }
        if text.hasPrefix(parameterPrefix) {
            let name = text.dropFirst(parameterPrefix.count)
            if let index = TunableTable.index(of: name) { return .parameter(index) }
            throw .unknownParameter(String(name), suggestion: nearest(String(name), in: TunableTable.names))
        }
        if text.hasPrefix("msg"), let dot = text.firstIndex(of: ".") {
            let head = text[..<dot]
            let field = text[text.index(after: dot)...]
            if let id = MessageID(name: head) {
                if let f = MessageField(rawValue: String(field)) { return .message(id, f) }
                let hint = nearest(String(field), in: MessageField.allCases.map({ $0.rawValue })).map {
                    "\(head).\($0)"
                }
                throw .unknownProperty(String(text), suggestion: hint)
            }
        }
        let generic = text.hasPrefix("msg") ? "msgN" + text.drop { $0 != "." } : text
        throw .unknownProperty(String(text), suggestion: nearest(String(generic), in: templates))
    }

    /// What kind of value the path holds.
    public var valueType: ValueType {
        switch self {
        case .time, .overlayAlpha, .count, .undoCount, .contentX, .composeY, .composeDim, .viewX, .hapticCount:
            return .number
        case .composeSubject, .composeBody: return .text
        case .parameter(let index): return TunableTable.all[index].valueType
        case .menu: return ValueNames.menu.type
        case .compose: return ValueNames.compose.type
        case .composeFocus: return ValueNames.composeFocus.type
        case .composeTo, .viewMessages: return .text
        case .segment: return ValueNames.segment.type
        case .tint: return .color
        case .alert: return ValueNames.alert.type
        case .animating: return .bool
        case .gesture: return ValueNames.gesture.type
        case .overlay: return ValueNames.overlay.type
        case .message(_, let field):
            switch field {
            case .x, .y, .height, .alpha, .iconAlpha, .iconX: return .number
            case .background: return .color
            case .icon: return ValueNames.icon.type
            case .folder: return ValueNames.folder.type
            case .visible: return .bool
            case .snooze: return ValueNames.snooze.type
            case .list: return ValueNames.list.type
            }
        }
    }

    /// The fixed set of names the path's value is one of, with their spellings for the parser; nil for a path
    /// whose value is not a name (or a parameter's, read the table's way).
    var nameSet: NameSet? {
        switch self {
        case .menu: ValueNames.menu
        case .compose: ValueNames.compose
        case .composeFocus: ValueNames.composeFocus
        case .segment: ValueNames.segment
        case .alert: ValueNames.alert
        case .gesture: ValueNames.gesture
        case .overlay: ValueNames.overlay
        case .message(_, .icon): ValueNames.icon
        case .message(_, .folder): ValueNames.folder
        case .message(_, .snooze): ValueNames.snooze
        case .message(_, .list): ValueNames.list
        default: nil
        }
    }

    /// The name sets built from the model's enums, built once rather than on every `expect`.
    private enum ValueNames {
        static let segment = NameSet(Segment.allCases.map({ $0.rawValue }))
        static let menu = NameSet(MenuPhase.allCases.map({ $0.rawValue }))
        static let compose = NameSet(ComposePhase.allCases.map({ $0.rawValue }))
        static let composeFocus = NameSet(["none"] + ComposeSheet.Field.allCases.map({ $0.rawValue }))
        static let gesture = NameSet(["none"] + GestureKind.allCases.map({ $0.rawValue }))
        static let alert = NameSet(["none"] + Alert.allCases.map({ $0.rawValue }))
        static let overlay = NameSet(["none"] + OverlayKind.allCases.map({ $0.rawValue }))
        static let icon = NameSet(Icon.allCases.map({ $0.rawValue }))
        static let folder = NameSet(Folder.allCases.map({ $0.rawValue }))
        static let snooze = NameSet(["none"] + OverlayKind.reschedule.options)
        static let list = NameSet(["none"] + OverlayKind.list.options)
    }
}

/// The kind of value a property holds, which decides how `expect` reads and compares it.
public enum ValueType: Equatable, Sendable {
    case number, bool, color
    /// Free text (one word in an `expect`).
    case text
    /// One of a fixed set of names.
    case name([String])
}

extension PropertyPath {
    /// The paths equal to `prefix` or under it (`msg1` → every msg1 property, `compose` → compose and its
    /// properties), on a screen of `messageCount` messages; an error for a message that is not there or a
    /// prefix of nothing.
    public static func matching(_ prefix: String, messageCount: Int) throws(ScriptError) -> [PropertyPath] {
        let head = prefix[...].prefix { $0 != "." }
        if let id = MessageID(name: head), id.index >= messageCount {
            throw .model(.noSuchMessage(id, count: messageCount))
        }
        let candidates: [PropertyPath]
        if let id = MessageID(name: head) {
            candidates = MessageField.allCases.map { .message(id, $0) }
        } else if head == "param" {
            candidates = parameters
        } else {
            candidates = fixedPaths
        }
        let found = candidates.filter { $0.name == prefix || $0.name.hasPrefix(prefix + ".") }
        guard found.isEmpty else { return found }
        _ = try parse(prefix[...])
        return []
    }
}
