/// Columns of spans, padded so they line up (numbers right-aligned), whatever width swatches take.
public struct TextTable: Sendable {
    public var header: [String]
    public var rows: [[[Span]]] = []
    /// Columns to align right (numbers).
    public var rightAligned: Set<Int> = []

    public init(header: [String], rightAligned: Set<Int> = []) {
        self.header = header
        self.rightAligned = rightAligned
    }

    /// A row of plain cells.
    public mutating func append(_ row: [String]) { rows.append(row.map { [Span($0)] }) }

    /// A row of cells made of spans (a colour with its swatch).
    public mutating func append(spans row: [[Span]]) { rows.append(row) }

    /// A line of its own, as wide as it is, that the columns do not widen for (`help`'s name too wide for its
    /// column, whose description then follows on the next row).
    public mutating func append(spanning line: [Span]) {
        spanning.insert(rows.count)
        rows.append([line])
    }

    /// The rows that `append(spanning:)` added.
    var spanning: Set<Int> = []

    /// The widest a line may be: past it, the last column's plain text wraps at blanks onto lines of its own,
    /// under the column's start (`params`' "what it does"). Nil: no limit.
    public var maxWidth: Int?

    /// The reports' width: every table and listing fits 80 columns (SPEC §7.11).
    public static let reportWidth = 80

    /// The lines, two spaces between columns, trailing blanks trimmed; the header's cells are headings.
    public func lines(_ layout: Layout) -> [StyledLine] {
        // A table without a header (`help`'s) has as many columns as its widest row.
        let columns = header.isEmpty ? rows.map({ $0.count }).max() ?? 0 : header.count
        guard let maxWidth, columns > 1 else { return laidOut(layout) }
        let last = columns - 1
        var widths = [Int](repeating: 0, count: columns)
        for (r, row) in rows.enumerated() where !spanning.contains(r) {
            for (i, cell) in row.enumerated() where i < last {
                widths[i] = max(widths[i], cell.width(swatchWidth: layout.swatchWidth))
            }
        }
        for (i, cell) in header.enumerated() where i < last { widths[i] = max(widths[i], cell.count) }
        let indent = widths.dropLast().reduce(0, +) + 2 * last
        let room = max(12, maxWidth - indent)
        var wrapped = TextTable(header: header, rightAligned: rightAligned)
        for (r, row) in rows.enumerated() {
            if spanning.contains(r) {
                wrapped.append(spanning: row[0])
                continue
            }
            guard row.count == columns, row[last].count == 1, row[last][0].role == .plain,
                row[last][0].text.count > room
            else {
                wrapped.rows.append(row)
                continue
            }
            let pieces = TextTable.wrap(row[last][0].text, width: room)
            wrapped.rows.append(Array(row.dropLast()) + [[Span(pieces[0])]])
            for piece in pieces.dropFirst() {
                wrapped.rows.append(Array(repeating: [], count: last) + [[Span(piece)]])
            }
        }
        return wrapped.laidOut(layout)
    }

    /// `text` cut at blanks into lines of at most `width` characters (a longer word is cut after a `,` or `|`
    /// where it has one, else at `width`).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var words: [Substring] = []
        for word in text.split(separator: " ") {
            var rest = word
            while rest.count > width {
                let head = rest.prefix(width)
                let cut =
                    head.lastIndex(where: { $0 == "," || $0 == "|" }).map { rest.index(after: $0) } ?? head.endIndex
                words.append(rest[..<cut])
                rest = rest[cut...]
            }
            words.append(rest)
        }
        for word in words {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        lines.append(current)
        return lines
    }

    private func laidOut(_ layout: Layout) -> [StyledLine] {
        let all = [header.map { [Span($0, .heading)] }] + rows
        var widths = [Int](repeating: 0, count: all.map({ $0.count }).max() ?? 0)
        for (r, row) in all.enumerated() where !spanning.contains(r - 1) {
            for (i, cell) in row.enumerated() {
                widths[i] = max(widths[i], cell.width(swatchWidth: layout.swatchWidth))
            }
        }
        return all.enumerated().map { r, row in
            if spanning.contains(r - 1) { return trimmed(row[0]) }
            var line: StyledLine = []
            var pending = ""
            for (i, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: max(0, widths[i] - cell.width(swatchWidth: layout.swatchWidth)))
                if i > 0 { pending += "  " }
                if rightAligned.contains(i) {
                    line.append(Span(pending + pad))
                    line += cell
                    pending = ""
                } else {
                    line.append(Span(pending))
                    line += cell
                    pending = pad
                }
            }
            return trimmed(line.filter { !$0.text.isEmpty || $0.role != .plain })
        }
    }

    /// Without the blanks at the end of the line.
    private func trimmed(_ line: StyledLine) -> StyledLine {
        var line = line
        while let last = line.last, last.role == .plain {
            var text = last.text
            while text.hasSuffix(" ") { text.removeLast() }
            if text.isEmpty {
                line.removeLast()
                continue
            }
            line[line.count - 1].text = text
            break
        }
        return line
    }

    /// The plain lines.
    public var lines: [String] { lines(.plain).map({ $0.text }) }
}
