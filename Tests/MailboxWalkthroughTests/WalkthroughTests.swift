import Foundation
import MailboxMovie
import Testing

@testable import MailboxAnimation
@testable import MailboxGIF
@testable import MailboxRaster
@testable import MailboxScene
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText
@testable import MailboxWalkthrough

/// Walkthroughs: a script played in virtual time, frame by frame (exact frame instants, the recorder kept and
/// streaming, what a failed check and a reset do), the HTML player page, and the property plots drawn from it.
@Suite struct WalkthroughTests {
    @Test func frameInstantsAreExact() {
        for fps in [1, 7, 24, 30, 60, 120, 240] {
            let clock = FrameClock(framesPerSecond: fps)
            let n = Int64(fps)
            // Frames past a 32-bit Int (the page's): a clock of a billion seconds at 240 fps is 2.4 × 10¹¹ frames.
            let frames: [Int64] = [
                0, 1, 2, n - 1, n, n + 1, 10 * n + 3, 123_457, 1 << 31, (1 << 32) + 1, 1_000_000_000 * n
            ]
            for k in frames {
                let t = clock.instant(k)
                #expect(clock.frame(atOrBefore: t) == k)
                #expect(clock.frame(atOrBefore: t + Ticks(nanoseconds: 1)) == k)
                if k > 0 { #expect(clock.frame(atOrBefore: t - Ticks(nanoseconds: 1)) == k - 1) }
            }
        }
        #expect(FrameClock(framesPerSecond: 30).instant(9) == Ticks.milliseconds(300))
        // At the clock's last instant (about 292 years) the next frame would be past it: no overflow, no trap.
        for fps in [1, 30, 60, 120] {
            let clock = FrameClock(framesPerSecond: fps)
            let end = Ticks(nanoseconds: .max)
            let k = clock.frame(atOrBefore: end)
            #expect(clock.instant(k) <= end)
            #expect(clock.instant(k + 1) == end, "a frame past the end is the end")
            #expect(clock.instant(.max) == end)
        }
    }

    static func record(_ script: String, fps: Int = 30) -> Walkthrough {
        let recorder = Recorder(clock: FrameClock(framesPerSecond: fps))
        var session = Session()
        var runner = LineRunner(
            file: "t.mbs", sink: ReportingSink(file: "t.mbs", output: NoOutput(), observer: recorder))
        Array(script.utf8).withUnsafeBufferPointer { _ = runner.feed($0, session: &session) }
        runner.finish(session: &session, requiringFingerUp: true)
        let report = runner.sink.report
        var walkthrough = recorder.finish(file: "t.mbs", session: session)
        walkthrough.attach(report)
        return walkthrough
    }

    static func play(_ script: String, into recorder: Recorder) -> Walkthrough {
        var session = Session()
        var runner = LineRunner(
            file: "t.mbs", sink: ReportingSink(file: "t.mbs", output: NoOutput(), observer: recorder))
        Array(script.utf8).withUnsafeBufferPointer { _ = runner.feed($0, session: &session) }
        runner.finish(session: &session, requiringFingerUp: true)
        return recorder.finish(file: "t.mbs", session: session)
    }

    /// Collects what a streaming recorder hands on.
    final class Frames: WalkthroughFrameSink {
        var got: [(WalkthroughFrame, Caption)] = []
        func add(_ frame: WalkthroughFrame, caption: Caption) throws(RasterError) { got.append((frame, caption)) }
    }

    /// Given a sink, the recorder keeps no frame and hands on every one, with its caption, as
    /// the kept walkthrough has them; the streamed GIF is the in-memory one, byte for byte.
    @Test func aStreamingRecorderHandsOnEveryFrameAndKeepsNone() throws {
        let script = "pan msg1 -180 in 0.2\nrelease\nadvance 0.3\ntap\nadvance 0.2\n"
        let kept = Self.record(script)
        let frames = Frames()
        let streamed = Self.play(script, into: Recorder(clock: FrameClock(framesPerSecond: 30), sink: frames))
        #expect(streamed.frames.isEmpty)
        #expect(frames.got.count == kept.frames.count)
        for (k, (frame, caption)) in frames.got.enumerated() {
            #expect(frame.time == kept.frames[k].time && frame.line == kept.frames[k].line)
            #expect(frame.screen == kept.frames[k].screen)
            #expect(caption == kept.caption(kept.frames[k]))
        }
        let sink = MemorySink()
        let movie = WalkthroughMovie(.gif, scale: 1, speed: 1, clock: FrameClock(framesPerSecond: 30), sink: sink)
        _ = Self.play(script, into: Recorder(clock: FrameClock(framesPerSecond: 30), sink: movie))
        try movie.finish()
        #expect(sink.bytes == (try WalkthroughGIF.encode(kept, scale: 1, speed: 1)))
        #expect(Array(sink.bytes.prefix(6)) == Array("GIF89a".utf8) && sink.bytes.last == 0x3B)
    }

    /// A command that would pass the limit is refused before any of its frames is made.
    @Test func aRecorderRefusesTooManyFramesAtOnce() {
        let frames = Frames()
        let recorder = Recorder(clock: FrameClock(framesPerSecond: 30), maxFrames: 100, sink: frames)
        _ = Self.play("advance 0.5\nadvance 10\n", into: recorder)
        #expect(recorder.overflowed)
        // Frames 0…14, inside the first half second, and nothing after: the frame at 0.5 s waits for the
        // commands at that instant, and the next one is refused (the walkthrough is discarded).
        #expect(frames.got.count == 15)
    }

    @Test func aWalkthroughHasAFrameAtEveryInstantToTheEnd() throws {
        let w = Self.record("pan msg1 -180\nrelease\nadvance 0.6\n", fps: 20)
        // 0.9 s at 20 fps: frames 0…18.
        #expect(w.frames.count == 19)
        for (k, frame) in w.frames.enumerated() { #expect(frame.time == w.clock.instant(Int64(k))) }
        // Inside the pan the finger is on its straight path: at 0.1 s, x = −60.
        let atTenth = w.frames[2]
        #expect(abs(atTenth.screen.rows[0].x - -60) < 1e-9 && atTenth.screen.finger != nil && atTenth.line == 1)
        // At 0.3 s the pan has ended and the release happened at that instant: the frame shows both.
        #expect(w.frames[6].screen.finger == nil && w.frames[6].line == 2 && w.frames[6].screen.rows[0].x == -180)
        // 0.15 s into the slide (easeInOut half way): −180 + (−320 + 180) / 2 = −250, captioned `advance`.
        #expect(abs(w.frames[9].screen.rows[0].x - -250) < 1e-9 && w.frames[9].line == 3)
        // The last frame is the script's last instant: the overlay has faded in.
        #expect(w.frames[18].screen.overlay?.alpha == 1 && w.report.exitCode == 0)
    }

    @Test func aResetDoesNotTakeTheWalkthroughBack() throws {
        let w = Self.record("advance 0.1\nreset\nadvance 0.1\n", fps: 10)
        #expect(w.frames.map(\.time) == (0...2).map { w.clock.instant(Int64($0)) })
    }

    @Test func aFailedCheckKeepsTheScreenAtItsInstant() throws {
        let w = Self.record("pan msg1 -100\nexpect msg1.x == -90\nrelease\nsettle\n")
        #expect(w.report.exitCode == 1)
        let problem = try #require(w.problems.first)
        #expect(problem.line == 2 && problem.time == Ticks.milliseconds(300) && problem.screen.rows[0].x == -100)
        let cut = w.prefix(through: problem)
        #expect(cut.frames.count == 10 && cut.lines.map(\.number) == [1, 2])
    }

    @Test func thePlayerPageIsSelfContained() throws {
        let page = HTMLPlayer.page(Self.record("pan msg1 -180\nrelease\nsettle\n"), speed: 1)
        #expect(
            page.contains(
                """
                <svg xmlns=\"http://www.w3.org/2000/svg\" id=\"screen\" width=\"320\" height=\"568\" viewBox=\"0 \
                0 320 568\"
                """
            ))
        #expect(!page.contains("src=") && !page.contains("<link") && !page.contains("@import"))
        // The only URL is the SVG namespace.
        #expect(page.components(separatedBy: "http").count - 1 == 1)
        // The thresholds of msg1.x are drawn as guides.
        for guide in ["-260", "-60", ">60<", ">260<"] { #expect(page.contains(guide)) }
    }

    @Test func theThresholdsAreDrawnAsTheyWereAtEachFrame() throws {
        // The first gesture under SPEC's ±60, the second after `set threshold.near 80`.
        let w = Self.record(
            "pan msg1 -100 in 0.2\nrelease\nsettle\nset threshold.near 80\npan msg1 -70 in 0.2\nrelease\nsettle\n")
        let plots = PropertyPlots(w)
        let x = try #require(plots.series.first { $0.name == "msg1.x" })
        let near = try #require(x.guides.first { $0.first == -60 })
        #expect(near.last == -80)
        let change = try #require(near.firstIndex(of: -80))
        #expect(
            w.frames[change].screen.thresholds.left.near == 80 && w.frames[change - 1].screen.thresholds.left.near == 60
        )
        let svg = plots.svg(x)
        for label in [">-60<", ">-80<", ">60<", ">80<", ">-260<", ">260<"] { #expect(svg.contains(label), "\(label)") }
        // Unchanged thresholds stay one line across the chart.
        #expect(x.guides.first { $0.first == -260 }?.allSatisfy { $0 == -260 } == true)
    }

    @Test func guideLabelsAreALineApartWithinTheirBounds() {
        // 60 and -60 close together (a tall range) move apart about where they want to be.
        let placed = LabelColumn.place([40, 44, 10, 90], gap: 10, within: 0...100)
        #expect(placed == [37, 47, 10, 90])
        // Crowded at an end: they stay inside, a line apart, in their order.
        let crowded = LabelColumn.place([99, 98, 100], gap: 10, within: 0...100)
        #expect(crowded == [90, 80, 100])
        #expect(LabelColumn.place([-5], gap: 10, within: 0...100) == [0])
    }

    @Test func theRangeLabelSaysWhatTheAxisCovers() throws {
        // The axis of a row's x holds its thresholds; the label says so (not just the values').
        let w = Self.record("pan msg1 -180\nrelease\nsettle\n")
        let plots = PropertyPlots(w)
        let x = try #require(plots.series.first { $0.name == "msg1.x" })
        let axis = PropertyPlots.Axis(x)
        #expect(axis.lowest == -320 && axis.highest == 260)
        #expect(plots.svg(x).contains("<tspan class=\"range\" dx=\"10\">-320 … 260</tspan>"))
    }

    @Test func thePlotStyleSheetLeavesTheGutterForTheLabels() {
        // plots.css is a file (the page's site copies it); its padding is the gutter the guide labels stand in.
        #expect(PropertyPlots.css.contains("padding-right: \(formatNumber(PropertyPlots.gutter))px;"))
        #expect(PropertyPlots.css.contains(".plot .guide-label {"))
    }
}
