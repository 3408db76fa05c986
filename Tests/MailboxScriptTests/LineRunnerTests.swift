import Testing

@testable import MailboxAnimation
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxWalkthrough

/// The one line runner: every front end (run, test, record, the REPL, load) gets each line's result from it as
/// one value, and decides whether the run goes on.
@Suite struct LineRunnerTests {
    /// Keeps every result; stops on an error or `quit` unless it is a prompt.
    struct Collector: LineSink {
        var results: [LineResult] = []
        var stopsOnError = true
        private(set) var hasStoppedOnError = false

        mutating func take(_ result: LineResult, session: inout Session) -> Bool {
            results.append(result)
            if case .failure = result.outcome, stopsOnError {
                hasStoppedOnError = true
                return false
            }
            if case .success(let outcome) = result.outcome, case .quit? = outcome.effect { return false }
            return true
        }
    }

    static func run(
        _ text: String, pieces: Int = 1, requiringFingerUp: Bool = true,
        sink: Collector = Collector()
    ) -> (Collector, Session) {
        var session = Session()
        var runner = LineRunner(file: "t.mbs", sink: sink)
        let bytes = Array(text.utf8)
        let size = max(1, (bytes.count + pieces - 1) / pieces)
        var start = 0
        while start < bytes.count {
            let piece = Array(bytes[start..<min(bytes.count, start + size)])
            piece.withUnsafeBufferPointer { _ = runner.feed($0, session: &session) }
            start += size
        }
        runner.finish(session: &session, requiringFingerUp: requiringFingerUp)
        return (runner.sink, session)
    }

    @Test func everyLineIsOneResultWithItsPlaceAndText() throws {
        let (sink, session) = Self.run("pan msg1 -180\n# a comment\n\nrelease\nexpect msg1.x == 5\nstate\n")
        #expect(sink.results.map(\.place.line) == [1, 2, 3, 4, 5, 6])
        #expect(sink.results.map(\.place.file) == Array(repeating: "t.mbs", count: 6))
        #expect(
            sink.results.map(\.text) == ["pan msg1 -180", "# a comment", "", "release", "expect msg1.x == 5", "state"])
        let outcomes = try sink.results.map { try $0.outcome.get() }
        #expect(outcomes[0].acted && outcomes[0].trace.count > 0 && outcomes[0].effect == nil)
        #expect(outcomes[1].check == nil && !outcomes[1].acted)
        #expect(
            outcomes[4].failure
                == .expectation(
                    try #require(
                        {
                            if case .expect(let e)? = try Parser.parse("expect msg1.x == 5") {
                                return e
                            } else {
                                return nil
                            }
                        }()), actual: .number(-180)))
        guard case .report(.state)? = outcomes[5].effect else {
            Issue.record("state reports the screen")
            return
        }
        #expect(session.screen.gesture == nil)
    }

    @Test func anErrorIsAValueAndTheSinkStopsTheRun() {
        let (sink, session) = Self.run("pan msg1 -100\nrelese\nrelease\n")
        #expect(sink.results.count == 2)
        #expect(sink.results[1].outcome.failure == .unknownCommand("relese", suggestion: "release"))
        // Stopped by the error: the end is not checked for the finger left down.
        #expect(session.screen.gesture != nil)
    }

    @Test func aPromptGoesOnAfterAnError() {
        let (sink, _) = Self.run("relese\nrelease\npan msg1 10\nrelease\n", sink: Collector(stopsOnError: false))
        #expect(sink.results.count == 4)
        #expect(sink.results[1].outcome.failure == .model(.noFingerDown))
        #expect(sink.results[3].outcome.failure == nil)
    }

    @Test func aFingerLeftDownIsAnErrorAtTheLastLine() {
        let (sink, _) = Self.run("advance 1\npan msg2 40\n")
        #expect(sink.results.last?.place.line == 2)
        #expect(sink.results.last?.outcome.failure == .fingerStillDown(.message(MessageID(2))))
        let (loaded, _) = Self.run("advance 1\npan msg2 40\n", requiringFingerUp: false)
        #expect(loaded.results.count == 2 && loaded.results.allSatisfy { $0.outcome.failure == nil })
        let (quit, _) = Self.run("pan msg2 40\nquit\nrelease\n")
        #expect(quit.results.count == 3 && quit.results[2].outcome.failure == .fingerStillDown(.message(MessageID(2))))
    }

    @Test func linesThatCannotBeReadAreErrorsOfTheirOwn() {
        var bytes = Array("advance 1\n".utf8) + [0x61, 0xFF, 0x0A] + Array("advance 1\n".utf8)
        var session = Session()
        var runner = LineRunner(file: "t.mbs", sink: Collector())
        bytes.withUnsafeMutableBufferPointer { _ = runner.feed(UnsafeBufferPointer($0), session: &session) }
        #expect(runner.sink.results.map(\.outcome.failure) == [nil, .invalidUTF8(byte: 2)])
        #expect(runner.stopped)
        #expect(session.screen.now == Ticks.milliseconds(1000))
    }

    @Test(arguments: [1, 2, 3, 7, 40])
    func piecesReadAsTheWhole(_ pieces: Int) {
        let text = "pan msg1 -180 in 0.3\r\nrelease\nadvance 0.3\nchoose tomorrow\nsettle\nexpect msg1.folder == later"
        let (whole, a) = Self.run(text)
        let (cut, b) = Self.run(text, pieces: pieces)
        #expect(whole.results.map(\.text) == cut.results.map(\.text))
        #expect(a.screen == b.screen)
    }

    /// `record` watches the one run: the frames inside a pan are the states the run passed through (at the pan's
    /// own frame rate, each frame shows the sample the run took there), and the recorded session ends exactly as
    /// a plain run does.
    @Test func aRecorderSeesTheOneRun() {
        let script = "pan msg1 -180 in 0.3\nrelease\nadvance 0.2\n"
        let recorder = Recorder(clock: FrameClock(framesPerSecond: 60))
        var recorded = Session()
        var runner = LineRunner(
            file: "t.mbs", sink: ReportingSink(file: "t.mbs", output: NoOutput(), observer: recorder))
        Array(script.utf8).withUnsafeBufferPointer { _ = runner.feed($0, session: &recorded) }
        runner.finish(session: &recorded, requiringFingerUp: true)
        let walkthrough = recorder.finish(file: "t.mbs", session: recorded)
        var plain = Session()
        _ = ScriptRunner.run(Array(script.utf8), file: "t.mbs", session: &plain)
        #expect(recorded.screen == plain.screen)
        // 18 samples over 0.3 s at 60 fps: frame k shows x = -10·k, the k-th sample, exactly.
        for k in 1...17 {
            #expect(walkthrough.frames[k].screen.rows[0].x == -10 * Double(k), "frame \(k)")
        }
    }
}

extension Result where Failure == ScriptError {
    /// The error, if the line was refused.
    var failure: ScriptError? {
        if case .failure(let error) = self { return error } else { return nil }
    }
}
