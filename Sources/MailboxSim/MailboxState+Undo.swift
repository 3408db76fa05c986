import MailboxAnimation

/// Shake to undo: an alert asks; undo brings the last message that left back to its place.
extension MailboxState {
    /// True when there is an action to undo: a `shake` now shows the undo alert (else the interpreter prints
    /// "Nothing to undo.").
    public var canUndo: Bool { !undoStack.isEmpty }

    mutating func shaken() throws(MailboxError) {
        if let cover { throw refusal(cover) }
        guard canUndo else { return }
        // `undo.alert off` (the seed apps): the shake undoes at once.
        guard settings.undoAlert else { return restoreLastAction() }
        alert = .undo
        log(.screen, .alertShown(.undo))
    }

    /// `tap undo` on the alert: it goes, and the last action is undone.
    mutating func undoLastAction() {
        alert = nil
        log(.screen, .alertDismissed(.undo, .undo))
        restoreLastAction()
    }

    /// Pops the last action: the row opens again (rows below move down) while it slides in from its side, or
    /// (`undo.return place`) is back at x 0 at once.
    private mutating func restoreLastAction() {
        guard let record = undoStack.popLast() else { return }
        let id = record.message
        log(.view(.row(id)), .undoing(record))
        move(id, to: .inbox)
        rows[id.index].snoozeOption = record.snoozeOption
        rows[id.index].listOption = record.listOption
        let key = PropertyKey(.row(id), .x)
        if animator.animation(for: key) == nil { setModelValue(key, .scalar(slideEnd(record.side))) }
        // Two follow-ups: a finger may grab the row and stop its slide, while its height keeps opening.
        animate(
            PropertyKey(.row(id), .height), to: Metrics.rowHeight, as: .undo,
            then: .restoreEnded(id))
        if !UndoRule.slidesBack(settings.undoReturn) { return place(key, at: 0, then: .returnEnded(id)) }
        animate(key, to: 0, as: .undo, then: .returnEnded(id))
    }
}
