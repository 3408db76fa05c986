import MailboxFootage
import MailboxGrade
import Testing
import WalkthroughDamage

/// The grader on mailsim's own walkthroughs, where the truth is known: each script of `Tests/Fixtures/grade`
/// performs the stories its `# grade:` line names, no other, under its thresholds. Recorded as `mailsim record`
/// records, read back by the decoder, graded: every story found exactly, none unsure, every bracket holding its
/// threshold (docs/grade.md, "Accuracy").
@Suite struct CalibrationTests {
    /// Every script at LICEcap's rates and below, one pixel a point.
    @Test(arguments: CalibrationScript.all, [4, 7])
    func everyScriptAtSlowRates(name: String, fps: Int) throws {
        let script = CalibrationScript(name)
        let report = try grade(try script.gif(fps: fps, scale: 1))
        #expect(script.problems(report) == [], "\(name) at \(fps) fps")
    }

    /// The longest and the shortest at fast rates, and at two pixels a point.
    @Test(arguments: [
        ("every-story", 15, 1), ("short-of-the-thresholds", 30, 1), ("archive-near-40", 30, 1),
        ("profile-codepath-wk3-mailbox", 15, 1), ("every-story", 7, 2), ("student-colours", 10, 2)
    ])
    func fastRatesAndRetina(name: String, fps: Int, scale: Int) throws {
        let script = CalibrationScript(name)
        let report = try grade(try script.gif(fps: fps, scale: scale))
        #expect(report.screen?.scale == scale)
        #expect(script.problems(report) == [], "\(name) at \(fps) fps, scale \(scale)")
    }

    /// What a student's recording does to a walkthrough, each alone and all together, written as LICEcap writes
    /// (a local palette a frame, partial rectangles, still frames merged) and read back.
    enum Damage: String, CaseIterable, CustomStringConvertible {
        case crop, titleBar, border, cursor, colours, homeScreen, licecapRate, everything
        var description: String { rawValue }

        func apply(_ frames: [FootageFrame]) -> [FootageFrame] {
            // mailsim's caption strip is not in a student's recording.
            let screen = frames.cropped(bottom: 44)
            switch self {
            case .crop: return screen.cropped(left: 2, top: 1, right: 3)
            case .titleBar: return screen.withTitleBar(height: 22)
            case .border: return screen.withBorder()
            case .cursor: return screen.withCursor(clickRing: true) { Damage.cursorSpot($0) }
            case .colours: return screen.shiftingColors(red: 14, green: -12, blue: 18, shape: .midtones)
            case .homeScreen: return screen.withHomeScreen(before: 1.5, after: 1.5)
            case .licecapRate: return screen.resampled(every: 0.15)
            case .everything:
                return screen.withCursor(clickRing: true) { Damage.cursorSpot($0) }
                    .shiftingColors(red: 10, green: -8, blue: 12).cropped(left: 1, right: 2)
                    .withTitleBar(height: 22).withBorder().withHomeScreen(before: 1, after: 1).resampled(every: 0.15)
            }
        }

        /// The pointer wanders over the first row, pressed every other frame.
        static func cursorSpot(_ frame: FootageFrame) -> CursorPlacement {
            CursorPlacement(
                x: 60 + (frame.index * 23) % 200, y: 160 + (frame.index * 7) % 50, pressed: frame.index % 2 == 0)
        }
    }

    @Test(arguments: Damage.allCases)
    func damagedAsAStudentsRecording(damage: Damage) throws {
        let script = CalibrationScript("every-story")
        let recorded = try frames(try script.gif(fps: 10, scale: 1))
        let damaged = damage.apply(recorded)
        let report = try grade(try LICEcapGIF.encode(damaged))
        #expect(script.problems(report) == [], "every-story, damaged: \(damage)")
    }

    /// A script that leaves stories out is not credited with them (the negatives are in each script's line), and
    /// one that stops short of a threshold is not credited with what lies past it.
    @Test func storiesLeftOutAreNotSeen() throws {
        let script = CalibrationScript("short-of-the-thresholds")
        let report = try grade(try script.gif(fps: 7, scale: 1))
        for story in [Story.leftYellow, .rightGreen, .leftReschedule, .rightArchive] {
            #expect(report.finding(story)?.verdict == .notSeen)
        }
        #expect(!report.requiredSeen)
    }
}

/// Where the frame rate allows, the hide's length: at 30 fps the frames bracket SPEC's 0.3 s.
@Test func theHidesLengthIsBracketed() throws {
    let script = CalibrationScript("archive-near-40")
    let report = try grade(try script.gif(fps: 30, scale: 1))
    let hide = try #require(report.durations.first { $0.name == "hide" })
    #expect(hide.atLeast <= 0.3 && 0.3 <= hide.atMost)
    #expect(hide.atMost - hide.atLeast <= 0.6)
}

/// A stage's evidence carries the band measured on its own frame; a snap back's deciding frame shows the row at
/// rest, so it carries none.
@Test func marksBelongToTheirFrames() throws {
    let report = try grade(try CalibrationScript("short-of-the-thresholds").gif(fps: 7, scale: 1))
    let gray = try #require(report.finding(.leftGray))
    #expect(gray.mark?.side == .left && gray.mark?.offset == Int(gray.evidence.split(separator: " ")[2]))
    #expect(report.finding(.leftSnapback)?.mark == nil)
}
