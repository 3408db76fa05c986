import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// SPEC §2: a pan that ends on translation DX leaves the row at exactly (x when the finger went down) + DX,
/// whatever the frames before it: for any split of the gesture into continued pans, any `in S`, any fps.
@Suite struct ContinuedPanTests {
    @Test(arguments: Array(1...60) as [UInt64])
    func theLastSampleIsExact(seed: UInt64) throws {
        var random = SeededRandom(seed: seed &* 104_729)
        var session = Session()
        try run(&session, "set fps \(Int.random(in: 1...240, using: &random))")
        // Sometimes the finger grabs the row while it snaps back or slides out, so it starts off rest.
        if random.chance(0.5) {
            try run(
                &session, "pan msg1 \(random.pick(["-40", "35.5", "-150", "120"]))", "release",
                "advance \(random.pick(["0.05", "0.1", "0.137", "0.2"]))")
        }
        try run(&session, "pan msg1 0 in 0")
        let origin = session.screen.gesture!.origin
        #expect(origin == session.screen.x(of: m1))
        for _ in 0..<Int.random(in: 1...5, using: &random) {
            try run(&session, "pan msg1 \(Self.translation(&random))\(Self.duration(&random))")
        }
        // The last pan ends on one of the boundaries (or anywhere), from wherever the ones before left it.
        let last =
            random.chance(0.7)
            ? random.pick(["60", "-60", "260", "-260", "0", "-320", "320"]) : Self.translation(&random)
        try run(&session, "pan msg1 \(last)\(Self.duration(&random))")
        let dx = Double(last)!
        #expect(
            session.screen.x(of: m1) == origin + dx,
            "seed \(seed): x \(session.screen.x(of: m1)) ≠ \(origin) + \(dx)")
        #expect(session.screen.displayZone(of: m1) == SwipeZone.at(origin + dx))
        try run(&session, "release", "settle")
    }

    /// The case the issue found: `pan msg1 -255.7` then `pan msg1 60` archives msg1.
    @Test(arguments: ["", " in 0", " in 0.7", " in 0.01"])
    func aContinuedPanEndingOnSixtyArchives(_ duration: String) throws {
        var session = Session()
        try run(&session, "pan msg1 -255.7", "pan msg1 60\(duration)")
        #expect(session.screen.x(of: m1) == 60)
        #expect(session.screen.background(of: m1) == .green)
        try run(&session, "release", "settle")
        #expect(session.screen.rows[0].folder == .archive)
    }

    private func run(_ session: inout Session, _ lines: String...) throws {
        for line in lines { _ = try session.execute(.line(line[...])) }
    }

    /// A translation with up to three decimals, as scripts write them.
    static func translation(_ random: inout SeededRandom) -> String {
        let thousandths = Int.random(in: -400_000...400_000, using: &random)
        let sign = thousandths < 0 ? "-" : ""
        let magnitude = abs(thousandths)
        let fraction = magnitude % 1000
        return sign + String(magnitude / 1000) + (fraction == 0 ? "" : "." + String(1000 + fraction).dropFirst())
    }

    static func duration(_ random: inout SeededRandom) -> String {
        random.pick(["", " in 0", " in 0.05", " in 0.1", " in 0.33", " in 1", " in 0.017"])
    }
}
