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

    /// The properties of a message row.
    public enum MessageField: String, CaseIterable, Sendable {
        case x, y, height, alpha, background, icon
        case iconAlpha = "icon.alpha"
        case iconX = "icon.x"
        case folder, visible, snooze, list
    }

    /// Every path that does not name a message, by name.
    static let fixed: [(name: String, path: PropertyPath)] = [
        ("time", .time), ("animating", .animating), ("gesture", .gesture),
        ("overlay", .overlay), ("overlay.alpha", .overlayAlpha),
    ] + Folder.allCases.map { ("\($0.rawValue).count", .count($0)) } + [
        ("undo.count", .undoCount), ("menu", .menu), ("content.x", .contentX),
        ("compose", .compose), ("compose.y", .composeY), ("compose.dim", .composeDim),
        ("compose.focus", .composeFocus), ("compose.to", .composeTo),
        ("segment", .segment), ("tint", .tint),
    ] + Segment.allCases.map { ("view.\($0.rawValue).x", .viewX($0)) }
      + [Segment.later, .archive].map { ("view.\($0.rawValue).messages", .viewMessages($0)) }
      + [("alert", .alert)]

    /// Every path on a screen with `messageCount` messages, in a stable order (for `show`, completion, `save`).
    public static func all(messageCount: Int) -> [PropertyPath] {
        fixed.map(\.path) + (1...max(1, messageCount)).flatMap { n in
            MessageField.allCases.map { PropertyPath.message(MessageID(n), $0) }
        }
    }

    /// The names a path can take, with `msgN` for messages: for suggestions and completion.
    public static var templates: [String] {
        fixed.map(\.name) + MessageField.allCases.map { "msgN.\($0.rawValue)" }
    }

    public var name: String {
        switch self {
        case .message(let id, let field): return "\(id.name).\(field.rawValue)"
        default: return PropertyPath.fixed.first { $0.path == self }!.name
        }
    }

    /// Parses a path such as `msg3.icon.alpha` or `trash.count`.
    public static func parse(_ text: Substring) throws(ScriptError) -> PropertyPath {
        if let fixed = fixed.first(where: { $0.name == text }) { return fixed.path }
        if text.hasPrefix("msg"), let dot = text.firstIndex(of: ".") {
            let head = text[..<dot]
            let field = text[text.index(after: dot)...]
            if let id = MessageID(name: head) {
                if let f = MessageField(rawValue: String(field)) { return .message(id, f) }
                let hint = nearest(String(field), in: MessageField.allCases.map(\.rawValue))
                    .map { " (did you mean '\(head).\($0)'?)" } ?? ""
                throw ScriptError("unknown property \(quoted(text))\(hint)")
            }
        }
        let generic = text.hasPrefix("msg") ? "msgN" + text.drop { $0 != "." } : text
        let hint = nearest(String(generic), in: templates).map { " (did you mean '\($0)'?)" } ?? ""
        throw ScriptError("unknown property \(quoted(text))\(hint)")
    }

    /// What kind of value the path holds.
    public var valueType: ValueType {
        switch self {
        case .time, .overlayAlpha, .count, .undoCount, .contentX, .composeY, .composeDim, .viewX: return .number
        case .menu: return .name(["closed", "open", "moving"])
        case .compose: return .name(["hidden", "shown", "moving"])
        case .composeFocus: return .name(["none", "to"])
        case .composeTo, .viewMessages: return .text
        case .segment: return .name(Segment.allCases.map(\.rawValue))
        case .tint: return .color
        case .alert: return .name(["none"] + Alert.allCases.map(\.rawValue))
        case .animating: return .bool
        case .gesture: return .name(["none", "pan", "edgepan"])
        case .overlay: return .name(["none"] + OverlayKind.allCases.map(\.rawValue))
        case .message(_, let field):
            switch field {
            case .x, .y, .height, .alpha, .iconAlpha, .iconX: return .number
            case .background: return .color
            case .icon: return .name(Icon.allCases.map(\.rawValue))
            case .folder: return .name(Folder.allCases.map(\.rawValue))
            case .visible: return .bool
            case .snooze: return .name(["none"] + OverlayKind.reschedule.options)
            case .list: return .name(["none"] + OverlayKind.list.options)
            }
        }
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
