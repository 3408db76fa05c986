import MailboxAnimation
import MailboxSim
import MailboxText

// `snapshot FILE [scale S]`: a picture of the screen (SPEC §4).
extension CommandTable {
    static let snapshot = CommandSpec(
        "snapshot", traits: .touchesFiles,
        [
            .required(.file, .file),
            .optional(.seconds, .wholeNumber(PictureRequest.scales), after: "scale")
        ],
        summary: "draw the screen now into FILE (.svg or .png)",
        details:
            """
            Writes a picture of the screen now: SVG or PNG, chosen by FILE's extension. A PNG is drawn at scale S \
            (\(PictureRequest.scales.lowerBound)…\(PictureRequest.scales.upperBound), default \
            \(PictureRequest.defaultScale)): point (x, y) is pixel (S·x, S·y), so the default picture is \
            \(PictureRequest.defaultScale * clampedInt(Metrics.screenWidth)) × \
            \(PictureRequest.defaultScale * clampedInt(Metrics.screenHeight)). In a script FILE is relative to the \
            script's folder (mailsim run dir/a.mbs with snapshot a.png writes dir/a.png); at the prompt and on \
            standard input, to the current directory. Changes nothing and takes no time.
            """,
        example: "snapshot swipe.png scale 1"
    ) { a throws(ScriptError) in
        .snapshot(
            try PictureRequest.Target(
                file: try a.required(word: .file, of: "snapshot"), scale: a.number(.seconds)?.integer))
    } arguments: { command in
        guard case .snapshot(let target) = command else { return nil }
        // The default scale is left out, as a line leaves it out.
        let scale: ArgumentValue? =
            target.scale == PictureRequest.defaultScale ? nil : .number(.whole(target.scale))
        return Arguments([(.file, .text(target.file)), (.seconds, scale)])
    }
}

extension Session {
    /// `snapshot`: a picture of the screen now, for the front end to draw and write.
    func performSnapshot(_ target: PictureRequest.Target, into outcome: inout Outcome) {
        outcome.effect = .report(.picture(PictureRequest(target: target, screen: screen.snapshot())))
    }
}
