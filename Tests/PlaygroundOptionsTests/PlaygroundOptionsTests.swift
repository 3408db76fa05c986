import MailboxPlayground
import PlaygroundOptions
import Testing

/// `mailsim serve` parses the server's options and passes them on as `arguments`, which `mailsim-playground` parses
/// again: each option must survive the trip, and each bound must refuse the same values in both.
@Suite struct PlaygroundOptionsTests {
    @Test func everyOptionSurvivesTheTripToTheServer() throws {
        let given = [
            "start.mbs", "--port", "0", "--host", "::1", "--idle-timeout", "60", "--sessions-per-address", "165",
            "--max-sessions", "200", "--public-origin", "https://class.example", "--trusted-proxy", "10.0.0.5",
            "--log-format", "json", "--site", "/srv/site", "--ipv6-prefix", "48", "--export-seconds", "3"
        ]
        let parsed = try PlaygroundOptions.parse(given)
        let again = try PlaygroundOptions.parse(parsed.arguments)
        #expect(again.arguments == parsed.arguments)
        #expect(again.ipv6Prefix == 48)
        #expect(again.exportSeconds == 3)
        #expect(again.sessionsPerAddress == 165)
        #expect(again.script == "start.mbs")
    }

    @Test func defaultsAreNotPassedOn() throws {
        let parsed = try PlaygroundOptions.parse([])
        #expect(parsed.arguments == ["--port", "8080", "--host", "127.0.0.1"])
        #expect(parsed.exportSeconds == PlaygroundLimits.exportSeconds)
        #expect(parsed.ipv6Prefix == 64)
    }

    @Test(arguments: [
        (["--ipv6-prefix", "15"], "--ipv6-prefix must be from 16 to 128 (got 15)"),
        (["--ipv6-prefix", "129"], "--ipv6-prefix must be from 16 to 128 (got 129)"),
        (["--export-seconds", "0.5"], "--export-seconds must be from 1 to 300 (got 0.5)"),
        (["--export-seconds", "301"], "--export-seconds must be from 1 to 300 (got 301.0)"),
        (["--sessions-per-address", "0"], "--sessions-per-address must be from 1 to 10000 (got 0)"),
        (["--port", "65536"], "--port must be from 0 to 65535 (got 65536)")
    ])
    func valuesOutOfBoundsAreRefusedWithWords(arguments: [String], words: String) {
        #expect(throws: (any Error).self) { try PlaygroundOptions.parse(arguments) }
        #expect(PlaygroundOptions.message(for: catching { try PlaygroundOptions.parse(arguments) }) == words)
    }

    private func catching(_ body: () throws -> Void) -> any Error {
        do {
            try body()
        } catch { return error }
        return CancellationError()
    }
}
