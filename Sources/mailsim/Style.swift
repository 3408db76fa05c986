import ArgumentParser
import MailboxSim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--color auto|always|never`.
enum ColorChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    case auto, always, never
}

/// The options every command that prints shares.
struct OutputOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
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

    // MARK: - Swatches

    /// Two cells painted in `color`, then a blank: `██ `.
    func swatch(_ color: Color) -> String {
        let rgb = color.rgb
        return "\u{1B}[48;2;\(rgb >> 16 & 0xFF);\(rgb >> 8 & 0xFF);\(rgb & 0xFF)m  " + Style.reset + " "
    }

    /// Puts a swatch before every `#RRGGBB` of the line (a `#` followed by exactly six hex digits).
    func swatches(_ line: String) -> String {
        guard out, line.contains("#") else { return line }
        let scalars = Array(line.unicodeScalars)
        var result = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            if scalars[i] == "#", i + 7 <= scalars.count,
               scalars[(i + 1)..<(i + 7)].allSatisfy(\.properties.isASCIIHexDigit),
               i + 7 == scalars.count || !scalars[i + 7].properties.isASCIIHexDigit,
               let color = Color(hex: String(String.UnicodeScalarView(scalars[i..<(i + 7)]))) {
                result.append(contentsOf: swatch(color).unicodeScalars)
            }
            result.append(scalars[i])
            i += 1
        }
        return String(result)
    }
}

// MARK: - Reports

extension Style {
    /// A report's lines with their decoration: swatches before colours everywhere; headers bold; paths
    /// and timeline subjects in cyan, times dim. The words stay the library's.
    func decorate(_ lines: [String], for command: Command?) -> [String] {
        guard out else { return lines }
        switch command {
        case .state?:
            return lines.map { line in
                if line.hasPrefix("msg ") { return bold(line) }
                if line == "running:" { return bold(line) }
                return swatches(line)
            }
        case .colors?:
            return lines.map { line in
                line.hasPrefix("palette ") || line.hasPrefix("on screen ") ? bold(line) : swatches(line)
            }
        case .show?:
            return lines.map { line in
                guard let range = line.firstRange(of: " = ") else { return swatches(line) }
                return cyan(String(line[..<range.lowerBound])) + " = " + swatches(String(line[range.upperBound...]))
            }
        case .timeline?:
            return lines.map(timelineLine)
        case .help(let topic)?:
            return lines.enumerated().map { index, line in
                if topic == nil || CommandTable.spec(named: topic!) == nil {
                    guard index > 0, line.hasPrefix("  ") else { return bold(line) }
                    let body = line.dropFirst(2)
                    let name = body.prefix { $0 != " " }
                    return "  " + bold(String(name)) + body.dropFirst(name.count)
                }
                if line.hasPrefix("usage: ") { return "usage: " + bold(String(line.dropFirst(7))) }
                if line.hasPrefix("example: ") { return "example: " + green(String(line.dropFirst(9))) }
                return line
            }
        default:
            return lines.map(swatches)
        }
    }

    /// `   0.300  msg1.x -100 → -320 …`: the time dim, the subject cyan, colours with swatches.
    func timelineLine(_ line: String) -> String {
        guard out, !line.isEmpty else { return line }
        let scalars = Array(line)
        var i = 0
        while i < scalars.count, scalars[i] == " " { i += 1 }
        var j = i
        while j < scalars.count, scalars[j] != " " { j += 1 }
        guard j > i, j + 2 <= scalars.count, scalars[j] == " ", scalars[j + 1] == " " else { return swatches(line) }
        let rest = String(scalars[(j + 2)...])
        let subject = rest.prefix { $0 != " " }
        return String(scalars[..<i]) + dim(String(scalars[i..<j])) + "  " + cyan(String(subject))
            + swatches(String(rest.dropFirst(subject.count)))
    }
}
