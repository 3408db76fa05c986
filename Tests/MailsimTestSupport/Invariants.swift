import MailboxAnimation
import MailboxReports
import MailboxScript
import MailboxSim
import MailboxText

// The invariants every screen keeps, whatever it was sent. Plain Swift on the library's public (and package) API
// alone, so that the fuzz target (tools/fuzz.sh compiles this file into it) checks exactly what the property tests
// check, and so that the test-support target builds where the layers are not compiled for @testable imports.

/// The invariants every screen keeps, and those that also hold at rest.
public enum Invariants {
    /// What is broken in `s`, if anything: empty when every invariant holds.
    public static func problems(_ s: MailboxState) -> [String] {
        var problems: [String] = []
        func check(_ condition: Bool, _ what: @autoclosure () -> String) {
            if !condition { problems.append(what()) }
        }
        let n = s.rows.count
        let overshoots = s.settings.timings.canOvershoot || s.runningAnimations.contains { $0.curve.canOvershoot }
        check((1...Metrics.maxMessageCount).contains(n), "\(n) messages")
        check(s.now >= .zero, "the clock is at \(s.now.decimalSeconds)")

        // No message lost: each is itself, in exactly one folder, and the counts add up.
        for (index, row) in s.rows.enumerated() {
            check(row.id.number == index + 1, "row \(index) holds \(row.id.name)")
            check(row.visible == (row.folder == .inbox), "\(row.id.name) visible \(row.visible) in \(row.folder)")
        }
        var total = 0
        for folder in Folder.allCases {
            let count = s.count(in: folder)
            total += count
            check((try? s.read(.count(folder))) == .number(Double(count)), "\(folder).count disagrees with the rows")
        }
        check(total == n, "the folder counts add up to \(total), not \(n)")
        check((try? s.read(.viewMessages(.later))) == .name(names(s.messages(in: .later))), "view.later.messages")
        check((try? s.read(.viewMessages(.archive))) == .name(names(s.messages(in: .archive))), "view.archive.messages")

        // The undo stack: distinct messages, each still in the folder it records.
        var undone = Set<MessageID>()
        for record in s.undoStack {
            check(undone.insert(record.message).inserted, "\(record.message.name) twice on the undo stack")
            check(record.message.index < n, "\(record.message.name) on the undo stack of \(n) messages")
            guard record.message.index < n else { continue }
            check(record.folder != .inbox, "an undo record into the inbox")
            check(
                s.rows[record.message.index].folder == record.folder,
                """
                \(record.message.name) is in \(s.rows[record.message.index].folder), its undo record says \
                \(record.folder)
                """
            )
        }
        check((try? s.read(.undoCount)) == .number(Double(s.undoStack.count)), "undo.count")

        // Layout: rows stack from y 144 without gaps or overlaps, each 0…86 tall; every number is finite.
        // (y is read for every row of a short list; of a long one, where a height is not 86 and at both ends,
        // which keeps the check linear in the number of rows.)
        var y = Metrics.firstRowY
        var previousHeight = Metrics.rowHeight
        for row in s.rows {
            let id = row.id
            let height = s.height(of: id)
            let x = s.x(of: id)
            if n <= 20 || id.index == 0 || id.index == n - 1 || height != Metrics.rowHeight
                || previousHeight != Metrics.rowHeight
            {
                check(s.y(of: id) == y, "\(id.name).y is \(s.y(of: id)), the rows above end at \(y)")
                check(read(s, .message(id, .y)) == y, "\(id.name).y reads \(read(s, .message(id, .y)))")
            }
            previousHeight = height
            check(height >= 0 && (height <= Metrics.rowHeight || overshoots), "\(id.name).height is \(height)")
            check(row.height >= 0 && row.height <= Metrics.rowHeight, "\(id.name) model height \(row.height)")
            // Finite, but not within ±10 320: a row grabbed again just after its release starts where it is, and
            // each pan adds up to 10 000 (a script of N such lines reaches N × 10 000).
            check(x.isFinite, "\(id.name).x is \(x)")
            check(s.alpha(of: id) == 1, "\(id.name).alpha is \(s.alpha(of: id))")
            let iconAlpha = s.iconAlpha(of: id)
            check(iconAlpha >= 0 && iconAlpha <= 1, "\(id.name).icon.alpha is \(iconAlpha)")
            check(s.iconX(of: id).isFinite, "\(id.name).icon.x is \(s.iconX(of: id))")
            if !row.visible { check(row.height == 0, "\(id.name) is in \(row.folder) with model height \(row.height)") }
            y += height
        }

        // The other views stay within their travel.
        let overlayAlpha = s.overlayPresentationAlpha
        check(overlayAlpha >= 0 && overlayAlpha <= 1, "overlay.alpha is \(overlayAlpha)")
        let modelAlpha = modelOverlayAlpha(s)
        check(s.overlay != nil || modelAlpha == 0, "no overlay, but its model alpha is \(modelAlpha)")
        let contentX = s.contentPresentationX
        // Curves that overshoot (springs, Béziers past 0…1) may carry positions past their travel; alphas and
        // heights are clamped on screen whatever the curve.
        check(
            contentX.isFinite && (overshoots || (contentX >= 0 && contentX <= Metrics.screenWidth)),
            "content.x is \(contentX)")
        let composeY = s.composePresentationY
        check(
            composeY.isFinite
                && (overshoots || (composeY >= Metrics.composeShownY && composeY <= Metrics.screenHeight)),
            "compose.y is \(composeY)")
        let dim = s.composePresentationDim
        check(dim >= 0 && (dim <= Metrics.composeDimAlpha || (overshoots && dim <= 1)), "compose.dim is \(dim)")
        for segment in Segment.allCases {
            let x = s.viewX(of: segment)
            check(x.isFinite && (overshoots || abs(x) <= Metrics.screenWidth), "view.\(segment.rawValue).x is \(x)")
        }
        check(s.alert != .draft || s.composePhase != .hidden, "a draft alert without the compose sheet")

        // Overlays: one per message, each for a message still in the inbox that slid out to the left.
        var overlaid = Set<MessageID>()
        for overlay in [s.overlay].compactMap({ $0 }) + s.pendingOverlays {
            check(overlaid.insert(overlay.message).inserted, "two overlays for \(overlay.message.name)")
            check(overlay.message.index < n, "an overlay for \(overlay.message.name) of \(n)")
            guard overlay.message.index < n else { continue }
            check(
                s.rows[overlay.message.index].folder == .inbox,
                "an overlay for \(overlay.message.name), in \(s.rows[overlay.message.index].folder)")
        }
        for pending in s.pendingOverlays { check(pending.dismissal == nil, "a waiting overlay already dismissed") }

        // The finger is on something that exists; animations run one per property, started by now.
        if case .message(let id)? = s.gesture?.target {
            check(id.index < n && s.rows[id.index].visible, "a finger on \(id.name)")
        }
        var animated = Set<PropertyKey>()
        for animation in s.runningAnimations {
            check(animated.insert(animation.key).inserted, "two animations of \(animation.key.path)")
            // Only the hide and a segment's slide may wait (delay.hide, delay.segment: at most 10 s).
            var mayWait = animation.key.property == .height
            if case .segmentView = animation.key.view { mayWait = true }
            check(
                animation.start <= (s.now.adding(mayWait ? Ticks(seconds: 10) : .zero) ?? .max),
                "\(animation.key.path) starts at \(animation.start.decimalSeconds), after now")
            if case .row(let id) = animation.key.view { check(id.index < n, "an animation of \(id.name) of \(n)") }
        }

        // The timeline keeps at most its capacity and counts the rest.
        let kept = s.timeline.entries.count
        check(kept <= s.timeline.capacity, "the timeline keeps \(kept) entries")
        check(s.timeline.total == s.timeline.dropped + kept, "the timeline's total")
        return problems
    }

