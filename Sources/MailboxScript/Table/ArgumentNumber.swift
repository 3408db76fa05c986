import MailboxAnimation
import MailboxText

/// A command's numeric argument: as a line typed it (the parsers'), or as a built command holds it (a front end's,
/// and every command's `CommandSpec.arguments`). Each numeric kind's bounds are stated once, in
/// `ArgumentKind.refusal(of:)`, for both.
public enum ArgumentNumber: Equatable, Sendable {
    /// A number as a line wrote it.
    case typed(DecimalNumber)
    /// A distance or velocity a built command holds.
    case real(Double)
    /// A duration a built command holds.
    case duration(Ticks)
    /// A whole number a built command holds.
    case whole(Int)

    /// Its value (a duration's in seconds).
    var real: Double {
        switch self {
        case .typed(let number): number.value
        case .real(let value): value
        case .duration(let ticks): ticks.seconds
        case .whole(let n): Double(n)
        }
    }

    /// The shortest text that reads back as this number: what a script line holds for it.
    var scriptText: String {
        switch self {
        case .typed(let number): formatExact(number.value)
        case .real(let value): formatExact(value)
        case .duration(let ticks): ticks.decimalSeconds
        case .whole(let n): String(n)
        }
    }

    /// Its size either way (what a distance or velocity is held to).
    var magnitude: Double {
        switch self {
        case .typed(let number): abs(number.value)
        case .real(let value): abs(value)
        case .duration(let ticks): abs(ticks.seconds)
        case .whole(let n): abs(Double(n))
        }
    }

    /// Below zero (`-0` is zero: a duration or tolerance may be written so).
    var isNegative: Bool {
        switch self {
        case .typed(let number): number.negative && number.value != 0
        case .real(let value): value < 0
        case .duration(let ticks): ticks < .zero
        case .whole(let n): n < 0
        }
    }

    /// As exact ticks, for a duration (a typed number is read on its digits: a Double would round
    /// 1000000000.000000001 down to the limit); nil when it has none.
    var ticks: Ticks? {
        switch self {
        case .typed(let number): number.ticks
        case .real(let value): value.isFinite && abs(value) < 9e9 ? Ticks(seconds: value) : nil
        case .duration(let ticks): ticks
        case .whole(let n): abs(Double(n)) < 9e9 ? Ticks(seconds: Double(n)) : nil
        }
    }

    /// As a whole number, if it is one.
    var integer: Int? {
        switch self {
        case .typed(let number): number.integer
        case .real(let value): Int(exactly: value)  // nil past Int's range (32 bits in the page), or with a fraction
        case .duration: nil
        case .whole(let n): n
        }
    }

    /// Finite (a typed number always is: the reader refuses `nan` and `inf`).
    var isFinite: Bool {
        if case .real(let value) = self { return value.isFinite }
        return true
    }
}

/// Why a parameter does not take a number.
enum NumberRefusal: Equatable {
    /// Infinite or not a number (only a built command can hold one: the reader refuses `inf` and `nan`).
    case notFinite
    case beyondLimit(Double)
    case negativeDuration
    case durationOutOfRange(max: Double)
    case negativeTolerance
    case wholeNumberOutOfRange(ClosedRange<Int>)

    /// The error a line gets for it: parameter `parameter` of `command`, the number written as `text`.
    func error(command: String, parameter: String, text: String) -> ScriptError {
        switch self {
        case .notFinite: .notFinite(text)
        case .beyondLimit(let limit): .beyondLimit(command: command, parameter: parameter, text: text, limit: limit)
        case .negativeDuration: .negativeDuration(command: command, text: text)
        case .durationOutOfRange(let max):
            .durationOutOfRange(command: command, parameter: parameter, text: text, max: max)
        case .negativeTolerance: .negativeTolerance(text)
        case .wholeNumberOutOfRange(let range):
            .wholeNumberOutOfRange(command: command, parameter: parameter, text: text, range: range)
        }
    }
}

extension ArgumentKind {
    /// The numbers a numeric kind takes, from its least to its greatest (a tolerance has no greatest); nil for a kind
    /// that is not numeric. The one statement of each kind's limits: `refusal(of:)` holds numbers to it, and the
    /// per-command tests probe it at both ends.
    public var limits: ClosedRange<Double>? {
        switch self {
        case .distance: -ScriptLimits.maxTranslation...ScriptLimits.maxTranslation
        case .velocity(let max): -max...max
        case .duration(let max): 0...max
        case .tolerance: 0...Double.greatestFiniteMagnitude
        case .wholeNumber(let range): Double(range.lowerBound)...Double(range.upperBound)
        case .panTarget, .message, .tapTarget, .overlayOption, .text, .setting, .settingValue, .accessibilityAction,
            .choice,
            .path, .pathPrefix, .comparison, .value, .subject, .file, .exportFormat, .commandName, .command:
            nil
        }
    }

    /// The bounds each numeric kind sets (its `limits`), stated once for the two readers and for built commands;
    /// nil when `number` is within them, or the kind is not numeric.
    func refusal(of number: ArgumentNumber) -> NumberRefusal? {
        guard let limits else { return nil }
        // As the reader refuses `inf` and `nan`, whatever the kind.
        guard number.isFinite else { return .notFinite }
        switch self {
        case .distance, .velocity:
            return number.magnitude <= limits.upperBound ? nil : .beyondLimit(limits.upperBound)
        case .duration:
            guard !number.isNegative else { return .negativeDuration }
            guard let ticks = number.ticks, ticks <= Ticks(seconds: limits.upperBound) else {
                return .durationOutOfRange(max: limits.upperBound)
            }
            return nil
        case .tolerance:
            return number.isNegative ? .negativeTolerance : nil
        case .wholeNumber(let range):
            guard let n = number.integer, range.contains(n) else { return .wholeNumberOutOfRange(range) }
            return nil
        case .panTarget, .message, .tapTarget, .overlayOption, .text, .setting, .settingValue, .accessibilityAction,
            .choice,
            .path, .pathPrefix, .comparison, .value, .subject, .file, .exportFormat, .commandName, .command:
            return nil
        }
    }
}
