import ArgumentParser
import MailboxAnimation
import MailboxReports
import MailboxScript
import MailboxSim
import MailboxText
import Glibc

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
        var chars = Array(line)
        for offset in Style.hexOffsets(chars).reversed() {
            chars.insert(contentsOf: swatch(Style.color(chars, at: offset)), at: offset)
        }
        return String(chars)
    }

    /// The lines of one table with swatches, still aligned: a swatch is three columns wide, so the lines
    /// without one in that column (the header, say) get three blanks there too.
    func swatchedTable(_ block: [String]) -> [String] {
        guard out else { return block }
        let rows = block.map { Array($0) }
        // The colour cells, grouped by the column they start at.
        var columns: [Int: [(row: Int, hex: Int)]] = [:]
        for (r, row) in rows.enumerated() {
            for hex in Style.hexOffsets(row) { columns[Style.cellStart(row, before: hex), default: []].append((r, hex)) }
        }
        guard !columns.isEmpty else { return block }
        var insertions = [[(offset: Int, text: [Character])]](repeating: [], count: rows.count)
        let blanks = Array("   ")
        for (start, cells) in columns {
            let end = cells.map { $0.hex + 7 }.max()!
            let hexStartsCell = cells.allSatisfy { $0.hex == start }
            let swatched = Set(cells.map(\.row))
            for cell in cells {
                insertions[cell.row].append((cell.hex, Array(swatch(Style.color(rows[cell.row], at: cell.hex)))))
            }
            for r in rows.indices where !swatched.contains(r) {
                // Blanks where the swatch sits in the other lines: before the cell when the colour starts
                // it, else at the end of the cell (before the next column).
                let at = hexStartsCell ? (start < rows[r].count ? start : nil) : Style.nextColumn(rows[r], from: end)
                if let at { insertions[r].append((at, blanks)) }
            }
        }
        return rows.indices.map { r in
            var chars = rows[r]
            for insertion in insertions[r].sorted(by: { $0.offset > $1.offset }) {
                chars.insert(contentsOf: insertion.text, at: insertion.offset)
            }
            return String(chars)
        }
    }

    /// Where each `#RRGGBB` of a line starts.
    static func hexOffsets(_ chars: [Character]) -> [Int] {
        var found: [Int] = []
        var i = 0
        while i + 7 <= chars.count {
            if chars[i] == "#", chars[(i + 1)..<(i + 7)].allSatisfy(\.isHexDigit),
               i + 7 == chars.count || !(chars[i + 7].isLetter || chars[i + 7].isNumber),
               i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber) {
                found.append(i)
                i += 7
            } else {
                i += 1
            }
        }
        return found
    }

    private static func color(_ chars: [Character], at offset: Int) -> Color {
        Color(hex: String(chars[offset..<(offset + 7)])) ?? Color(rgb: 0)
    }

    /// The start of the table cell holding `offset`: just after the last double blank before it.
    private static func cellStart(_ chars: [Character], before offset: Int) -> Int {
        var i = offset - 1
        while i >= 1 {
            if chars[i] == " " && chars[i - 1] == " " { return i + 1 }
            i -= 1
        }
        return 0
    }

    /// The first column that starts at or after `offset` (a word after at least two blanks).
    private static func nextColumn(_ chars: [Character], from offset: Int) -> Int? {
        var i = max(offset, 2)
        while i < chars.count {
            if chars[i] != " " && chars[i - 1] == " " && chars[i - 2] == " " { return i }
            i += 1
        }
        return nil
    }
}

// MARK: - Reports

extension Style {
    /// A report's lines with their decoration: swatches before colours everywhere; headers bold; paths
    /// and timeline subjects in cyan, times dim. The words stay the library's.
    func decorate(_ lines: [String], for report: Report) -> [String] {
        guard out else { return lines }
        switch report {
        case .state:
            // The rows' table runs from its header (`msg  folder …`) to `running:` or the end.
            guard let header = lines.firstIndex(where: { $0.hasPrefix("msg ") }) else { return lines.map(swatches) }
            let end = lines[header...].firstIndex(of: "running:") ?? lines.endIndex
            var table = swatchedTable(Array(lines[header..<end]))
            table[0] = bold(table[0])
            return lines[..<header].map(swatches) + table
                + lines[end...].map { $0 == "running:" ? bold($0) : swatches($0) }
        case .colors:
            // Tables separated by blank lines, each headed by its first line.
            var out: [String] = []
            var block: [String] = []
            func flush() {
                var table = swatchedTable(block)
                if !table.isEmpty { table[0] = bold(table[0]) }
                out += table
                block = []
            }
            for line in lines {
                if line.isEmpty { flush(); out.append(line) } else { block.append(line) }
            }
            flush()
            return out
        case .properties:
            return lines.map { line in
                guard let range = line.firstRange(of: " = ") else { return swatches(line) }
                return cyan(String(line[..<range.lowerBound])) + " = " + swatches(String(line[range.upperBound...]))
            }
        case .timeline:
            return lines.map(timelineLine)
        case .help(let topic):
            return lines.enumerated().map { index, line in
                if topic == .commands {
                    guard index > 0, line.hasPrefix("  ") else { return bold(line) }
                    let body = line.dropFirst(2)
                    let name = body.prefix { $0 != " " }
                    return "  " + bold(String(name)) + body.dropFirst(name.count)
                }
                if line.hasPrefix("usage: ") { return "usage: " + bold(String(line.dropFirst(7))) }
                if line.hasPrefix("example: ") { return "example: " + green(String(line.dropFirst(9))) }
                return line
            }
        case .render, .note:
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
