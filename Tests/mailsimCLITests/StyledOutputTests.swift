import Foundation
import Testing

/// `--color always`: reports are decorated from what their parts are (not by reading the text back), colours
/// get a truecolor swatch, and the tables stay aligned with the swatches in them.
@Suite struct StyledOutputTests {
    /// The text as a terminal shows it: escape sequences removed, a swatch's painted cells as `█`.
    static func visible(_ line: String) -> String {
        var out = ""
        var chars = Array(line)[...]
        var painting = false
        while let c = chars.first {
            if c == "\u{1B}", chars.dropFirst().first == "[" {
                let end = chars.firstIndex { $0.isLetter && $0 != "[" } ?? chars.endIndex
                let code = String(chars[chars.index(chars.startIndex, offsetBy: 2)..<end])
                painting = code.hasPrefix("48;2;")
                chars = chars[min(end + 1, chars.endIndex)...]
                continue
            }
            out.append(painting && c == " " ? "█" : c)
            chars = chars.dropFirst()
        }
        return out
    }

    static let script = "pan msg1 -180\nstate\ncolors\nshow msg1\nrelease\n"

    @Test func tablesStayAlignedWithSwatches() throws {
        let result = try CLI.run(["run", "--color", "always", "-"], stdin: Self.script)
        #expect(result.status == 0)
        let lines = result.stdoutLines.map(Self.visible)
        // The state's drawing table: the icon column starts at the same place in the header and on every row.
        let header = try #require(lines.first { $0.hasPrefix("msg ") && $0.contains("icon ") })
        let rows = lines.filter { ($0.hasPrefix("msg1 ") || $0.hasPrefix("msg5 ")) && $0.contains("#") }
        #expect(rows.count == 2)
        let iconColumn = try #require(header.range(of: "icon ")?.lowerBound).utf16Offset(in: header)
        for row in rows {
            let cells = row.split(separator: " ", omittingEmptySubsequences: true)
            let icon = cells[cells.firstIndex { $0.hasPrefix("#") }! + 1]
            let at = try #require(row.range(of: " " + icon + " ")).lowerBound.utf16Offset(in: row) + 1
            #expect(at == iconColumn, "\(row)")
        }
        // Every colour has its swatch, painted in that colour, just before its hex.
        #expect(lines.contains { $0.contains("yellow ██ #FECA16") })
        #expect(result.stdout.contains("\u{1B}[48;2;254;202;22m  \u{1B}[0m #FECA16"))
        #expect(result.stdout.contains("\u{1B}[48;2;178;178;178m  \u{1B}[0m #B2B2B2"))
        // Headers bold, paths cyan.
        #expect(result.stdout.contains("\u{1B}[1mbackground\u{1B}[0m"))
        #expect(result.stdout.contains("\u{1B}[36mmsg1.background\u{1B}[0m"))
    }

    /// A colour's hex starts in the same column on every row of `state` and `colors`, whatever the colour's
    /// name (or none) and whether swatches are drawn.
    @Test(arguments: ["always", "never"])
    func hexColumnsLineUp(color: String) throws {
        let result = try CLI.run(["run", "--color", color, "-"], stdin: Self.script)
        #expect(result.status == 0)
        let lines = result.stdoutLines.map(Self.visible)
        // The state's drawing table: `msgN  background …` rows (the row ids alone, not `msgN.background` paths).
        let stateRows = lines.filter { line in
            line.hasPrefix("msg") && line.contains("#")
                && line.split(separator: " ").first?.allSatisfy { $0 != "." } == true
        }
        let colourRows = lines.filter {
            $0.hasPrefix("tint (segment") || ($0.hasPrefix("msg") && $0.contains(".background ") && !$0.contains(" = "))
        }
        #expect(stateRows.count == 5)
        #expect(colourRows.count == 6)
        for rows in [stateRows, colourRows] {
            let columns = Set(
                rows.map { row in row.firstIndex(of: "#").map { row.distance(from: row.startIndex, to: $0) } ?? -1 })
            #expect(columns.count == 1, "\(rows.joined(separator: "\n"))")
        }
    }

    @Test func plainOutputHasNoEscapes() throws {
        let result = try CLI.run(["run", "--color", "never", "-"], stdin: Self.script)
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stdout.contains("msg1  inbox   -180  144      86      1  none    none\n"))
        #expect(result.stdout.contains("msg1  yellow #FECA16  later           1     170\n"))
    }

    /// `render` tints a row's revealed background with its colour; the plain text is the same without it.
    @Test func renderTintsTheRevealedBackground() throws {
        let script = "pan msg1 -150\nrender\nrelease\n"
        let styled = try CLI.run(["run", "--color", "always", "-"], stdin: script)
        let plain = try CLI.run(["run", "--color", "never", "-"], stdin: script)
        #expect(styled.stdout.contains("\u{1B}[38;2;254;202;22m▒"))
        #expect(plain.stdoutLines.contains { $0.hasPrefix("| msg1 ────") && $0.contains("▒[later]▒") })
        #expect(styled.stdoutLines.map(Self.visible) == plain.stdoutLines)
    }
}
