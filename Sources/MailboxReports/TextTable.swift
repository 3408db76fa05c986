import MailboxAnimation
import MailboxScript
import MailboxSim
import MailboxText

/// Columns of text, padded so they line up; numbers right-aligned.
public struct TextTable: Sendable {
    public var header: [String]
    public var rows: [[String]] = []
    /// Columns to align right (numbers).
    public var rightAligned: Set<Int> = []

    public init(header: [String], rightAligned: Set<Int> = []) {
        self.header = header
        self.rightAligned = rightAligned
    }

    public mutating func append(_ row: [String]) { rows.append(row) }

    /// The lines, two spaces between columns, trailing blanks trimmed.
    public var lines: [String] {
        let all = [header] + rows
        var widths = [Int](repeating: 0, count: all.map(\.count).max() ?? 0)
        for row in all { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        return all.map { row in
            var line = ""
            for (i, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: max(0, widths[i] - cell.count))
                if i > 0 { line += "  " }
                line += rightAligned.contains(i) ? pad + cell : cell + pad
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}
