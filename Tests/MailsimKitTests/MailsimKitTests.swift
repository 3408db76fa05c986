import MailsimKit
import Testing

/// What a program that imports `MailsimKit` alone can do, as its product's comment in Package.swift says: drive a
/// session line by line, read the screen as a value, print a report and draw a picture.
@Suite struct MailsimKitTests {
    @Test func oneImportDrivesReadsAndDraws() throws {
        var session = Session()
        _ = try session.execute(.line("pan msg1 -180 in 0.3"))
        // A finger down at -180: the row is in the yellow zone (SPEC §2), and the screen says so as a value.
        #expect(session.screen.gesture?.translation == -180)
        #expect(try session.screen.read(PropertyPath.parse("msg1.background")).scriptText == "yellow")
        let outcome = try session.execute(.line("state"))
        guard case .report(let output)? = outcome.effect else {
            Issue.record("state reported nothing")
            return
        }
        // The words a person reads: the row that moved is listed where the finger holds it.
        let text = TextRenderer.lines(output).joined(separator: "\n")
        #expect(text.contains("msg1") && text.contains("-180"), "\(text)")
        // The scene of the screen now, drawn as SVG: a phone-sized picture.
        let svg = SVGWriter.document(Scene(screen: session.screen.snapshot()))
        #expect(svg.contains("viewBox=\"0 0 320 568\""))
    }
}
