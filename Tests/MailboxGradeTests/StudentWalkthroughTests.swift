import Foundation
import MailboxFootage
import MailboxFootageDecoding
import MailboxGrade
import Testing

/// Two students' real walkthroughs (the GIFs seeds 002 and 004 link), read from `shared/walkthroughs` in the folder
/// above the project and never copied into it (their licence is unknown): the verdicts written down by looking at
/// every frame (docs/grade.md, "Accuracy"). Skipped, saying so, where the folder is absent.
@Suite struct StudentWalkthroughTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/walkthroughs")
    static let present = FileManager.default.fileExists(atPath: folder.path)

    static func report(_ name: String) throws -> GradeReport {
        var grader = WalkthroughGrader()
        _ = try FootageReader.read(path: folder.appendingPathComponent(name).path) { frame throws(FootageError) in
            grader.add(frame)
        }
        return grader.report()
    }

    /// The verdicts by eye. kevnull (seed 002): every required story; the menu opened by an edge pan (frames
    /// 279–363), compose with the keyboard (378–414), the segmented control tinted green (216), a row archived and
    /// brought back by a shake (38–46). yinanq (seed 004): every required story, the segments (yellow, 240), the
    /// archived row back (78–80); no menu and no compose sheet.
    static let truth: [(file: String, seen: Set<Story>)] = [
        ("kevnull--ios-course-mailbox.gif", Set(Story.allCases)),
        (
            "yinanq--CodePath-wk3-Mailbox.gif",
            Set(Story.allCases.filter { $0.isRequired }).union([.segments, .undo])
        )
    ]

    @Test(
        .enabled(
            if: present, "shared/walkthroughs beside the repository is absent: the students' walkthroughs are not read"),
        arguments: [0, 1])
    func verdictsAsReadByEye(_ k: Int) throws {
        let (file, seen) = Self.truth[k]
        let report = try Self.report(file)
        for finding in report.findings {
            let expected: Verdict = seen.contains(finding.story) ? .seen : .notSeen
            #expect(finding.verdict == expected, "\(file): \(finding.story.rawValue): \(finding.evidence)")
        }
        #expect(report.screen?.scale == 1)
        // Both students' thresholds are the assignment's 60 and 260 (their code): each bracket lies within a few
        // points of them (the frames come every 150 ms; a recording cropped by a point or two).
        for bracket in report.thresholds {
            let truth = bracket.name.hasSuffix("near") ? 60 : 260
            if let below = bracket.below {
                #expect(truth - 20 <= below && below <= truth + 2, "\(file) \(bracket.name)")
            }
            if let above = bracket.above {
                #expect(truth - 2 <= above && above <= truth + 25, "\(file) \(bracket.name)")
            }
        }
    }
}
