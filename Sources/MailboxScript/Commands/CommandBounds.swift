import MailboxAnimation
import MailboxSim
import MailboxText

/// The bounds the parser holds a line's numbers to, for a command a front end built rather than parsed: a page's
/// drag may go past the largest translation, and it is refused in the same words as the line would have been.
extension Command {
    /// One number a command holds: the parameter it is typed as, its value, and how `scriptLine` writes it.
    struct HeldNumber {
        let key: ArgumentName
        let number: BoundedNumber
        let text: String
    }

    /// Every number the command holds, each with its parameter: a switch over every case (no default), so a new
    /// command with a number is refused by the compiler until it is listed here. The settings `set` changes are
    /// held to theirs when they are applied; the command inside `!` when it runs (`Session`).
    var heldNumbers: [HeldNumber] {
        switch self {
        case let .pan(_, translation, duration), let .edgePan(translation, duration):
            return [HeldNumber(key: .dx, number: .real(translation), text: formatExact(translation))]
                + (duration.map { [HeldNumber(key: .seconds, number: .duration($0), text: $0.decimalSeconds)] } ?? [])
        case .release(let velocity):
            return velocity.map { [HeldNumber(key: .velocity, number: .real($0), text: formatExact($0))] } ?? []
        case .flick(_, let velocity):
            return [HeldNumber(key: .velocity, number: .real(velocity), text: formatExact(velocity))]
        case .advance(let span):
            return [HeldNumber(key: .seconds, number: .duration(span), text: span.decimalSeconds)]
        case .reset(let count):
            return count.map { [HeldNumber(key: .count, number: .whole($0), text: String($0))] } ?? []
        case .snapshot(let target):
            return [HeldNumber(key: .seconds, number: .whole(target.scale), text: String(target.scale))]
        case .expect(let expectation):
            return [
                HeldNumber(
                    key: .tolerance, number: .real(expectation.tolerance), text: formatExact(expectation.tolerance))
            ]
        case .tap, .choose, .shake, .type, .settle, .set, .params, .act, .state, .show, .colors, .timeline, .render,
            .save, .export, .load, .mustFail, .invalid, .help, .quit:
            return []
        }
    }

    /// The error the parser gives this command's line (its numbers written as `scriptLine` writes them) when a
    /// number is out of its parameter's bounds (`ArgumentKind.refusal`, the parser's own); nil when every number
    /// is within them.
    var boundsRefusal: ScriptError? {
        let spec = self.spec
        for held in heldNumbers {
            guard let parameter = spec.parameters.first(where: { $0.key == held.key }) else {
                preconditionFailure("\(spec.name) has no parameter \(held.key.rawValue)")
            }
            if let refusal = parameter.kind.refusal(of: held.number) {
                return refusal.error(command: spec.name, parameter: parameter.name, text: held.text)
            }
        }
        return nil
    }
}