    /// What must also hold once nothing animates and no finger is down (after `settle`).
    public static func settledProblems(_ s: MailboxState) -> [String] {
        var problems: [String] = []
        func check(_ condition: Bool, _ what: @autoclosure () -> String) {
            if !condition { problems.append(what()) }
        }
        check(!s.isAnimating, "\(s.runningAnimations.count) animations still run")
        check((try? s.read(.animating)) == .bool(false), "animating reads true")
        guard s.gesture == nil else { return problems }
        let overlaid = Set(([s.overlay].compactMap { $0 } + s.pendingOverlays).map(\.message))
        for row in s.rows {
            let id = row.id
            if row.visible {
                check(s.height(of: id) == Metrics.rowHeight, "\(id.name) in the inbox is \(s.height(of: id)) tall")
                // A slide ends at ±(320 + slide.overshoot), as the overshoot was when it started.
                let x = s.x(of: id)
                check(
                    overlaid.contains(id) ? x <= -Metrics.slideDistance : x == 0,
                    "\(id.name).x is \(x) at rest, not \(overlaid.contains(id) ? "-320 or beyond" : "0")")
                if !overlaid.contains(id) {
                    check(row.latch == nil, "\(id.name) at rest keeps the \(row.latch!) latch")
                }
            } else {
                check(s.height(of: id) == 0, "\(id.name) in \(row.folder) is \(s.height(of: id)) tall")
                check(abs(s.x(of: id)) >= Metrics.slideDistance, "\(id.name) in \(row.folder) at x \(s.x(of: id))")
            }
        }
        check(
            s.contentPresentationX == 0 || s.contentPresentationX == s.settings.menuOpenX,
            "content.x \(s.contentPresentationX) at rest")
        check(
            s.composePresentationY == Metrics.composeShownY || s.composePresentationY == Metrics.screenHeight,
            "compose.y \(s.composePresentationY) at rest")
        for segment in Segment.allCases {
            let x = s.viewX(of: segment)
            check(
                segment == s.segments.selected ? x == 0 : abs(x) == Metrics.screenWidth,
                "view.\(segment.rawValue).x is \(x) at rest")
        }
        return problems
    }

