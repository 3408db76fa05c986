import Foundation
import Testing

/// `mailsim run --trace-events FILE`, through the real binary: the file is Chrome's Trace Event Format, with
/// SPEC's durations in exact microseconds of virtual time, written whatever the scripts' outcome.
@Suite struct TraceEventsTests {
    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mailsim-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static func events(_ file: URL) throws -> [[String: Any]] {
        let data = try Data(contentsOf: file)
        let top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(top["displayTimeUnit"] as? String == "ms")
        return try #require(top["traceEvents"] as? [[String: Any]])
    }

    @Test func aSwipeIsTracedWithSpecsDurations() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("swipe.mbs")
        try "pan msg1 -180\nrelease\nsettle\nchoose tomorrow\nsettle\n".write(
            to: script, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("trace.json")
        let result = try CLI.run(["run", "--trace-events", out.path, script.path])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty, "the trace goes to the file, not to standard output")
        let events = try Self.events(out)
        for event in events {
            #expect(event["name"] is String && event["ph"] is String && event["ts"] is NSNumber)
            #expect(event["pid"] as? Int == 1 && event["tid"] is Int)
        }
        let metadata = events.filter { $0["ph"] as? String == "M" }
        #expect(
            metadata.contains {
                $0["name"] as? String == "process_name"
                    && ($0["args"] as? [String: Any])?["name"] as? String == script.path
            })
        let threads = Set(
            metadata.filter { $0["name"] as? String == "thread_name" }.compactMap {
                ($0["args"] as? [String: Any])?["name"] as? String
            })
        #expect(threads.isSuperset(of: ["msg1", "overlay"]))
        let complete = events.filter { $0["ph"] as? String == "X" }
        func animation(_ name: String) -> [String: Any]? { complete.first { $0["name"] as? String == name } }
        // SPEC §2: x → -320 over 0.3 from the release at 0.3; then the overlay fades in over 0.3; `choose`
        // fades it out over 0.3, then the hide collapses the row over 0.3.
        let slide = try #require(animation("msg1.x"))
        #expect(slide["ts"] as? Int == 300_000)
        #expect(slide["dur"] as? Int == 300_000)
        let args = try #require(slide["args"] as? [String: Any])
        #expect(
            args["from"] as? Double == -180 && args["to"] as? Double == -320 && args["curve"] as? String == "easeInOut")
        let fades = complete.filter { $0["name"] as? String == "overlay.alpha" }
        #expect(fades.map { $0["ts"] as? Int } == [600_000, 900_000])
        #expect(fades.allSatisfy { $0["dur"] as? Int == 300_000 })
        let hide = try #require(animation("msg1.height"))
        #expect(hide["ts"] as? Int == 1_200_000 && hide["dur"] as? Int == 300_000)
        let instants = events.filter { $0["ph"] as? String == "i" }
        #expect(instants.allSatisfy { $0["s"] as? String == "t" })
        #expect(instants.contains { $0["name"] as? String == "pan began at 0" && $0["ts"] as? Int == 0 })
        #expect(
            instants.contains {
                ($0["args"] as? [String: Any])?["event"] as? String == "thresholdCrossed" && $0["ts"] as? Int == 100_000
            })
    }

    /// Several scripts: one process each, in order; a failing one still writes the file and keeps `run`'s status;
    /// a reset does not take the trace's clock back.
    @Test func everyScriptIsAProcessAndTheStatusIsRuns() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = dir.appendingPathComponent("a.mbs")
        let second = dir.appendingPathComponent("b.mbs")
        try "pan msg2 100\nrelease\nadvance 1\nreset\npan msg1 -30\nrelease\nsettle\n".write(
            to: first, atomically: true, encoding: .utf8)
        try "pan msg1 -30\nrelease\nexpect msg1.x == 5\nsettle\n".write(to: second, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("trace.json")
        let result = try CLI.run(["run", first.path, second.path, "--trace-events", out.path])
        #expect(result.status == 1)
        let events = try Self.events(out)
        let names = events.filter { $0["name"] as? String == "process_name" }
            .map {
                [($0["pid"] as? Int).map(String.init) ?? "", ($0["args"] as? [String: Any])?["name"] as? String ?? ""]
            }
        #expect(names == [["1", first.path], ["2", second.path]])
        // In a.mbs the second screen starts at 1.3 s (the pan's 0.3 + advance 1): its snap back at 1.3 + 0.3.
        let snapBacks = events.filter { $0["name"] as? String == "msg1.x" }
        #expect(snapBacks.map { $0["pid"] as? Int } == [1, 2])
        #expect(snapBacks.map { $0["ts"] as? Int } == [1_600_000, 300_000])
    }

    @Test func anUnwritableFileIsAnError() throws {
        let result = try CLI.run([
            "run", "--trace-events", "/nonexistent-folder/trace.json", "Tests/Fixtures/wrong-expectation.mbs"
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent-folder/trace.json"))
        #expect(result.stderr.contains("No such file or directory"))
    }
}
