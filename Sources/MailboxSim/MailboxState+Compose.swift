import MailboxAnimation

/// The compose sheet: slides up over a dim layer with the To field focused; cancel reverses it (asking
/// first about a draft when something was typed, if the `compose.draft-alert` setting is on).
extension MailboxState {
    mutating func openCompose() {
        compose.focus = .to
        animate(PropertyKey(.composeDim, .alpha), to: Metrics.composeDimAlpha, as: .compose)
        animate(
            PropertyKey(.composeSheet, .y), to: Metrics.composeShownY, as: .compose,
            then: .composeSettled(shown: true))
    }

    mutating func typed(_ text: String) throws(MailboxError) {
        if let alert { throw refusal(.alert(alert)) }
        guard let field = compose.focus, composePhase != .hidden else {
            if let cover { throw refusal(cover) }
            throw .nothingToType
        }
        let has = compose.text(field).utf8.count
        let adding = text.utf8.count
        guard adding <= Limits.typedBytesPerField - has else {
            throw .typedTextTooLong(field, has: has, adding: adding)
        }
        compose.append(text, to: field)
        log(.view(.composeSheet), .typed(text))
    }

    /// `tap cancel` on the sheet: closes it, whatever was typed; with the draft alert on and text in any
    /// field, asks about the draft instead.
    mutating func cancelCompose() throws(MailboxError) {
        if compose.y == Metrics.screenHeight { throw .cannotTap(.cancel, .composeClosing) }
        if !compose.hasDraft || !settings.composeDraftAlert {
            closeCompose(keepingDraft: false)
        } else {
            alert = .draft
            log(.screen, .alertShown(.draft))
        }
    }

    /// Slides the sheet away and lifts the dim; Delete Draft empties the field, Keep Draft keeps it.
    mutating func closeCompose(keepingDraft: Bool) {
        if let alert {
            log(.screen, .alertDismissed(alert, keepingDraft ? .keepDraft : .deleteDraft))
            self.alert = nil
        }
        if !keepingDraft { compose.clear() }
        compose.focus = nil
        animate(PropertyKey(.composeDim, .alpha), to: 0, as: .compose)
        animate(
            PropertyKey(.composeSheet, .y), to: Metrics.screenHeight, as: .compose,
            then: .composeSettled(shown: false))
    }

    /// `tap to`, `tap subject`, `tap body`: the keyboard moves to that field of the sheet that is up.
    mutating func focus(_ field: ComposeSheet.Field) throws(MailboxError) {
        if compose.y == Metrics.screenHeight { throw .cannotTap(.field(field), .composeClosing) }
        guard compose.focus != field else { return }
        compose.focus = field
        log(.view(.composeSheet), .focused(field))
    }

    /// `tap cancel` on an alert: it goes away and nothing else happens.
    mutating func dismissAlert(_ alert: Alert) {
        self.alert = nil
        log(.screen, .alertDismissed(alert, .cancel))
    }
}