    /// The overlay's model alpha (`MailboxState.overlayAlpha`: the package's, not the public API's).
    private static func modelOverlayAlpha(_ s: MailboxState) -> Double { s.overlayAlpha }

    private static func names(_ ids: [MessageID]) -> String {
        ids.isEmpty ? "none" : ids.map(\.name).joined(separator: ",")
    }

    private static func read(_ s: MailboxState, _ path: PropertyPath) -> Double {
        if case .number(let v)? = try? s.read(path) { return v }
        return .nan
    }
}

/// True when two sessions are the same in everything they hold: what a refused command must leave exactly as
/// it was. `Session`'s synthesised `==` compares every stored property (the screen with its own `==`, the running
/// animations included), the Ctrl-C check of a running line aside.
public func sameSession(_ a: Session, _ b: Session) -> Bool { a == b }

/// Everything a script printed, in order, as text: standard output, traced entries, excused errors, diagnostics.
public func transcript(of bytes: [UInt8]) -> [String] {
    var session = Session()
    var printed: [String] = []
    let report = ScriptRunner.run(bytes, file: "fuzz.mbs", session: &session) { output in
        switch output {
        case .report(let report): printed += TextRenderer.lines(report)
        case .screenReset: break
        case .trace(let entry): printed.append("trace " + TimelineText.line(entry))
        case .diagnostic(let diagnostic):
            printed.append((diagnostic.kind.isProblem ? "stderr " : "excused ") + diagnostic.text)
        }
    }
    printed.append("exit \(report.exitCode), \(report.checks) checks")
    return printed
}

/// Runs arbitrary bytes as a script and reports every broken promise: the bytes run twice as `mailsim run`
/// runs them (the output must be the same); then line by line, going on past errors, with the invariants
/// checked after every line, the settled ones after every `settle`, and every refused line checked to have
/// changed nothing. The fuzz target and the fuzz regression tests call this.
public func robustnessProblems(script bytes: [UInt8]) -> [String] {
    if transcript(of: bytes) != transcript(of: bytes) { return ["the same script printed different output"] }
    var session = Session()
    var lineNumber = 0
    for read in LineSplitter.lines(of: bytes) {
        lineNumber += 1
        guard case .text(let line) = read else { break }
        let before = session
        let command = try? Parser.parse(line[...])
        do {
            _ = try session.execute(.line(line[...]))
        } catch {
            if !sameSession(session, before) {
                return ["line \(lineNumber): refused (\(error.message)), but changed the session"]
            }
        }
        var problems = Invariants.problems(session.screen)
        if command == .settle { problems += Invariants.settledProblems(session.screen) }
        if !problems.isEmpty { return problems.map { "line \(lineNumber): \($0)" } }
    }
    return []
}

