import MailboxFootage
import MailboxFootageDecoding
import MailboxJSON

@testable import MailboxLanguageServer
// libFuzzer's entry point. tools/fuzz.sh compiles it together with the property tests' invariants
// (Tests/MailsimTestSupport/Invariants.swift) over the library's layers, which it reaches as the
// tests do (@testable).
@testable import MailboxScript

/// Arbitrary bytes, run as a script through a Session, or (after a leading NUL) as the choices of the property
/// tests' command generator, which goes deep faster, or (after a leading byte 1) of the hostile generator, which
/// sets every parameter at the ends of its range and gestures with extreme numerals: any crash, trap, hang
/// (-timeout), broken invariant or number printed with an exponent is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // After a leading byte 2: what an editor sends `mailsim lsp` (framed JSON-RPC).
    if bytes.first == 2 {
        serve(Array(bytes.dropFirst()))
        return 0
    }
    // After a leading byte 3: a walkthrough file for `mailsim grade`'s reader.
    if bytes.first == 3 {
        readFootage(Array(bytes.dropFirst()))
        return 0
    }
    let problems = robustnessProblems(input: bytes)
    if !problems.isEmpty {
        fatalError("mailsim broke a promise:\n" + problems.prefix(10).joined(separator: "\n"))
    }
    return 0
}

/// The language server's input: bytes cut by its framing, each message answered, each changed script run and its
/// diagnostics published (as `mailsim lsp`'s loop does, without threads). Small bounds keep each input quick. Any
/// crash, trap or hang is a finding; so is an answer that is not one JSON-RPC message with an id or a method.
func serve(_ bytes: [UInt8]) {
    var framing = Framing(maxHeaderBytes: 512, maxBodyBytes: 1 << 16)
    var server = Server()
    server.bounds = RunBounds(maxLines: 400, maxSeconds: 1)
    for item in framing.feed(bytes[...]) {
        guard case .message(let message, _) = item else { continue }
        var answers = server.handle(message)
        for uri in server.pendingURIs { answers += server.runAndPublish(uri) }
        for answer in answers {
            guard answer["jsonrpc"]?.stringValue == "2.0", answer["id"] != nil || answer["method"] != nil,
                (try? JSON.parse(answer.text, maxDepth: 64)) != nil
            else {
                fatalError("mailsim lsp sent a malformed message: \(answer.text.prefix(500))")
            }
        }
        if server.exitStatus != nil { return }
    }
}

/// A walkthrough file read as `mailsim grade` reads one, within small bounds so that each input is quick: read or
/// refused, never a crash, a trap or a hang; a frame handed on is whole and in order, and refused words are words.
func readFootage(_ bytes: [UInt8]) {
    let limits = FootageLimits(fileBytes: 1 << 20, side: 1_024, pixels: 1 << 18, frames: 1_000, seconds: 3_600)
    var count = 0
    var end = 0.0
    do {
        let summary = try FootageReader.read(bytes: bytes, limits: limits) { frame in
            guard frame.index == count, frame.pixels.count == frame.width * frame.height, frame.start >= end - 1e-9
            else { fatalError("FootageReader handed on a broken frame \(frame.index) (\(count) before it)") }
            count += 1
            end = frame.start + frame.duration
        }
        guard summary.frames == count, summary.frames > 0 else {
            fatalError("FootageReader's summary says \(summary.frames) frames; it handed on \(count)")
        }
    } catch {
        guard !error.description.isEmpty else { fatalError("FootageReader refused without words") }
    }
}
