import MailboxGIF
import MailboxMovie
import Testing

@testable import MailboxRaster
@testable import MailboxScene
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxWalkthrough

/// The page's GIF (`HostDrawnGIF`: the host draws each frame's SVG) against `mailsim record`'s (`WalkthroughMovie`,
/// cairo): given the pixels cairo draws of each drawing's scene, the two files are the same bytes, so the frames, the
/// strips, the delays and the coding can only differ by what the browser draws. And a recording from a line on.
@Suite struct HostDrawnGIFTests {
    static func play(_ script: String, into recorder: Recorder) -> Walkthrough {
        var session = Session()
        var runner = LineRunner(
            file: "t.mbs", sink: ReportingSink(file: "t.mbs", output: NoOutput(), observer: recorder))
        Array(script.utf8).withUnsafeBufferPointer { _ = runner.feed($0, session: &session) }
        runner.finish(session: &session, requiringFingerUp: true)
        var walkthrough = recorder.finish(file: "t.mbs", session: session)
        walkthrough.attach(runner.sink.report)
        return walkthrough
    }

    static func record(_ script: String) -> Walkthrough {
        play(script, into: Recorder(clock: FrameClock(framesPerSecond: 30)))
    }

    /// An archive swipe (the list closing up), the menu, the list overlay: each ends on still frames.
    static let scripts = [
        "advance 0.3\npan msg1 120 in 0.2\nrelease\nadvance 0.8\n",
        "advance 0.2\nedgepan 200\nrelease\nadvance 0.6\n",
        "pan msg1 -280 in 0.3\nrelease\nadvance 1\nexpect overlay == list\n"
    ]

    /// Each drawing rasterized by cairo from the scene its SVG is of: the whole frame, or the caption strip.
    static func cairoPixels(_ gif: HostDrawnGIF, frame k: Int) throws -> [UInt8] {
        let drawing = gif.drawing(ofFrame: k)
        let walkthrough = gif.walkthrough
        let scene = walkthrough.scene(k)
        let top = drawing.isStrip ? Scene(screen: walkthrough.frames[k].screen).height : 0
        let raster = try Raster(scene, scale: Double(gif.scale), from: top)
        #expect(raster.width == drawing.width && raster.height == drawing.height)
        var rgba: [UInt8] = []
        rgba.reserveCapacity(raster.width * raster.height * 4)
        raster.withRows { _, row in
            for pixel in row.prefix(raster.width) {
                rgba += [
                    UInt8(truncatingIfNeeded: pixel >> 16), UInt8(truncatingIfNeeded: pixel >> 8),
                    UInt8(truncatingIfNeeded: pixel), 255
                ]
            }
        }
        return rgba
    }

    @Test(arguments: [(0, 1, 1.0), (1, 2, 1.0), (2, 2, 0.25)])
    func givenCairosPixelsItIsMailsimRecordsGIF(script: Int, scale: Int, speed: Double) throws {
        let walkthrough = Self.record(Self.scripts[script])
        let native = try WalkthroughGIF.encode(walkthrough, scale: scale, speed: speed)
        var gif = try HostDrawnGIF(walkthrough, scale: scale, speed: speed)
        var strips = 0
        for k in 0..<gif.frameCount {
            if gif.drawing(ofFrame: k).isStrip { strips += 1 }
            let pixels = try Self.cairoPixels(gif, frame: k)
            try pixels.withUnsafeBytes { try gif.add(rgba: $0) }
        }
        #expect(strips > 0, "a still screen is drawn as its caption strip")
        let bytes = try gif.finish()
        #expect(bytes == native)
    }

    @Test func aDrawingIsTheSVGOfItsScene() {
        let walkthrough = Self.record(Self.scripts[0])
        let gif = try! HostDrawnGIF(walkthrough, scale: 2, speed: 1)
        let whole = gif.drawing(ofFrame: 0)
        #expect(!whole.isStrip && whole.top == 0 && whole.width == 640)
        #expect(
            whole.svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"640\" height=\"\(whole.height)\""))
        let still = (1..<gif.frameCount).first { gif.drawing(ofFrame: $0).isStrip }!
        let strip = gif.drawing(ofFrame: still)
        #expect(strip.top == 568 * 2 && strip.height == whole.height - 1136)
        #expect(strip.svg.contains("viewBox=\"0 568 320 \(strip.height / 2)\""))
        #expect(!strip.svg.contains("<rect x=\"0\" y=\"0\""), "the strip draws the caption alone")
    }

    @Test func wrongPixelsAreRefusedAndChangeNothing() throws {
        var gif = try HostDrawnGIF(Self.record(Self.scripts[0]), scale: 1, speed: 1)
        #expect(throws: RasterError.self) {
            try [UInt8](repeating: 0, count: 12).withUnsafeBytes { try gif.add(rgba: $0) }
        }
        #expect(gif.next == 0)
        #expect(throws: RasterError.self) { _ = try gif.finish() }
    }

    @Test func aRecordingFromALineStartsAtItsScreen() throws {
        let script = "pan msg1 120 in 0.2\nrelease\nadvance 0.5\nedgepan 200\nrelease\nadvance 0.6\n"
        let whole = Self.record(script)
        let recorder = Recorder(clock: FrameClock(framesPerSecond: 30), fromLine: 4)
        let part = Self.play(script, into: recorder)
        // Lines 1–3 take 0.7 s (21 frames, the screen at frame 21 shown as line 4's start); from line 4 on the
        // frames are the whole walkthrough's from there, numbered from 0.
        #expect(part.lines.map { $0.number } == [4, 5, 6])
        #expect(part.frames.count == whole.frames.count - 21)
        #expect(part.frames[0].time == .zero)
        for k in 1..<part.frames.count {
            #expect(Scene(screen: part.frames[k].screen) == Scene(screen: whole.frames[k + 21].screen))
        }
        #expect(part.timeline.allSatisfy { $0.time >= .zero })
    }
}
