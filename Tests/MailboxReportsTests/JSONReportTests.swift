import Foundation
import MailboxJSON
import MailboxReports
import MailboxScript
import MailboxSim
import MailsimTestSupport
import Testing

/// `state --json`, `show PATH --json`, `timeline --json`: parsed back by Foundation's JSONSerialization, with
/// SPEC's numbers, and every path holding the value `show` and `expect` read.
@Suite struct JSONReportTests {
    /// Runs `lines` in a fresh session; the output of the last one, which must be one line.
    private func lastLine(_ lines: [String], session: inout Session) throws -> String {
        var out: [String] = []
        for line in lines { out = try session.execute(.line(line[...])).output }
        try #require(out.count == 1, "one line of JSON, got \(out)")
        return out[0]
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func parse(_ lines: [String]) throws -> [String: Any] {
        var session = Session()
        return try object(try lastLine(lines, session: &session))
    }

    /// `params --json`: the profile, which parameters differ from it, and every parameter of the table with its
    /// value as `expect param.NAME` reads it (numbers as numbers, colours as "#RRGGBB", the rest as words).
    @Test func paramsListEveryParameter() throws {
        let params = try parse([
            "set profile mcswipe", "set threshold.left.near 100", "set color.red #FF0000", "params --json"
        ])
        #expect(params["profile"] as? String == "mcswipe")
        let entries = try #require(params["parameters"] as? [[String: Any]])
        #expect(entries.map { $0["name"] as? String } == TunableTable.names)
        let byName = Dictionary(uniqueKeysWithValues: entries.map { ($0["name"] as! String, $0) })
        #expect(byName["threshold.left.near"]?["value"] as? Double == 100)
        #expect(byName["threshold.left.near"]?["default"] as? Double == 60)
        #expect(byName["threshold.near"]?["value"] is NSNull, "the sides differ: no one value")
        #expect(byName["threshold.right.far"]?["value"] as? Double == 240)
        #expect(byName["color.red"]?["value"] as? String == "#FF0000")
        #expect(byName["curve.snap"]?["value"] as? String == "spring(0.6,0.4)")
        #expect(byName["duration.menu"]?["value"] as? Double == 0.4)
        #expect(byName["haptics"]?["value"] as? String == "off")
        #expect(Set(params["differing"] as? [String] ?? []) == ["threshold.near", "threshold.left.near", "color.red"])
    }

    /// SPEC §2: released in the yellow zone, the row slides to -320 and stays yellow; the reschedule overlay
    /// fades in over 0.3 after it.
    @Test func stateAfterALeftSwipeHasSpecsValues() throws {
        let state = try parse(["pan msg1 -180", "release", "settle", "state --json"])
        let properties = try #require(state["properties"] as? [String: Any])
        #expect(properties["msg1.x"] as? Double == -320)
        #expect(properties["msg1.background"] as? String == "#FECA16")
        #expect(properties["msg1.icon"] as? String == "later")
        #expect(properties["msg1.visible"] as? Bool == true)
        #expect(properties["animating"] as? Bool == false)
        #expect(properties["overlay"] as? String == "reschedule")
        #expect(properties["overlay.alpha"] as? Double == 1)
        #expect(properties["msg2.y"] as? Double == 230)
        #expect(properties["tint"] as? String == "#44AAD2")
        #expect(properties["inbox.count"] as? Double == 5)
        #expect(state["time"] as? Double == 0.9)
        let overlay = try #require(state["overlay"] as? [String: Any])
        #expect(overlay["message"] as? String == "msg1")
        #expect(overlay["closing"] as? Bool == false)
        #expect((state["animations"] as? [Any])?.isEmpty == true)
    }

    /// Half way through the slide out, easeInOut is exactly half way (README's tour): the running animation.
    @Test func stateListsTheRunningAnimations() throws {
        let state = try parse(["pan msg1 -180", "release", "advance 0.15", "state --json"])
        let animations = try #require(state["animations"] as? [[String: Any]])
        try #require(animations.count == 1)
        let slide = animations[0]
        #expect(slide["property"] as? String == "msg1.x")
        #expect(slide["from"] as? Double == -180)
        #expect(slide["to"] as? Double == -320)
        #expect(slide["duration"] as? Double == 0.3)
        #expect(slide["curve"] as? String == "easeInOut")
        #expect(slide["value"] as? Double == -250)
        #expect((state["properties"] as? [String: Any])?["msg1.x"] as? Double == -250)
    }

    /// Every path of SPEC §5 (and the few more `show` knows) is in `state --json`, holding the value `show`
    /// prints and `expect` reads, in several screen states.
    @Test(arguments: [
        ["reset 3"],
        ["pan msg1 -180", "release", "advance 0.45"],
        ["pan msg2 300", "release", "advance 0.4"],
        ["pan msg1 -300", "release", "settle", "choose to-read", "advance 0.1"],
        ["compose", "advance 0.1", "type hi"],
        ["tap segment later", "advance 0.2"],
        ["edgepan 100"],
        ["pan msg1 100", "release", "settle", "shake"]
    ])
    func everyPathReadsAsShowAndExpectRead(_ lines: [String]) throws {
        var session = Session()
        for line in lines { _ = try session.execute(.line(line[...])) }
        let text = try lastLine(["state --json"], session: &session)
        let state = try object(text)
        let properties = try #require(state["properties"] as? [String: Any])
        let paths = PropertyPath.all(messageCount: session.screen.messageCount)
        #expect(properties.count == paths.count)
        for path in paths {
            let value = try session.screen.read(path)
            let shown = try object(try lastLine(["show \(path.name) --json"], session: &session))
            #expect(shown[path.name] != nil, "show \(path.name) --json")
            let read = try #require(properties[path.name], "\(path.name) missing from state --json")
            switch value {
            case .number(let v):
                // Written as the shortest decimal that reads back as v (Swift's parser reads it exactly; Linux
                // Foundation's rounds long decimals, so it is compared within a hair).
                let member = "\"\(path.name)\":\(JSON.number(v).text)"
                #expect(text.contains(member + ",") || text.contains(member + "}"), "\(path.name)")
                #expect(Double(JSON.number(v).text) == v)
                #expect(abs((read as? Double ?? .nan) - v) <= 1e-12 * max(1, abs(v)), "\(path.name)")
                #expect(abs((shown[path.name] as? Double ?? .nan) - v) <= 1e-12 * max(1, abs(v)), "\(path.name)")
            case .bool(let b):
                #expect(read as? Bool == b, "\(path.name)")
                #expect(text.contains("\"\(path.name)\":\(b)"), "\(path.name) is spelled as a JSON boolean")
                #expect(shown[path.name] as? Bool == b, "\(path.name)")
            case .color(let c, _):
                #expect(read as? String == c.hex, "\(path.name)")
                #expect(shown[path.name] as? String == c.hex, "\(path.name)")
                #expect(try holds(session, "expect \(path.name) == \(c.hex)"))
            case .name(let n):
                #expect(read as? String == n, "\(path.name)")
                #expect(shown[path.name] as? String == n, "\(path.name)")
            }
        }
        for name in [
            "time", "animating", "gesture", "msg1.x", "msg1.y", "msg1.height", "msg1.alpha", "msg1.background",
            "msg1.icon", "msg1.icon.alpha", "msg1.icon.x", "msg1.folder", "msg1.visible", "msg1.snooze",
            "msg1.list", "overlay", "overlay.alpha", "menu", "content.x", "compose", "compose.y",
            "compose.dim", "compose.focus", "segment", "tint", "view.later.x", "view.mailbox.x",
            "view.archive.x", "alert", "inbox.count", "later.count", "list.count", "archive.count",
            "trash.count", "undo.count"
        ] {
            #expect(properties[name] != nil, "SPEC §5 path \(name) missing")
        }
    }

    @Test func showMatchesItsPrefix() throws {
        let shown = try parse(["pan msg1 -180", "show msg1.icon --json"])
        #expect(shown.count == 3)
        #expect(shown["msg1.icon"] as? String == "later")
        #expect(shown["msg1.icon.alpha"] as? Double == 1)
        #expect(shown["msg1.icon.x"] as? Double == 170)
    }

    /// SPEC §2/§3: the slide out over 0.3 easeInOut, then the overlay's fade over 0.3 at its exact end time.
    @Test func timelineHasTheAnimationsAndEvents() throws {
        let timeline = try parse(["pan msg1 -180", "release", "settle", "timeline --json"])
        #expect(timeline["dropped"] as? Int == 0)
        #expect(timeline["capacity"] as? Int == Limits.timelineCapacity)
        let entries = try #require(timeline["entries"] as? [[String: Any]])
        let animations = entries.filter { $0["kind"] as? String == "animation" }
        #expect(animations.map { $0["property"] as? String } == ["msg1.x", "overlay.alpha"])
        #expect(animations.map { $0["time"] as? Double } == [0.3, 0.6])
        #expect(animations.map { $0["duration"] as? Double } == [0.3, 0.3])
        #expect(animations.allSatisfy { $0["curve"] as? String == "easeInOut" })
        #expect(animations[1]["from"] as? Double == 0 && animations[1]["to"] as? Double == 1)
        let events = entries.filter { $0["kind"] as? String == "event" }
        #expect(events.first?["event"] as? String == "gestureBegan")
        #expect(events.first?["text"] as? String == "pan began at 0")
        #expect(events.first?["gesture"] as? Int == 1)
        #expect(events.contains { $0["event"] as? String == "thresholdCrossed" && $0["time"] as? Double == 0.1 })
        #expect(events.contains { $0["event"] as? String == "overlayShown" && $0["subject"] as? String == "overlay" })
        // The text report's facts: one entry a line there, one object here.
        var session = Session()
        for line in ["pan msg1 -180", "release", "settle"] { _ = try session.execute(.line(line[...])) }
        #expect(try session.execute(.line("timeline")).output.filter { !$0.isEmpty }.count == entries.count)
    }

    @Test func timelineNarrowsToATarget() throws {
        let timeline = try parse(["pan msg1 -180", "release", "settle", "timeline overlay --json"])
        let entries = try #require(timeline["entries"] as? [[String: Any]])
        #expect(!entries.isEmpty)
        #expect(entries.allSatisfy { $0["subject"] as? String == "overlay" })
    }

    /// A misspelled flag is refused, suggests the right one, and changes nothing.
    @Test func aMisspelledFlagIsRefusedAndChangesNothing() throws {
        var session = Session()
        _ = try session.execute(.line("pan msg1 -100"))
        let before = session.screen
        for line in ["state --jsn", "show msg1 --jsno", "timeline --jsn", "timeline msg1 --jason"] {
            #expect(throws: ScriptError.self) { _ = try session.execute(.line(line[...])) }
            do { _ = try session.execute(.line(line[...])) } catch {
                #expect(error.message.contains("unknown option"), "\(error.message)")
                #expect(error.message.contains("did you mean '--json'?"), "\(error.message)")
            }
        }
        #expect(session.screen == before)
    }

    /// The text reports are unchanged by the flag's existence, and the JSON forms print no text.
    @Test func textStaysTheDefault() throws {
        var session = Session()
        #expect(try session.execute(.line("state")).output.first?.hasPrefix("time 0s") == true)
        #expect(try session.execute(.line("show time")).output == ["time = 0"])
        #expect(try session.execute(.line("show time --json")).output == [#"{"time":0}"#])
    }
}

/// Whether `line` (an `expect`) holds on the session's screen (a copy: the session is not changed).
private func holds(_ session: Session, _ line: String) throws -> Bool {
    var copy = session
    return try copy.execute(.line(line[...])).failure == nil
}
