import MailboxAnimation
import MailboxJSON
import MailboxReports
import MailboxScene
import MailboxScript
import MailboxSim
import MailboxText

/// A walkthrough as one self-contained HTML page (no network, no other file): the screen as inline SVG, the
/// controls (play, pause, speed, scrubber, frame step), the script with the line being played, the timeline,
/// and a plot of every moving property. Each frame's SVG, each caption and each cursor place is computed
/// here; the page's script only picks which to show. `PAGE.html#t=0.45` opens paused at the frame nearest
/// 0.45 s, and pausing writes the instant into the address, so an instant can be linked.
public enum HTMLPlayer {
    public static func page(_ walkthrough: Walkthrough, speed: Double) -> String {
        let frames = walkthrough.frames
        // Each run of equal frames (`frameRuns`, the rule the GIF follows too) drawn once, and each distinct
        // drawing stored once; frames point at theirs.
        var sceneIndex: [String: Int] = [:]
        var scenes: [String] = []
        var sceneOf: [Int] = []
        var firstScene = ""
        var openTag = ""
        for run in walkthrough.frameRuns {
            let scene = Scene(screen: frames[run.first].screen)
            let body = SVGWriter.body(scene)
            if run.first == 0 {
                firstScene = body
                openTag = SVGWriter.openTag(scene, id: "screen")
            }
            let index = sceneIndex[body] ?? scenes.count
            if index == scenes.count {
                sceneIndex[body] = index
                scenes.append(body)
            }
            sceneOf += Array(repeating: index, count: run.count)
        }
        let plots = PropertyPlots(walkthrough)
        let clock = walkthrough.clock

        let data = JSON.object([
            ("fps", .int(clock.framesPerSecond)),
            ("speed", .number(speed)),
            ("frames", .int(frames.count)),
            ("times", .array(frames.map { .string($0.time.fixedSeconds) })),
            ("lines", .array(frames.map { .int($0.line ?? 0) })),
            ("sceneOf", .array(sceneOf.map(JSON.int))),
            ("cursor", .array(frames.indices.map { .number((plots.x(ofFrame: $0) * 100).rounded() / 100) })),
            ("scenes", .array(scenes.map(JSON.string)))
        ]).htmlSafeText

        let title = "mailsim walkthrough: " + walkthrough.file
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="mailsim record">
            <title>\(escaped(title))</title>
            <style>\(PlayerAssets.css)</style>
            </head>
            <body>
            <header><h1>\(escaped(walkthrough.file))</h1>\
            <p class="status \(statusClass(walkthrough.report))">\(escaped(statusText(walkthrough)))</p></header>
            <main>
            <section class="phone">
            \(openTag)
            \(firstScene)</svg>
            <div class="controls">
            <button id="play" type="button" title="Play or pause (space)">▶ Play</button>
            <button id="back" type="button" title="Previous frame (←)">◀ frame</button>
            <button id="forward" type="button" title="Next frame (→)">frame ▶</button>
            <label>speed <select id="speed">\(speedOptions(speed))</select></label>
            </div>
            <input id="scrubber" type="range" min="0" max="\(max(0, frames.count - 1))" \
            value="0" step="1" aria-label="frame">
            <p class="clock"><span id="time">\(frames.first?.time.fixedSeconds ?? "0.000") s</span> \
            · frame <span id="frame">0</span> of \(frames.count) · \(clock.framesPerSecond) fps</p>
            </section>
            <section class="script"><h2>Script</h2><ol id="script">
            """
        // The first problem of each line (a loop: Dictionary(_:uniquingKeysWith:) casts, which Embedded Swift cannot).
        var problemsByLine: [Int: WalkthroughProblem] = [:]
        for problem in walkthrough.problems where problemsByLine[problem.line] == nil {
            problemsByLine[problem.line] = problem
        }
        for line in walkthrough.lines {
            let problem = problemsByLine[line.number]
            let classes =
                problem == nil ? "" : (problem?.diagnostic?.isError == true ? " class=\"error\"" : " class=\"fail\"")
            html += "<li id=\"L\(line.number)\" value=\"\(line.number)\"\(classes)><code>\(escaped(line.text))</code>"
            if let message = problem?.diagnostic?.message {
                html += "<div class=\"diagnostic\">\(escaped(message))</div>"
            }
            html += "</li>\n"
        }
        html += "</ol></section>\n<section class=\"timeline\"><h2>Timeline</h2><ol id=\"timeline\">\n"
        for event in walkthrough.timeline {
            var first = clock.frame(atOrBefore: event.time)
            if clock.instant(first) < event.time { first += 1 }
            html +=
                "<li data-frame=\"\(first)\">\(escaped(TimelineText.line(event.entry).trimmingBlanksForCaption))</li>\n"
        }
        html += "</ol></section>\n</main>\n<section class=\"plots\"><h2>Properties against time</h2>\n"
        if plots.series.isEmpty { html += "<p>Nothing moved.</p>\n" }
        for series in plots.series { html += plots.svg(series) + "\n" }
        html += "</section>\n"
        html += "<script type=\"application/json\" id=\"data\">\(data)</script>\n"
        html += "<script>\(PlayerAssets.script)</script>\n</body>\n</html>\n"
        return html
    }

    static func statusClass(_ report: RunReport) -> String {
        switch report.exitCode {
        case 0: "pass"
        case 1: "fail"
        default: "error"
        }
    }

    /// How the run ended and how long the walkthrough is, as the player's header says it.
    public static func statusText(_ walkthrough: Walkthrough) -> String {
        let report = walkthrough.report
        let checks = report.checks == 1 ? "1 check" : "\(report.checks) checks"
        var text: String
        switch report.exitCode {
        case 0: text = "all \(checks) held"
        case 1: text = "\(report.failures.count) of \(checks) failed"
        default: text = "stopped by an error: " + (report.error?.text ?? "")
        }
        let seconds = formatNumber(
            Double(walkthrough.frames.count) / Double(walkthrough.clock.framesPerSecond), decimals: 3)
        return text + " · \(seconds) s of virtual time"
    }

    static func speedOptions(_ speed: Double) -> String {
        var speeds = [1.0, 0.25, 0.1]
        if !speeds.contains(speed) { speeds.insert(speed, at: 0) }
        return speeds.map { s in
            "<option value=\"\(json(s))\"\(s == speed ? " selected" : "")>\(formatNumber(s, decimals: 3))×</option>"
        }.joined()
    }

    static func json(_ value: Double) -> String { formatNumber(value, decimals: 6) }

    /// Text made safe in HTML.
    static func escaped(_ text: String) -> String { xmlEscaped(text) }
}
