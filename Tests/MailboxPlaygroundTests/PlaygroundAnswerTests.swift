import MailboxJSON
import MailboxPlayground
import Testing

/// A screen sends the page what it reads: each phone's SVG, its compose phase and haptic count, its params only
/// when they changed, and the whole state object only while the page watches it.
@Suite struct PlaygroundAnswerTests {
    let never: @Sendable () -> Bool = { false }

    func send(_ p: inout PlaygroundSession, _ fields: [(String, JSON)]) -> [JSON] {
        p.receive(JSON.object(fields).text, isCancelled: never).map { try! JSON.parse($0, maxDepth: 64) }
    }
    func pointer(_ p: inout PlaygroundSession, _ type: String, _ x: Double, _ t: Double) -> [JSON] {
        send(&p, [("type", .string(type)), ("x", .number(x)), ("y", .number(187)), ("t", .number(t))])
    }
    func phone(_ replies: [JSON]) -> JSON? {
        replies.first { $0["type"] == .string("screen") }?["phones"]?.arrayValue?.first
    }

    @Test func aDragsScreensCarryNoParamsAndNoState() throws {
        var p = PlaygroundSession(start: .empty)
        let opening = try p.opening().map { try JSON.parse($0, maxDepth: 64) }
        // The first screen carries the params; none carries the state unasked.
        let first = try #require(phone(opening))
        #expect(first["params"]?["threshold.near"] == .string("60"))
        #expect(first["state"] == nil)
        #expect(first["compose"] == .string("hidden"))
        #expect(first["haptics"] == .int(0))
        var frame = try #require(first["frame"]?.integerValue)
        _ = pointer(&p, "down", 300, 0)
        frame += 1
        for k in 1...20 {
            let replies = pointer(&p, "move", 300 - Double(k) * 6, Double(k) * 16)
            let moved = try #require(phone(replies))
            #expect(moved["params"] == nil)
            #expect(moved["state"] == nil)
            // What changed, not the whole screen: the dragged row and the finger's dot (which appears at the first
            // move), against the screen before.
            #expect(moved["svg"] == nil)
            #expect(moved["base"]?.integerValue == frame)
            #expect(moved["frame"]?.integerValue == frame + 1)
            frame += 1
            let nodes = moved["nodes"]?.arrayValue ?? []
            #expect((1...2).contains(nodes.count), "\(nodes)")
            // The row: its clip path and group whole, or the lines of them that moved.
            let row = nodes.first?.arrayValue?[1]
            #expect(row?.stringValue?.hasPrefix("<clipPath") == true || row?.arrayValue != nil, "the row: \(nodes)")
            let bytes = p.receive(#"{"type":"tick","t":\#(Double(k) * 16)}"#, isCancelled: never).first?.utf8.count
            frame += 1
            #expect((bytes ?? .max) < 2_000, "a tick's answer during a drag: \(bytes ?? 0) bytes")
        }
        _ = pointer(&p, "up", 180, 400)
        // A set changes them: its screen carries them, the next does not.
        let set = send(
            &p, [("type", .string("set")), ("name", .string("threshold.near")), ("value", .string("80"))])
        #expect(phone(set)?["params"]?["threshold.near"] == .string("80"))
        #expect(phone(send(&p, [("type", .string("tick")), ("t", .number(2000))]))?["params"] == nil)
    }

    /// A page that cannot apply a patch (it missed an answer) asks for the whole screen, finger down or not; the
    /// next patch is of that one. Any message but a pointer event or a tick is answered whole.
    @Test func aPageThatLostTrackGetsTheWholeScreenAndPatchesOfIt() throws {
        var p = PlaygroundSession(start: .empty)
        _ = p.opening()
        _ = pointer(&p, "down", 300, 0)
        _ = pointer(&p, "move", 280, 16)
        let whole = try #require(phone(send(&p, [("type", .string("screen"))])))
        let svg = try #require(whole["svg"]?.stringValue)
        #expect(svg.contains("<circle"), "the finger is down: its dot is drawn")
        #expect(whole["base"] == nil && whole["nodes"] == nil)
        let next = try #require(phone(pointer(&p, "move", 270, 32)))
        #expect(next["base"] == whole["frame"])
        _ = pointer(&p, "up", 270, 48)
        for message in [#"{"type":"speed","value":0.25}"#, #"{"type":"watch","state":false}"#, #"{"type":"pin"}"#] {
            let answer = try #require(phone(p.receive(message, isCancelled: never).map { try JSON.parse($0) }))
            #expect(answer["svg"] != nil, "\(message)")
        }
    }

    @Test func aWatchingPageGetsTheWholeStateUntilItStops() throws {
        var p = PlaygroundSession(start: .empty)
        _ = p.opening()
        let watched = try #require(phone(send(&p, [("type", .string("watch")), ("state", .bool(true))])))
        #expect(watched["state"]?["properties"]?["msg1.x"] == .int(0))
        // Kept across a load, as the export's generator is.
        let loaded = send(&p, [("type", .string("load")), ("script", .string("pan msg1 -50\nrelease\n"))])
        #expect(phone(loaded)?["state"]?["properties"]?["compose"] == .string("hidden"))
        let unwatched = send(&p, [("type", .string("watch")), ("state", .bool(false))])
        #expect(phone(unwatched)?["state"] == nil)
        let refused = send(&p, [("type", .string("watch"))])
        #expect(refused.first?["message"] == .string("watch: \"state\" must be true or false"))
    }
}
