/// `state`: the whole screen as text.
public enum StateReport {
    public static func lines(_ screen: MailboxState) -> [String] {
        var out: [String] = []
        out.append("time \(screen.now.decimalSeconds)s  animating \(screen.isAnimating)  gesture \(screen.gesture?.kindName ?? "none")")
        var overlay = "overlay \(screen.overlay?.kind.rawValue ?? "none")"
        if let current = screen.overlay {
            overlay += " for \(current.message.name), alpha \(formatNumber(screen.overlayPresentationAlpha))"
            if current.dismissal != nil { overlay += ", closing" }
        }
        out.append(overlay)
        func phase(_ p: MailboxState.Phase, _ open: String, _ closed: String) -> String {
            p == .open ? open : p == .closed ? closed : "moving"
        }
        out.append("menu \(phase(screen.menuPhase, "open", "closed")) (content.x \(formatNumber(screen.contentPresentationX)))  "
                   + "compose \(phase(screen.composePhase, "shown", "hidden")) (y \(formatNumber(screen.composePresentationY)), dim \(formatNumber(screen.composePresentationDim)), focus \(screen.compose.focus?.rawValue ?? "none"))  "
                   + "alert \(screen.alert?.rawValue ?? "none")")
        out.append("segment \(screen.segments.selected.rawValue) (tint \(screen.segments.tint.color.paletteDescription))  "
                   + Segment.allCases.map { "view.\($0.rawValue).x \(formatNumber(screen.viewX(of: $0)))" }.joined(separator: "  "))
        out.append((Folder.allCases.map { "\($0.rawValue) \(screen.count(in: $0))" } + ["undo \(screen.undoStack.count)"])
            .joined(separator: "  "))
        var table = TextTable(header: ["msg", "folder", "x", "y", "height", "alpha", "background", "icon", "icon.alpha", "icon.x", "snooze", "list"],
                              rightAligned: [2, 3, 4, 5, 8, 9])
        let ys = screen.rowYs(through: screen.rows.count - 1)
        for row in screen.rows {
            let id = row.id
            table.append([id.name, row.folder.rawValue, formatNumber(screen.x(of: id)), formatNumber(ys[id.index]),
                          formatNumber(screen.height(of: id)), formatNumber(screen.alpha(of: id)),
                          screen.background(of: id).color.paletteDescription, screen.icon(of: id).rawValue,
                          formatNumber(screen.iconAlpha(of: id)), formatNumber(screen.iconX(of: id)),
                          row.snooze ?? "none", row.list ?? "none"])
        }
        out += table.lines
        if !screen.runningAnimations.isEmpty {
            out.append("running:")
            for a in screen.runningAnimations {
                let progress = a.curve.progress(elapsed: screen.now - a.start, duration: a.duration)
                out.append("  \(a.key.path) \(a.from.description) → \(a.to.description), \(formatNumber(progress * 100, decimals: 1))% of \(a.duration.decimalSeconds)s \(a.curve.name), now \(screen.presentation(a.key).description)")
            }
        }
        return out
    }
}
