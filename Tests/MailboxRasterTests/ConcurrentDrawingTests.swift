import Foundation
import MailboxThreads
import Testing

@testable import MailboxAnimation
@testable import MailboxRaster
@testable import MailboxScene
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// Pictures drawn on several threads at once. cairo 1.16's text API shares its scaled fonts
/// across threads, and two threads setting font sizes at once aborted the process
/// (`cairo_scaled_font_destroy: Assertion '! scaled_font->cache_frozen' failed`) within a few dozen rounds: the
/// playground's exports and `mailsim test`'s workers draw at once. Each thread's pictures must come out whole and
/// equal to the same picture drawn alone.
@Suite struct ConcurrentDrawingTests {
    /// Screens with text in several sizes and weights (the list, the compose sheet, an overlay, a caption).
    static func scenes() throws -> [Scene] {
        var scenes: [Scene] = []
        for lines in [
            ["pan msg1 -180"], ["compose", "type héllo wörld"], ["pan msg2 -100", "release", "advance 0.6"],
            ["edgepan 200"], ["pan msg3 120"]
        ] {
            var session = Session()
            for line in lines { _ = try session.execute(.line(line[...])) }
            let caption = Caption(line: lines.count, text: lines.joined(separator: " · "), time: session.screen.now)
            scenes.append(Scene(screen: session.screen.snapshot(), caption: caption))
        }
        return scenes
    }

    /// The pixels of `scene` at `scale`.
    static func pixels(_ scene: Scene, scale: Double) throws -> [UInt32] {
        let raster = try Raster(scene, scale: scale)
        var pixels = [UInt32](repeating: 0, count: raster.width * raster.height)
        raster.copy(into: &pixels)
        return pixels
    }

    @Test func fourThreadsDrawingTextAtOnceDoNotCrashAndDrawAsOneWould() throws {
        let scenes = try Self.scenes()
        let scales = [1.0, 1.25, 1.5, 2.0, 2.5, 3.0]
        var alone: [[UInt32]] = []
        for scene in scenes { for scale in scales { alone.append(try Self.pixels(scene, scale: scale)) } }
        let expected = alone
        let mismatches = Locked(0)
        let errors = Locked<[String]>([])
        let rounds = 60
        let threads = 4
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for round in 0..<rounds {
                // Each thread walks the scenes and scales in its own order, so that sizes change under each other.
                let k = (round * 7 + thread * 5) % (scenes.count * scales.count)
                do {
                    let drawn = try Self.pixels(scenes[k / scales.count], scale: scales[k % scales.count])
                    if drawn != expected[k] { mismatches.withLock { $0 += 1 } }
                } catch {
                    errors.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(errors.withLock { $0 } == [])
        #expect(mismatches.withLock { $0 } == 0)
    }

    /// The crash's own pattern at its own rate: small pictures of text whose size and weight change from node to
    /// node, many thousands of them on four threads (a walkthrough draws one a frame, 18,000 for ten minutes).
    @Test func fourThreadsChangingFontSizesThousandsOfTimesDoNotCrash() throws {
        var nodes: [SceneNode] = []
        for (i, size) in [9.0, 11, 12.5, 13, 15, 17, 22].enumerated() {
            nodes.append(
                .text(
                    SceneText(
                        "Mailbox \(i)", at: ScenePoint(2, 4 + size), size: size,
                        font: [SceneFont.mono, .sans, .sansBold][i % 3], paint: Paint(rgb: 0x222222))))
        }
        let scene = Scene(width: 40, height: 40, nodes: nodes)
        let expected = try Self.pixels(scene, scale: 1)
        let mismatches = Locked(0)
        let errors = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for round in 0..<5_000 {
                do {
                    let scale = 1 + Double((round + thread) % 3) / 4
                    let drawn = try Self.pixels(scene, scale: scale)
                    if scale == 1, drawn != expected { mismatches.withLock { $0 += 1 } }
                } catch {
                    errors.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(errors.withLock { $0 } == [])
        #expect(mismatches.withLock { $0 } == 0)
    }

    /// A walkthrough's way: after the first frame only the caption strip is drawn (`from:` its top), its instant
    /// changing every frame, on four threads as four exports would.
    @Test func fourThreadsDrawingCaptionStripsDoNotCrash() throws {
        var session = Session()
        _ = try session.execute(.line("pan msg1 -100"[...]))
        let screen = session.screen.snapshot()
        let top = Scene(screen: screen).height
        let errors = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for frame in 0..<3_000 {
                let caption = Caption(line: 2, text: "advance 599", time: Ticks(nanoseconds: Int64(frame) * 33_333_333))
                do { _ = try Raster(Scene(screen: screen, caption: caption), scale: 1, from: top) } catch {
                    errors.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(errors.withLock { $0 } == [])
    }
}
