import Foundation
import MailboxJSON
import MailboxPlayground
import MailboxThreads
import PlaygroundServing
import Testing

/// Every path that runs lines polls the message's deadline while it runs (not after),
/// and an export's memory is bounded. Each case is one the hostile pass found unbounded: a `history` replaying
/// 2,000 hour-long pans at 240 fps (46–50 s), a 64 KiB export script (49.4 s, then refused), a GIF of 18,000 frames
/// kept whole before coding.
@Suite struct PlaygroundBoundsTests {
    /// A deadline `seconds` from the first time it is asked.
    static func deadline(_ seconds: Double) -> @Sendable () -> Bool {
        let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        return { ContinuousClock.now >= end }
    }

    static func elapsed(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    func send(
        _ p: inout PlaygroundSession, _ type: String, _ fields: [(String, JSON)] = [],
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) -> [JSON] {
        p.receive(JSON.object([("type", .string(type))] + fields).text, isCancelled: isCancelled)
            .map { try! JSON.parse($0, maxDepth: 64) }
    }

    /// A session whose last gesture is long to replay: `set fps 240`, then hour-long pans typed as lines (each about
    /// 0.1 s to replay in a debug build).
    static func heavyHistory(lines: Int) -> PlaygroundSession {
        var p = PlaygroundSession(start: .empty)
        _ = p.receive(#"{"type":"line","text":"set fps 240"}"#, isCancelled: { false })
        _ = p.receive(#"{"type":"line","text":"pan msg1 10 in 0.01"}"#, isCancelled: { false })
        // No deadline while the session is made: a sanitizer's build takes seconds a line.
        for _ in 0..<lines {
            _ = p.receive(#"{"type":"line","text":"pan msg1 10 in 3600"}"#, isCancelled: { false })
        }
        return p
    }

    @Test func aHistoryStopsAtItsDeadline() {
        var p = Self.heavyHistory(lines: 6)
        var replies: [JSON] = []
        let seconds = Self.elapsed { replies = send(&p, "history", isCancelled: Self.deadline(0.2)) }
        // Before: the whole window was replayed, whatever the deadline (about 1 s a line here).
        #expect(seconds < 1.5, "history took \(seconds) s past a 0.2 s deadline")
        let error = replies.first { $0["type"] == .string("error") }
        #expect(error?["message"]?.stringValue?.contains("history took longer") == true, "\(replies)")
        // Nothing changed: the same history comes whole when there is time.
        #expect(p.script.count == 8)
    }

    @Test func anExportStopsAtItsDeadline() {
        let script = String(repeating: "pan msg1 10 in 3600\n", count: 50) + "release\n"
        var gif: Result<[UInt8], PlaygroundExportError>?
        let gifSeconds = Self.elapsed {
            gif = PlaygroundExports.walkthroughGIF(script: script, seconds: 0.3, isCancelled: Self.deadline(0.3))
        }
        #expect(gifSeconds < 2, "the GIF export took \(gifSeconds) s past a 0.3 s deadline")
        guard case .failure(let error)? = gif else {
            Issue.record("an export past its deadline succeeded")
            return
        }
        // The words name the bound the export ran under (`--export-seconds`), not the default.
        #expect(error.message == "the walkthrough took longer than 0.3 s and was stopped", "\(error.message)")
        var html: Result<String, PlaygroundExportError>?
        let htmlSeconds = Self.elapsed {
            html = PlaygroundExports.walkthroughHTML(script: script, isCancelled: Self.deadline(0.3))
        }
        #expect(htmlSeconds < 2, "the HTML export took \(htmlSeconds) s past a 0.3 s deadline")
        guard case .failure? = html else {
            Issue.record("an export past its deadline succeeded")
            return
        }
    }

    @Test func aPlayerOfTooManyRowFramesIsRefusedWithWords() {
        // 500 rows for 18,000 frames: 9 M row-frames, held at once in the player's frames before the bound.
        guard
            case .failure(let error) = PlaygroundExports.walkthroughHTML(
                script: "reset 500\npan msg1 -100\nrelease\nadvance 599\n")
        else {
            Issue.record("a 9 M row-frame player was made")
            return
        }
        #expect(error.message.contains("too big to play in a page"), "\(error.message)")
        // A usual script is not near the bound.
        #expect((try? PlaygroundExports.walkthroughHTML(script: "pan msg1 -100\nrelease\nadvance 20\n").get()) != nil)
    }

    /// Item 1: four exports at once (the server's threads), each the bytes one made alone is; under
    /// ThreadSanitizer in tools/sanitize.sh.
    @Test func fourExportsAtOnceAreEachWhole() throws {
        let script = "pan msg1 -100\nrelease\nadvance 2\ncompose\ntype héllo wörld\n"
        let alone = try PlaygroundExports.walkthroughGIF(script: script).get()
        let results = Locked<[[UInt8]]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<3 {
                if let gif = try? PlaygroundExports.walkthroughGIF(script: script).get() {
                    results.withLock { $0.append(gif) }
                }
            }
        }
        let made = results.withLock { $0 }
        #expect(made.count == 12)
        #expect(made.allSatisfy { $0 == alone })
    }

    @Test func aGIFIsCodedAsItPlays() throws {
        // 600 frames of a still screen after the swipe: coded as it goes, so the bytes are the GIF's alone.
        let gif = try PlaygroundExports.walkthroughGIF(script: "pan msg1 -100\nrelease\nadvance 20\n").get()
        #expect(gif.starts(with: Array("GIF89a".utf8)))
        #expect(try PlaygroundMessageTests.gifFrames(gif) > 1)
    }

    /// A session's script is bounded in bytes as well as lines: 100,000 kept lines of 4 KiB each (a line's bound)
    /// would hold 400 MB. Lines of about 4 KiB are refused once the script would pass 4 MiB, and the refusal
    /// changes nothing.
    @Test func aSessionsScriptIsBoundedInBytes() throws {
        var p = PlaygroundSession(start: .empty)
        let line = "expect msg1.x == 0  # " + String(repeating: "x", count: 4_000)
        var refused: [JSON] = []
        var sent = 0
        while sent < 2_000 {
            let replies = send(&p, "line", [("text", .string(line))])
            sent += 1
            if let error = replies.first(where: { $0["type"] == .string("error") }) {
                refused = [error]
                break
            }
        }
        let message = try #require(refused.first?["message"]?.stringValue, "never refused after \(sent) lines")
        #expect(message.contains("the session is full (4 MiB)"), "\(message)")
        #expect(p.script.bytes <= PlaygroundLimits.sessionBytes)
        #expect(p.script.bytes > PlaygroundLimits.sessionBytes - 5_000)
        #expect(p.script.bytes == p.script.entries.reduce(0) { $0 + $1.text.utf8.count })
        let before = p.script
        _ = send(&p, "line", [("text", .string(line))])
        #expect(p.script == before)
        // A load replaces the script, and its bytes with it.
        _ = send(&p, "load", [("script", .string("pan msg1 -30\nrelease\n"))])
        #expect(p.script.bytes == "pan msg1 -30release".utf8.count)
    }
}
