
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

    /// The lines, two spaces between columns, trailing blanks trimmed; the header's cells are headings.
    public func lines(_ layout: Layout) -> [StyledLine] {
        let all = [header.map { [Span($0, .heading)] }] + rows
        var widths = [Int](repeating: 0, count: all.map(\.count).max() ?? 0)
        for row in all {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.width(swatchWidth: layout.swatchWidth)) }
        }
        return all.map { row in
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
            if text.isEmpty { line.removeLast(); continue }
            line[line.count - 1].text = text
            break
        }
        return line
    }

    /// The plain lines.
    public var lines: [String] { lines(.plain).map(\.text) }
}
