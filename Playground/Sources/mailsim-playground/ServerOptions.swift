import ArgumentParser
import MailboxPlayground

/// The options only `mailsim-playground` takes (issue 41): bounds an operator or a test tunes. The shared ones are
/// `PlaygroundOptions` (root package), which `mailsim serve` passes on; these are not among them yet.
struct ServerOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The leading bits of an IPv6 address that name one client for the per-address bounds (16 to 128; a "
                + "subscriber's /64 is one client).",
            valueName: "bits"))
    var ipv6Prefix: Int = ClientKey.defaultIPv6Prefix

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The most seconds one walkthrough export may run (1 to 300); an export waits for its turn at most this "
                + "and 5 s more.",
            valueName: "seconds"))
    var exportSeconds: Double = PlaygroundLimits.exportSeconds

    /// The values `--export-seconds` takes.
    static let exportRange = 1.0...300.0

    func validate() throws {
        guard ClientKey.ipv6Range.contains(ipv6Prefix) else {
            throw ValidationError("--ipv6-prefix must be from 16 to 128 (got \(ipv6Prefix))")
        }
        guard Self.exportRange.contains(exportSeconds) else {
            throw ValidationError("--export-seconds must be from 1 to 300 (got \(exportSeconds))")
        }
    }
}