/// Runs generated command lines whose choices the bytes make (see `SeededRandom(bytes:)`), as the property tests
/// do: the invariants after every line, the settled ones after `settle`, refused lines change nothing.
public func robustnessProblems(choices bytes: [UInt8]) -> [String] {
    var generator = CommandGenerator(random: SeededRandom(bytes: bytes))
    var session = Session()
    for step in 1...(bytes.count / 8 + 1) {
        let line = generator.next(for: session)
        let before = session
        do {
            _ = try session.execute(.line(line[...]))
        } catch {
            if !sameSession(session, before) {
                return ["step \(step), \(line): refused (\(error.message)), but changed the session"]
            }
        }
        var problems = Invariants.problems(session.screen)
        if line == "settle" { problems += Invariants.settledProblems(session.screen) }
        if !problems.isEmpty { return problems.map { "step \(step), \(line): \($0)" } }
    }
    return []
}

/// Runs hostile command lines (`HostileGenerator`: every parameter at the ends of its range, gestures with
/// extreme numerals) whose choices the bytes make, or from `seed` when there are none: every line ends in a
/// result or a refusal, a refusal changes nothing, the invariants hold after every line, and every number
/// printed (reports, and the timeline entries each line adds) is finite and has no exponent.
public func robustnessProblems(hostileChoices bytes: [UInt8], seed: UInt64 = 0, steps: Int? = nil) -> [String] {
    var generator = HostileGenerator(random: bytes.isEmpty ? SeededRandom(seed: seed) : SeededRandom(bytes: bytes))
    var session = Session()
    session.collectsTrace = true
    for step in 1...(steps ?? (bytes.count / 8 + 1)) {
        let line = generator.next(for: session)
        let before = session
        do {
            let outcome = try session.execute(.line(line[...]))
            var printed = outcome.trace.map(TimelineText.line)
            if let report = outcome.report { printed += TextRenderer.lines(report) }
            if let failure = outcome.failure { printed.append(failure.message) }
            for text in printed {
                if let bad = badNumber(in: text) {
                    return ["step \(step), \(line): printed \(bad) in \(text.prefix(300))"]
                }
            }
        } catch {
            if !sameSession(session, before) {
                return ["step \(step), \(line): refused (\(error.message)), but changed the session"]
            }
            if let bad = badNumber(in: error.message) {
                return ["step \(step), \(line): refused with \(bad) in \(error.message)"]
            }
        }
        var problems = Invariants.problems(session.screen)
        if line == "settle" { problems += Invariants.settledProblems(session.screen) }
        if !problems.isEmpty { return problems.map { "step \(step), \(line): \($0)" } }
    }
    return []
}

/// A number with an exponent (`1e+27`, `2.5E-8`) or not finite (`inf`, `nan`) in printed text, if any; a
/// colour (`#1E2E3E`) is not a number, and what a message quotes of the line (`'1e2' is out of range`) is
/// the user's own word.
public func badNumber(in text: String) -> String? {
    let text = text.split(separator: "'", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
    let separators: Set<Character> = [" ", ",", "(", ")", "[", "]", "\"", "'", "=", ":", ";", "\t", "/", "→", "…"]
    for token in text.split(whereSeparator: { separators.contains($0) }) {
        if token.hasPrefix("#") { continue }
        let lower = token.lowercased()
        if ["inf", "-inf", "+inf", "nan", "-nan", "infinity"].contains(lower) { return String(token) }
        let scalars = Array(lower.unicodeScalars)
        for i in scalars.indices.dropFirst().dropLast() where scalars[i] == "e" {
            let digitBefore = ("0"..."9").contains(scalars[i - 1]) || scalars[i - 1] == "."
            var j = i + 1
            if scalars[j] == "+" || scalars[j] == "-" { j += 1 }
            if digitBefore, j < scalars.count, ("0"..."9").contains(scalars[j]),
                scalars[..<i].allSatisfy({ ("0"..."9").contains($0) || $0 == "." || $0 == "-" || $0 == "+" })
            {
                return String(token)
            }
        }
    }
    return nil
}

/// What the fuzz target checks: an input starting with a NUL byte is a list of choices for the command
/// generator (NUL would stop a script at once anyway), one starting with byte 1 a list of choices for the
/// hostile generator; any other input is a script.
public func robustnessProblems(input bytes: [UInt8]) -> [String] {
    switch bytes.first {
    case 0: robustnessProblems(choices: Array(bytes.dropFirst()))
    case 1: robustnessProblems(hostileChoices: Array(bytes.dropFirst()))
    default: robustnessProblems(script: bytes)
    }
}

extension Diagnostic.Kind {
    /// A failed check or an error (what goes to standard error), not the refusal a `!` line expected.
    public var isProblem: Bool {
        if case .refusedAsExpected = self { return false }
        return true
    }
}
