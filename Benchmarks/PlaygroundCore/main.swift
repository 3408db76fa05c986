// The playground core's cost per message, measured on a release build (docs/performance.md, "The playground"):
//   nice -n 15 swift build -c release --product playground-core-bench && .build/release/playground-core-bench
// With --cold, each timed message comes after 64 MB written elsewhere, so that its code and data come from memory as
// in the page, where the browser's own work between two events leaves them out of the caches (docs/performance.md,
// "Why a step costs more in the page than in a loop").
// What the server pays for one page message before the network: PlaygroundSession.receive → the JSON texts.
import Foundation
import MailboxJSON
import MailboxPlayground
import MailboxReports
import MailboxScene
import MailboxScript
import MailboxSim

let never: @Sendable () -> Bool = { false }

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// `--cold`: 64 MB, more than this machine's last-level cache (32 MB), written before each timed message.
let cold = CommandLine.arguments.contains("--cold")
nonisolated(unsafe) var evictor = [UInt8](repeating: 0, count: cold ? 64 << 20 : 0)
func evict() {
    guard cold else { return }
    evictor.withUnsafeMutableBytes { bytes in
        var i = 0
        while i < bytes.count {
            bytes[i] &+= 1
            i += 64
        }
    }
}

struct Stats {
    var samples: [Double] = []  // ms
    mutating func add(_ ns: UInt64) { samples.append(Double(ns) / 1e6) }
    func line(_ name: String) -> String {
        let s = samples.sorted()
        guard !s.isEmpty else { return name + ": no samples" }
        func q(_ p: Double) -> Double { s[min(s.count - 1, Int((Double(s.count - 1) * p).rounded()))] }
        let mean = s.reduce(0, +) / Double(s.count)
        return String(
            format: "%-44@ n %5d  mean %7.3f ms  p50 %7.3f  p99 %7.3f  max %7.3f", name as NSString, s.count, mean,
            q(0.5), q(0.99), s.last!)
    }
}

func message(_ type: String, _ fields: [(String, JSON)]) -> String {
    JSON.object([("type", .string(type))] + fields).text
}
func pointer(_ type: String, _ x: Double, _ y: Double, _ t: Double) -> String {
    message(type, [("x", .number(x)), ("y", .number(y)), ("t", .number(t))])
}

/// Drags msg1 back and forth `drags` times at 60 Hz, timing every move; settles each release with ticks.
func dragLoop(_ p: inout PlaygroundSession, drags: Int, t0: Double, bytes: inout Int) -> (
    moves: Stats, ups: Stats, ticks: Stats, t: Double
) {
    var moves = Stats()
    var ups = Stats()
    var ticks = Stats()
    var t = t0
    for d in 0..<drags {
        let x0 = 300.0
        let y = 187.0
        let dx = d % 2 == 0 ? -120.0 : 40.0
        _ = p.receive(pointer("down", x0, y, t), isCancelled: never)
        for k in 1...18 {
            t += 1000.0 / 60
            let x = ((x0 + dx * Double(k) / 18 + 0.3 * sin(Double(k))) * 100).rounded() / 100
            let text = pointer("move", x, y, t)
            evict()
            let start = now()
            let out = p.receive(text, isCancelled: never)
            moves.add(now() - start)
            bytes = out.reduce(0) { $0 + $1.utf8.count }
        }
        t += 5
        evict()
        let start = now()
        _ = p.receive(pointer("up", x0 + dx, y, t), isCancelled: never)
        ups.add(now() - start)
        var n = 0
        while p.phones.contains(where: { $0.screen.snapshot().animating }) && n < 600 {
            t += 1000.0 / 60
            evict()
            let s = now()
            _ = p.receive(message("tick", [("t", .number(t))]), isCancelled: never)
            ticks.add(now() - s)
            n += 1
        }
        // An overlay (reschedule) is dismissed so the next drag starts on the list.
        if p.phones[0].screen.snapshot().overlay != nil {
            _ = p.receive(message("line", [("text", .string("tap cancel"))]), isCancelled: never)
            while p.phones.contains(where: { $0.screen.snapshot().animating }) {
                t += 16
                _ = p.receive(message("tick", [("t", .number(t))]), isCancelled: never)
            }
        }
        if p.phones[0].screen.snapshot().rows[0].folder != .inbox {
            _ = p.receive(message("reset", []), isCancelled: never)
        }
        t += 200
    }
    return (moves, ups, ticks, t)
}

