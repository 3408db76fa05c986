import MailboxScript
import MailboxText
import MailboxWalkthrough

/// What the page is asked to record: `record [FIRST[-LAST]] [--scale S] [--speed X]` typed at the page's prompt, as
/// `mailsim record`'s options read (its scale and speed, their bounds and defaults), and which lines of the session's
/// script: all of them, one, or from one to another (`3-`: from line 3 to the end).
public struct RecordRequest: Equatable, Sendable {
    public var first: Int
    /// The last line recorded; nil for the script's end.
    public var last: Int?
    public var scale: Int
    public var speed: Double

    public init(first: Int = 1, last: Int? = nil, scale: Int = PictureRequest.defaultScale, speed: Double = 1) {
        self.first = first
        self.last = last
        self.scale = scale
        self.speed = speed
    }

    /// The line's usage, as the refusals quote it.
    public static let usage = "record [FIRST[-LAST]] [--scale 1…4] [--speed X]"

    /// Whether `text` is a `record` line (its first word), whatever follows.
    public static func isRecordLine(_ text: String) -> Bool {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" }).first == "record"
    }

    /// Reads a `record` line against a script of `lines` lines; the refusal's words otherwise.
    public static func parse(_ text: String, lines: Int) -> Result<RecordRequest, PlaygroundExportError> {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst()
        var request = RecordRequest()
        var sawRange = false
        while let word = words.popFirst() {
            switch word {
            case "--scale", "--speed":
                guard let value = words.popFirst() else { return .failure(.init("record: \(word) needs a value")) }
                if word == "--scale" {
                    guard let scale = digits(value), PictureRequest.scales.contains(scale) else {
                        return .failure(.init("record: --scale must be a whole number from 1 to 4, not '\(value)'"))
                    }
                    request.scale = scale
                } else {
                    guard let speed = try? DecimalNumber.parse(value).value, Walkthrough.speeds.contains(speed) else {
                        return .failure(
                            .init(
                                "record: --speed must be from \(formatNumber(Walkthrough.speeds.lowerBound)) to "
                                    + "\(formatNumber(Walkthrough.speeds.upperBound)), not '\(value)'"))
                    }
                    request.speed = speed
                }
            default:
                if word.hasPrefix("--") {
                    let known = didYouMean(word, in: ["--scale", "--speed"])
                    return .failure(.init("record: unknown option '\(word)'\(known); usage: \(usage)"))
                }
                guard !sawRange else { return .failure(.init("record: one range of lines at most; usage: \(usage)")) }
                sawRange = true
                switch range(word, lines: lines) {
                case .failure(let error): return .failure(error)
                case .success(let (first, last)):
                    request.first = first
                    request.last = last
                }
            }
        }
        return .success(request)
    }

    /// A whole number of 1 to 9 decimal digits, nothing else (no sign, no space).
    static func digits(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 9 else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard byte >= 48 && byte <= 57 else { return nil }
            value = value * 10 + Int(truncatingIfNeeded: byte - 48)
        }
        return value
    }

    /// `N`, `N-M`, `N-` or `-M` of a script of `lines` lines: the first line and the last (nil: the end).
    static func range(_ word: Substring, lines: Int) -> Result<(Int, Int?), PlaygroundExportError> {
        let parts = word.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let first: Int?
        let last: Int?
        if parts.count == 1 {
            first = digits(parts[0])
            last = first
        } else {
            first = parts[0].isEmpty ? 1 : digits(parts[0])
            last = parts[1].isEmpty ? nil : digits(parts[1])
            if !parts[1].isEmpty && last == nil { return .failure(.init("record: '\(word)' is not a range of lines")) }
        }
        guard let first, first >= 1 else {
            return .failure(.init("record: '\(word)' is not a range of lines (lines are numbered from 1)"))
        }
        let has = lines == 1 ? "1 line" : "\(lines) lines"
        guard first <= max(lines, 1) else {
            return .failure(.init("record: the script has \(has): line \(first) is past its end"))
        }
        if let last {
            guard last >= first else { return .failure(.init("record: '\(word)': the last line is before the first")) }
            guard last <= max(lines, 1) else {
                return .failure(.init("record: the script has \(has): line \(last) is past its end"))
            }
        }
        return .success((first, last))
    }
}
