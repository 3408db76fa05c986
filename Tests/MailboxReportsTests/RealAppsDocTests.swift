import Foundation
import MailboxSim
import Testing

@testable import MailboxScript

/// docs/real-apps.md carries IMPLEMENTATIONS.md's facts as a table (quantity, parameter, a value per profile):
/// every cell is what `set profile` makes the parameter, and every number a profile sets has its row, so a
/// profile and its documented numbers cannot drift apart.
@Suite struct RealAppsDocTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/real-apps.md")

    /// The facts table: the profiles of its header, and each row's parameter with a value per profile.
    static func facts() throws -> (profiles: [Profile], rows: [(parameter: String, values: [String])]) {
        let text = try String(contentsOf: page, encoding: .utf8)
        let start = try #require(text.range(of: "<!-- facts: real apps -->\n"))
        let stop = try #require(text.range(of: "<!-- end facts -->", range: start.upperBound..<text.endIndex))
        let lines = text[start.upperBound..<stop.lowerBound].split(separator: "\n")
        func cells(_ line: Substring) -> [String] {
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        /// The first `code` span of a cell.
        func code(_ cell: String) -> String? {
            let parts = cell.split(separator: "`", omittingEmptySubsequences: false)
            return parts.count >= 3 ? String(parts[1]) : nil
        }
        let header = cells(lines[0])
        let profiles = try header.dropFirst(2).map { cell in
            try #require(code(cell).flatMap(Profile.init(rawValue:)), "\(cell)")
        }
        let rows = try lines.dropFirst(2).map { line in
            let row = cells(line)
            return (
                parameter: try #require(code(row[1]), "\(line)"),
                values: try row.dropFirst(2).map { try #require(code($0), "\(line)") }
            )
        }
        return (profiles, rows)
    }

    @Test func everyCellIsWhatTheProfileSets() throws {
        let (profiles, rows) = try Self.facts()
        #expect(
            profiles.contains(.iosCourseMailbox) && profiles.contains(.codepathWk3Mailbox)
                && profiles.contains(.assignment))
        #expect(rows.count >= 30)
        for (parameter, values) in rows {
            let tunable = try #require(TunableTable.named(parameter), "no parameter \(parameter)")
            #expect(values.count == profiles.count, "\(parameter)")
            for (profile, documented) in zip(profiles, values) {
                let shown = TunableTable.shown(tunable, in: profile.applied(to: Settings()))
                #expect(
                    shown == documented,
                    "\(profile.rawValue): \(parameter) is \(shown), docs/real-apps.md says \(documented)")
            }
        }
    }

    @Test func everyNumberOfTheAppProfilesIsDocumented() throws {
        let (profiles, rows) = try Self.facts()
        let documented = Set(rows.map(\.parameter))
        for profile in profiles {
            for setting in profile.settings {
                #expect(
                    documented.contains(setting.parameter),
                    "\(profile.rawValue) sets \(setting.parameter), which docs/real-apps.md lacks")
            }
        }
    }

    /// Every number of every profile is one `set` takes, differs from SPEC's, cites a source, and is set once.
    @Test func everyProfileSettingParsesAndMatters() throws {
        let spec = Settings()
        for profile in Profile.allCases {
            var seen: Set<String> = []
            for setting in profile.settings {
                #expect(seen.insert(setting.parameter).inserted, "\(profile.rawValue) sets \(setting.parameter) twice")
                let tunable = try #require(TunableTable.named(setting.parameter), "\(setting.parameter)")
                let value = try tunable.parse(setting.value.split(separator: " "))
                #expect(
                    value.scriptText == setting.value,
                    "\(profile.rawValue) \(setting.parameter) \(setting.value) reads back as \(value.scriptText)")
                #expect(
                    tunable.read(try tunable.write(spec, value)) != tunable.read(spec),
                    "\(profile.rawValue) \(setting.parameter) is SPEC's")
                #expect(tunable.read(profile.applied(to: spec)) == value, "\(profile.rawValue) \(setting.parameter)")
                #expect(!setting.source.isEmpty)
            }
        }
    }

    /// A profile sets the whole group: after another profile nothing of it is left, and what is outside the
    /// group (fps, haptics, the menu's duration) is kept.
    @Test func aProfileReplacesTheWholeGroup() throws {
        var tuned = Settings()
        tuned.framesPerSecond = 30
        tuned.haptics = true
        tuned.timings.setDuration(.menu, .milliseconds(500))
        let seed = Profile.iosCourseMailbox.applied(to: tuned)
        let back = Profile.mcswipe.applied(to: seed)
        #expect(back.palette == Palette.spec)
        #expect(back.menuOpenX == 280 && back.menuRelease == .velocity && back.undoAlert && back.slideOvershoot == 0)
        #expect(back.framesPerSecond == 30 && back.haptics && back.timings.duration(.menu) == .milliseconds(500))
        #expect(Profile.mailbox.applied(to: back).thresholds == .spec)
    }
}
