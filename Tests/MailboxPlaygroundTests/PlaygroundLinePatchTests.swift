import MailboxJSON
import MailboxPlayground
import MailboxScene
import Testing

/// While an overlay fades in, only its group's opening line (the opacity) changes: a tick's answer carries that line,
/// not the group's whole text, and the page's held text patched with it is the document the session would write.
@Suite struct PlaygroundLinePatchTests {
    let never: @Sendable () -> Bool = { false }

    @Test func aFadesTicksCarryTheChangedLinesOnly() throws {
        var p = PlaygroundSession(start: .empty)
        var held: PlaygroundRenderTests.HeldScreen?
        var fading = 0
        var largest = 0
        var shownAlpha = 0.0
        func send(_ message: String) throws {
            for text in p.receive(message, isCancelled: never) {
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
                let snapshot = p.phones[0].screen.snapshot()
                #expect(held?.document == SVGWriter.document(Scene(screen: snapshot)))
                // A tick between two screens of the fade (the first, with the overlay's group new, sends it whole).
                let (was, alpha) = (shownAlpha, snapshot.overlay?.alpha ?? 0)
                shownAlpha = alpha
                guard message.hasPrefix(#"{"type":"tick""#), was > 0, alpha < 1 else { continue }
                fading += 1
                largest = max(largest, text.utf8.count)
                #expect(phone["svg"] == nil, "a fade's tick is a patch")
            }
        }
        for text in p.opening() {
            let json = try JSON.parse(text, maxDepth: 64)
            guard json["type"] == .string("screen"), let phone = json["phones"]?.arrayValue?.first else { continue }
            held = try .init(
                frame: try #require(phone["frame"]?.integerValue), document: try #require(phone["svg"]?.stringValue))
        }
        // msg1 dragged to -180 over 0.3 s and let go: it slides out, then the reschedule options fade in.
        var t = 0.0
        try send(#"{"type":"down","x":300,"y":187,"t":0}"#)
        for k in 1...18 {
            t = Double(k) * 1000 / 60
            try send(#"{"type":"move","x":\#(300 - Double(k) * 10),"y":187,"t":\#(t)}"#)
        }
        try send(#"{"type":"up","x":120,"y":187,"t":\#(t + 16)}"#)
        for k in 1...90 { try send(#"{"type":"tick","t":\#(t + 16 + Double(k) * 1000 / 60)}"#) }
        #expect(fading >= 10, "ticks while the overlay fades in")
        // The tick's members, its clock and the one line `<g opacity="…">`: no node's whole text (4 to 6 KB).
        #expect(largest < 400, "the largest answer to a fade's tick: \(largest) bytes")
    }

    /// An archive: the row slides off, its slot closes and the rows below move up. Each row is written in its own
    /// coordinates (its group translated), so a tick changes one line a row; the row gone is `removed` and the row
    /// come up from below the screen would be `inserted` (ScreenPatchAlignmentTests), and the nodes after them are not
    /// sent again.
    @Test func anArchivesTicksMoveTheRowsByTheirTranslationAlone() throws {
        var p = PlaygroundSession(start: .empty)
        var held: PlaygroundRenderTests.HeldScreen?
        var (ticks, whole, largest, removed, inserted) = (0, 0, 0, 0, 0)
        func send(_ message: String) throws {
            for text in p.receive(message, isCancelled: never) {
                let json = try JSON.parse(text, maxDepth: 64)
                guard json["type"] == .string("screen"), let phone = json["phones"]?.arrayValue?.first else {
                    continue
                }
                if let svg = phone["svg"]?.stringValue {
                    held = try .init(frame: try #require(phone["frame"]?.integerValue), document: svg)
                    if message.hasPrefix(#"{"type":"tick""#) { whole += 1 }
                } else {
                    var screen = try #require(held, "a patch comes after a whole screen")
                    try screen.apply(phone)
                    held = screen
                    if message.hasPrefix(#"{"type":"tick""#) {
                        removed += phone["removed"]?.arrayValue?.count ?? 0
                        inserted += phone["inserted"]?.arrayValue?.count ?? 0
                    }
                }
                #expect(held?.document == SVGWriter.document(Scene(screen: p.phones[0].screen.snapshot())))
                if message.hasPrefix(#"{"type":"tick""#) {
                    ticks += 1
                    largest = max(largest, text.utf8.count)
                }
            }
        }
        for text in p.opening() {
            let json = try JSON.parse(text, maxDepth: 64)
            guard json["type"] == .string("screen"), let phone = json["phones"]?.arrayValue?.first else { continue }
            held = try .init(
                frame: try #require(phone["frame"]?.integerValue), document: try #require(phone["svg"]?.stringValue))
        }
        // msg1 dragged right 90 pt (past the near threshold, green) and let go: archived.
        var t = 0.0
        try send(#"{"type":"down","x":60,"y":187,"t":0}"#)
        for k in 1...9 {
            t = Double(k) * 1000 / 60
            try send(#"{"type":"move","x":\#(60 + Double(k) * 10),"y":187,"t":\#(t)}"#)
        }
        try send(#"{"type":"up","x":150,"y":187,"t":\#(t + 16)}"#)
        for k in 1...90 { try send(#"{"type":"tick","t":\#(t + 16 + Double(k) * 1000 / 60)}"#) }
        #expect(p.phones[0].screen.snapshot().rows[0].height == 0, "msg1 is hidden")
        #expect(ticks >= 30)
        #expect(whole == 0, "no tick sends the whole screen")
        #expect(removed == 1, "msg1's node is removed once, by a tick")
        #expect(inserted == 0, "the inbox's last row was on the screen already")
        // The largest tick: a row come up whole (about 1 KB), the others' translations: not the screen (6 KB).
        #expect(largest < 1_800, "the largest answer to a tick: \(largest) bytes")
    }
}
