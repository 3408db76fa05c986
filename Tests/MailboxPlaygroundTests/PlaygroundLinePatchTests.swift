import MailboxJSON
import MailboxPlayground
import MailboxScene
import MailboxSim
import Testing

/// A tick's answer carries what changed of the screen, as little as the page needs: while an overlay fades in, its
/// group's opening line (the opacity); while rows move up after an archive, each row's translation. The page's held
/// text patched with it is the document the session would write.
@Suite struct PlaygroundLinePatchTests {
    /// Phone A of a session, held as the page holds it: each answer's screen applied, whole or patched, and checked
    /// against the document the session would write now.
    struct HeldPhone {
        var session = PlaygroundSession(start: .empty)
        var held: PlaygroundRenderTests.HeldScreen?

        init() throws {
            for text in session.opening() {
                let json = try JSON.parse(text, maxDepth: 64)
                guard json["type"] == .string("screen"), let phone = json["phones"]?.arrayValue?.first else {
                    continue
                }
                held = try .init(
                    frame: try #require(phone["frame"]?.integerValue),
                    document: try #require(phone["svg"]?.stringValue))
            }
        }

        /// The answers' screens to `message`: phone A's object and the answer's text, each once applied.
        mutating func send(_ message: String) throws -> [(phone: JSON, text: String)] {
            var screens: [(phone: JSON, text: String)] = []
            for text in session.receive(message, isCancelled: { false }) {
                let json = try JSON.parse(text, maxDepth: 64)
                guard json["type"] == .string("screen"), let phone = json["phones"]?.arrayValue?.first else {
                    continue
                }
                if let svg = phone["svg"]?.stringValue {
                    held = try .init(frame: try #require(phone["frame"]?.integerValue), document: svg)
                } else {
                    var screen = try #require(held, "a patch comes after a whole screen")
                    try screen.apply(phone)
                    held = screen
                }
                #expect(held?.document == SVGWriter.document(Scene(screen: session.phones[0].screen.snapshot())))
                screens.append((phone, text))
            }
            return screens
        }

        /// msg1 dragged from `x` by `step` points a frame for `frames` frames and let go, then `ticks` ticks: each
        /// tick's answered screens given to `tick`.
        mutating func drag(
            from x: Double, step: Double, frames: Int, ticks: Int, tick: (JSON, String, ScreenSnapshot) -> Void
        ) throws {
            var t = 0.0
            _ = try send(#"{"type":"down","x":\#(x),"y":187,"t":0}"#)
            for k in 1...frames {
                t = Double(k) * 1000 / 60
                _ = try send(#"{"type":"move","x":\#(x + Double(k) * step),"y":187,"t":\#(t)}"#)
            }
            _ = try send(#"{"type":"up","x":\#(x + Double(frames) * step),"y":187,"t":\#(t + 16)}"#)
            for k in 1...ticks {
                for (phone, text) in try send(#"{"type":"tick","t":\#(t + 16 + Double(k) * 1000 / 60)}"#) {
                    tick(phone, text, session.phones[0].screen.snapshot())
                }
            }
        }
    }

    @Test func aFadesTicksCarryTheChangedLinesOnly() throws {
        var phone = try HeldPhone()
        var (fading, largest, shownAlpha) = (0, 0, 0.0)
        // msg1 dragged to -180 over 0.3 s and let go: it slides out, then the reschedule options fade in.
        try phone.drag(from: 300, step: -10, frames: 18, ticks: 90) { screen, text, snapshot in
            // A tick between two screens of the fade (the first, with the overlay's group new, sends it whole).
            let (was, alpha) = (shownAlpha, snapshot.overlay?.alpha ?? 0)
            shownAlpha = alpha
            guard was > 0, alpha < 1 else { return }
            fading += 1
            largest = max(largest, text.utf8.count)
            #expect(screen["svg"] == nil, "a fade's tick is a patch")
        }
        #expect(fading >= 10, "ticks while the overlay fades in")
        // The tick's members, its clock and the one line `<g opacity="…">`: no node's whole text (4 to 6 KB).
        #expect(largest < 400, "the largest answer to a fade's tick: \(largest) bytes")
    }

    /// An archive: the row slides off, its slot closes and the rows below move up. Each row is written in its own
    /// coordinates (its group translated), so a tick changes one line a row; the row gone is `removed` (a row come up
    /// from below the screen would be `inserted`: ScreenPatchAlignmentTests), and the nodes after them are not sent
    /// again.
    @Test func anArchivesTicksMoveTheRowsByTheirTranslationAlone() throws {
        var phone = try HeldPhone()
        var (ticks, whole, largest, removed, inserted, wholeNodes) = (0, 0, 0, 0, 0, 0)
        // msg1 dragged right 90 pt (past the near threshold, green) and let go: archived.
        try phone.drag(from: 60, step: 10, frames: 9, ticks: 90) { screen, text, _ in
            ticks += 1
            largest = max(largest, text.utf8.count)
            if screen["svg"] != nil { whole += 1 }
            let new = screen["inserted"]?.arrayValue ?? []
            removed += screen["removed"]?.arrayValue?.count ?? 0
            inserted += new.count
            // A node sent whole that is not new: one whose shape changed, which the page must parse again.
            for node in screen["nodes"]?.arrayValue ?? [] {
                let parts = node.arrayValue ?? []
                if parts.count == 2, parts[1].stringValue != nil, !new.contains(parts[0]) { wholeNodes += 1 }
            }
        }
        #expect(phone.session.phones[0].screen.snapshot().rows[0].height == 0, "msg1 is hidden")
        #expect(ticks >= 30)
        #expect(whole == 0, "no tick sends the whole screen")
        #expect(removed == 1, "msg1's node is removed once, by a tick")
        #expect(inserted == 0, "the inbox's last row was on the screen already")
        // The row keeps its shape as its face slides out of the slot: its ticks change attributes only.
        #expect(wholeNodes == 0, "nodes sent whole by a tick")
        // The largest tick: the rows' translations, not the screen (6 KB).
        #expect(largest < 1_800, "the largest answer to a tick: \(largest) bytes")
    }
}
