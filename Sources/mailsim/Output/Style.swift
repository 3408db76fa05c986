import ArgumentParser
import Glibc
import MailboxAnimation
import MailboxReports
import MailboxScript

/// `--color auto|always|never`.
enum ColorChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    case auto, always, never
}

/// The options every command that prints shares.
struct OutputOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "When to use colour: auto (standard output is a terminal and NO_COLOR is unset), always or never.",
            valueName: "when"))
    var color: ColorChoice?
}

/// How output is decorated: ANSI colours and truecolor swatches, or plain text. The library's reports are
/// plain text; this only adds escape sequences around and inside their lines, never changes their words.
struct Style: Sendable {
    /// Colour on standard output.
    let out: Bool
    /// Colour on standard error.
    let err: Bool

    static let plain = Style(out: false, err: false)

    /// `auto` colours a stream that is a terminal, unless NO_COLOR is set to anything but the empty string
    /// (no-color.org); `always` and `never` decide alone.
    static func resolve(_ choice: ColorChoice?) -> Style {
        switch choice ?? .auto {
        case .always: return Style(out: true, err: true)
        case .never: return .plain
        case .auto:
            if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return .plain }
            if let term = getenv("TERM"), String(cString: term) == "dumb" { return .plain }
            return Style(out: isatty(STDOUT_FILENO) == 1, err: isatty(STDERR_FILENO) == 1)
        }
    }

    // MARK: - SGR

    static let reset = "\u{1B}[0m"

    private func sgr(_ code: String, _ text: String, on: Bool) -> String {
        on && !text.isEmpty ? "\u{1B}[\(code)m" + text + Style.reset : text
    }

    func bold(_ text: String) -> String { sgr("1", text, on: out) }
    func dim(_ text: String) -> String { sgr("2", text, on: out) }
    func cyan(_ text: String) -> String { sgr("36", text, on: out) }
    func green(_ text: String) -> String { sgr("32", text, on: out) }
    /// Errors, on standard error.
    func error(_ text: String) -> String { sgr("31", text, on: err) }
    /// Failed expectations, on standard error.
    func failure(_ text: String) -> String { sgr("33", text, on: err) }

    // MARK: - Reports

    /// How reports lay out for this style: swatches take three columns where they are drawn.
    var layout: Layout { out ? Layout(swatchWidth: 3) : .plain }

    /// Two cells painted in `color`, then a blank: `██ `.
    func swatch(_ color: Color) -> String {
        let rgb = color.rgb
        return "\u{1B}[48;2;\(rgb >> 16 & 0xFF);\(rgb >> 8 & 0xFF);\(rgb & 0xFF)m  " + Style.reset + " "
    }

    /// `text` in `color` (truecolor foreground).
    func tinted(_ color: Color, _ text: String) -> String {
        let rgb = color.rgb
        return sgr("38;2;\(rgb >> 16 & 0xFF);\(rgb >> 8 & 0xFF);\(rgb & 0xFF)", text, on: out)
    }

    /// A report's line with its decoration, read from what each span is: headings and command names bold,
    /// paths and timeline subjects cyan, times dim, examples green, colours with a swatch. The words stay
    /// the renderer's.
    func render(_ line: StyledLine) -> String {
        guard out else { return line.text }
        var text = ""
        for span in line {
            switch span.role {
            case .plain: text += span.text
            case .heading, .command: text += bold(span.text)
            case .path, .subject: text += cyan(span.text)
            case .time: text += dim(span.text)
            case .example: text += green(span.text)
            case .swatch(let color): text += swatch(color)
            case .tinted(let color): text += tinted(color, span.text)
            case .passed: text += sgr("1;32", span.text, on: out)
            case .failed: text += sgr("1;31", span.text, on: out)
            case .failure: text += sgr("33", span.text, on: out)
            case .error: text += sgr("31", span.text, on: out)
            }
        }
        return text
    }

    /// A report, line by line, laid out and decorated for this style.
    func lines(_ report: CommandOutput) -> [String] {
        TextRenderer.styledLines(report, layout).map(render)
    }
}
