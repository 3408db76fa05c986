import Foundation
import MailboxSim
import Testing

@testable import MailboxScript

/// `docs/SPEC.md`, the behaviour contract that "SPEC §N" cites, and the code stay in step: the palette table
/// holds the model's default colours, and every command, tap target, property path and parameter the code
/// knows is named in the contract.
@Suite struct ContractTests {
    static let specURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/SPEC.md")

    static func spec() throws -> String { try String(contentsOf: specURL, encoding: .utf8) }

    /// The rows of the first table under `heading`: each row's cells, trimmed, the header and rule left out.
    static func table(under heading: String, in text: String) throws -> [[String]] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: heading), "docs/SPEC.md has no '\(heading)'")
        let rows = lines[(start + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        return rows.dropFirst(2).map { row in
            row.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// True when `word` appears in `text` as code: `` `word` `` or `` `word `` followed by a blank.
    static func names(_ word: String, in text: String) -> Bool {
        text.contains("`\(word)`") || text.contains("`\(word) ")
    }

    @Test func thePaletteTableIsTheModelsDefaultPalette() throws {
        let rows = try Self.table(under: "### Palette", in: Self.spec())
        var seen: [PaletteColor] = []
        for row in rows {
            let cells = try #require(row.count >= 2 ? row : nil, "a palette row without a hex: \(row)")
            let name = try #require(PaletteColor(rawValue: cells[0]), "'\(cells[0])' is not a palette colour")
            #expect(
                cells[1].uppercased() == Palette.spec[name].hex,
                "docs/SPEC.md gives \(name.rawValue) as \(cells[1]); the model's default is \(Palette.spec[name].hex)")
            #expect(
                cells.count < 3 || cells[2] == name.role,
                "docs/SPEC.md says \(name.rawValue) is for '\(cells[2])'; the model says '\(name.role)'")
            seen.append(name)
        }
        #expect(seen == PaletteColor.allCases, "docs/SPEC.md's palette lists \(seen.map(\.rawValue))")
    }

    @Test func everyCommandIsInTheContract() throws {
        let spec = try Self.spec()
        for command in CommandTable.all {
            for name in [command.name] + command.aliases {
                #expect(Self.names(name, in: spec), "docs/SPEC.md does not name the command '\(name)'")
            }
        }
    }

    @Test func everyTapTargetIsInTheContract() throws {
        let spec = try Self.spec()
        for (word, _) in TapTarget.words {
            #expect(Self.names(word, in: spec), "docs/SPEC.md does not name the tap target '\(word)'")
        }
    }

    /// Every path `help paths` lists (`msgN.x` for the messages'); a parameter's path `param.NAME` is named by
    /// `param.NAME` in §5 and by its NAME in §7's parameter table.
    @Test func everyPropertyPathIsInTheContract() throws {
        let spec = try Self.spec()
        #expect(Self.names(PropertyPath.parameterPrefix + "NAME", in: spec))
        for (path, _) in PropertyPath.templatesWithTypes {
            if path.hasPrefix(PropertyPath.parameterPrefix) {
                let name = String(path.dropFirst(PropertyPath.parameterPrefix.count))
                #expect(Self.names(name, in: spec), "docs/SPEC.md does not name the parameter '\(name)' (\(path))")
            } else {
                #expect(Self.names(path, in: spec), "docs/SPEC.md does not name the property path '\(path)'")
            }
        }
        // The concrete paths of a screen agree with the templates (none is left out of them).
        let templates = Set(PropertyPath.templatesWithTypes.map(\.name))
        for path in PropertyPath.all(messageCount: 1) {
            let name = path.name.replacingOccurrences(of: "msg1.", with: "msgN.")
            #expect(templates.contains(name), "'\(path.name)' is not among the paths help lists")
        }
    }

    @Test func theContractStandsAlone() throws {
        let spec = try Self.spec()
        for section in [
            "## 1. The screen", "## 2. Behaviour", "## 3. Time and animation", "## 4. Commands",
            "## 5. Property paths", "## 6. The program", "## 7. Decisions"
        ] {
            #expect(spec.contains("\n" + section + "\n"), "docs/SPEC.md has no '\(section)' (the code cites it)")
        }
        // A clone has only the repository: every relative path the contract names must be in it.
        let docs = Self.specURL.deletingLastPathComponent()
        var rest = spec[...]
        while let up = rest.range(of: "../") {
            let path = rest[up.lowerBound...].prefix { !" `)\n\"'".contains($0) }
            #expect(
                FileManager.default.fileExists(atPath: docs.appendingPathComponent(String(path)).path),
                "docs/SPEC.md names \(path), which is not in the repository")
            rest = rest[up.upperBound...]
        }
    }
}
