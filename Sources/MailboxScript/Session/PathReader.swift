import MailboxAnimation
import MailboxSim

/// Reading property paths off the screen.
extension MailboxState {
    /// The value of `path` on screen now.
    public func read(_ path: PropertyPath) throws(MailboxError) -> Value {
        switch path {
        case .time: return .number(now.seconds)
        case .animating: return .bool(isAnimating)
        case .gesture: return .name(gesture?.kind.rawValue ?? "none")
        case .overlay: return .name(overlay?.kind.rawValue ?? "none")
        case .overlayAlpha: return .number(overlayPresentationAlpha)
        case .count(let folder): return .number(Double(count(in: folder)))
        case .undoCount: return .number(Double(undoStack.count))
        case .menu: return .name(menuPhase.rawValue)
        case .contentX: return .number(contentPresentationX)
        case .compose: return .name(composePhase.rawValue)
        case .composeY: return .number(composePresentationY)
        case .composeDim: return .number(composePresentationDim)
        case .composeFocus: return .name(compose.focus?.rawValue ?? "none")
        case .composeTo: return .name(compose.to.isEmpty ? "none" : compose.to)
        case .segment: return .name(segments.selected.rawValue)
        case .tint: return .color(settings.palette[segments.tint], in: settings.palette, preferring: segments.tint)
        case .viewX(let segment): return .number(viewX(of: segment))
        case .viewMessages(let segment):
            let ids = messages(in: segment.folder)
            return .name(ids.isEmpty ? "none" : ids.map({ $0.name }).joined(separator: ","))
        case .alert: return .name(alert?.rawValue ?? "none")
        case .hapticCount: return .number(Double(hapticCount))
        case .composeSubject: return .name(compose.subject.isEmpty ? "none" : compose.subject)
        case .composeBody: return .name(compose.body.isEmpty ? "none" : compose.body)
        case .parameter(let index): return try TunableTable.all[index].value(in: settings).value
        case let .message(id, field):
            // Checked in place: copying the row out would retain its strings for every read.
            guard id.index < rows.count else { throw .noSuchMessage(id, count: rows.count) }
            switch field {
            case .x: return .number(x(of: id))
            case .y: return .number(y(of: id))
            case .height: return .number(height(of: id))
            case .alpha: return .number(alpha(of: id))
            case .background:
                return .color(backgroundColor(of: id), in: settings.palette, preferring: background(of: id))
            case .icon: return .name(icon(of: id).rawValue)
            case .iconAlpha: return .number(iconAlpha(of: id))
            case .iconX: return .number(iconX(of: id))
            case .folder: return .name(rows[id.index].folder.rawValue)
            case .visible: return .bool(rows[id.index].visible)
            case .snooze: return .name(rows[id.index].snooze ?? "none")
            case .list: return .name(rows[id.index].list ?? "none")
            }
        }
    }
}
