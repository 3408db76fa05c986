import MailboxAnimation
import MailboxText

/// A number a bound is checked on: as typed (the parsers'), or as a built command holds it (a front end's).
/// Each numeric kind's bounds are stated once, in `ArgumentKind.refusal(of:)`, for both.
enum BoundedNumber {
    /// A number as a line wrote it.
    case typed(DecimalNumber)
    /// A distance or velocity a built command holds.
    case real(Double)
    /// A duration a built command holds.
    case duration(Ticks)
    /// A whole number a built command holds.
    case whole(Int)

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
    case beyondLimit(Double)
    case negativeDuration
    case durationOutOfRange(max: Double)
    case negativeTolerance
    case wholeNumberOutOfRange(ClosedRange<Int>)

    /// The error a line gets for it: parameter `parameter` of `command`, the number written as `text`.
    func error(command: String, parameter: String, text: String) -> ScriptError {
        switch self {
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
    /// The bounds each numeric kind sets (a distance, velocity, duration, tolerance or whole number), stated once
    /// for the two readers and for built commands; nil when `number` is within them, or the kind is not numeric.
    func refusal(of number: BoundedNumber) -> NumberRefusal? {
        switch self {
        case .distance:
            return number.isFinite && number.magnitude <= ScriptLimits.maxTranslation
                ? nil : .beyondLimit(ScriptLimits.maxTranslation)
        case .velocity(let max):
            return number.isFinite && number.magnitude <= max ? nil : .beyondLimit(max)
        case .duration(let max):
            guard !number.isNegative else { return .negativeDuration }
            guard let ticks = number.ticks, ticks <= Ticks(seconds: max) else { return .durationOutOfRange(max: max) }
            return nil
        case .tolerance:
            return number.isFinite && !number.isNegative ? nil : .negativeTolerance
        case .wholeNumber(let range):
            guard let n = number.integer, range.contains(n) else { return .wholeNumberOutOfRange(range) }
            return nil
        case .panTarget, .message, .tapTarget, .overlayOption, .text, .setting, .settingValue, .accessibilityAction,
            .path, .pathPrefix, .comparison, .value, .subject, .file, .exportFormat, .commandName, .command:
            return nil
        }
    }
}