func run(_ name: String, drags: Int, setup: (inout PlaygroundSession) -> Void) {
    var p = PlaygroundSession(start: .empty)
    _ = p.opening()
    setup(&p)
    var bytes = 0
    _ = dragLoop(&p, drags: 3, t0: 0, bytes: &bytes)  // warm up
    let (moves, ups, ticks, _) = dragLoop(&p, drags: drags, t0: 100_000, bytes: &bytes)
    print("== \(name)\(cold ? ", cold" : "") (a move's answers: \(bytes) bytes)")
    print(moves.line("move (drag, 60 Hz)"))
    print(ups.line("up (release, re-run)"))
    print(ticks.line("tick (animating)"))
}

/// The parts of a screen answer, on the state in the middle of a drag.
func parts(_ name: String, messages: Int) {
    var session = Session(messageCount: messages, interactive: true)
    _ = try? session.execute(.line("pan msg1 -100 in 0.2"))
    var svg = Stats()
    var state = Stats()
    var snapshot = Stats()
    var readings = Stats()
    var tree = Stats()
    for _ in 0..<300 {
        var s = now()
        let snap = session.screen.snapshot()
        snapshot.add(now() - s)
        s = now()
        _ = SVGWriter.document(Scene(screen: snap))
        svg.add(now() - s)
        s = now()
        var copy = session
        copy.collectsTrace = false
        if let outcome = try? copy.execute(.line("state --json")), case .json(let m)? = outcome.report {
            readings.add(now() - s)
            let t = now()
            let json = JSONRenderer.value(m)
            tree.add(now() - t)
            _ = json.text
        }
        state.add(now() - s)
    }
    print("== parts of a screen answer, \(name)")
    print(snapshot.line("snapshot"))
    print(svg.line("SVG document"))
    print(state.line("state --json object, as text"))
    print(readings.line("  of which the readings (the line run)"))
    print(tree.line("  of which the JSON tree"))
}

let drags = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 40
if CommandLine.arguments.contains("--drag-only") {  // for a profiler (valgrind --tool=callgrind): drags only
    run("one phone, 20 messages", drags: drags) { _ in }
    exit(0)
}
parts("20 messages", messages: 20)
parts("500 messages (reset 500)", messages: 500)
if CommandLine.arguments.contains("--parts") { exit(0) }
run("one phone, 20 messages", drags: drags) { _ in }
run("one phone, reset 500", drags: drags) { p in
    _ = p.receive(message("reset", [("messages", .int(500))]), isCancelled: never)
}
run("one phone, a long session (30,400 lines, the timeline full)", drags: drags) { p in
    // A step must cost what it costs in a fresh session: the script's lines and the timeline's entries kept so far
    // are not copied by a step (docs/performance.md, "A long session").
    let lines = String(repeating: "advance 0.01\n", count: 4_000)
    _ = p.receive(message("load", [("script", .string(lines))]), isCancelled: never)
    for _ in 0..<16_000 { _ = p.receive(message("line", [("text", .string("advance 0.01"))]), isCancelled: never) }
    var bytes = 0
    _ = dragLoop(&p, drags: 1_600, t0: 0, bytes: &bytes)
    print("(\(p.script.count) lines, \(p.phones[0].screen.timeline.total) timeline entries)")
}
run("two phones (compare)", drags: drags) { p in
    _ = p.receive(message("compare", [("on", .bool(true))]), isCancelled: never)
}
do {
    var p = PlaygroundSession(start: .empty)
    var bytes = 0
    _ = dragLoop(&p, drags: 3, t0: 0, bytes: &bytes)
    var history = Stats()
    for _ in 0..<100 {
        let s = now()
        _ = p.receive(message("history", []), isCancelled: never)
        history.add(now() - s)
    }
    print("== history on request (after a drag and its settle)")
    print(history.line("history"))
}
