import Foundation
import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// The bad-input catalogue (`Tests/Fixtures/bad/`, run through the binary by `BadInputTests`) through the
/// library: the line the `.stderr` file names is refused with exactly that message, and the session after
/// it is exactly the session before it (SPEC §4: a refused command changes nothing).
@Suite struct BadInputStateTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Fixtures/bad")

    static let fixtures: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".mbs") }.map { String($0.dropLast(4)) }.sorted()
    }()

    @Test func theCatalogueIsThere() {
        #expect(Self.fixtures.count >= 80)
    }

    @Test(arguments: fixtures)
    func theRefusedLineChangesNothing(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name + ".mbs")))
        let stderr = try String(contentsOf: Self.folder.appendingPathComponent(name + ".stderr"), encoding: .utf8)
        // `Tests/Fixtures/bad/NAME.mbs:LINE: error: MESSAGE`
        let afterPath = stderr.dropFirst("Tests/Fixtures/bad/\(name).mbs:".count)
        let lineNumber = try #require(Int(afterPath.prefix { $0 != ":" }))
        let message = String(afterPath.drop { $0 != ":" }.dropFirst(": error: ".count).dropLast())

        var session = Session()
        let lines = LineSplitter.lines(of: bytes)
        var end = lines.count
        for (index, read) in lines.enumerated() {
            guard case .text(let text) = read else {
                Issue.record("line \(index + 1) cannot be read: \(read)")
                return
            }
            let before = session
            do {
                let outcome = try session.execute(.line(text[...]))
                if case .quit? = outcome.effect {
                    end = index + 1
                    break
                }
                #expect(index + 1 != lineNumber || index + 1 == lines.count, "line \(index + 1) was not refused")
            } catch {
                #expect(index + 1 == lineNumber, "line \(index + 1) refused: \(error.message)")
                #expect(error.message == message)
                let unchanged = sameSession(session, before)
                #expect(unchanged, "the refused line changed the session")
                return
            }
        }
        // Only the end of the script (its last line, or `quit`) with a finger down is an error on a line that ran.
        #expect(session.screen.gesture != nil && lineNumber == end, "no line was refused")
    }
}
