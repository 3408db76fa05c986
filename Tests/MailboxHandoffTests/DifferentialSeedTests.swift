import Testing

/// The differential run's seed: fixed outside CI, random in CI, and the one MAILSIM_HANDOFF_SEED names above both.
struct DifferentialSeedTests {
    /// The random source of a case that must not draw one.
    static func noRandom() -> UInt64 {
        Issue.record("a random seed was drawn")
        return 7
    }

    @Test func outsideCITheSeedIsTheFixedOne() throws {
        for environment in [[:], ["CI": "false"], ["CI": ""], ["HOME": "/root"]] {
            let seed = try DifferentialSeed.choose(environment, random: Self.noRandom)
            #expect(seed == DifferentialSeed(value: DifferentialSeed.fixed, origin: "fixed"))
        }
    }

    @Test func inCITheSeedIsRandom() throws {
        for ci in ["true", "TRUE", "1"] {
            let seed = try DifferentialSeed.choose(["CI": ci]) { 42 }
            #expect(seed == DifferentialSeed(value: 42, origin: "random (CI)"))
        }
    }

    @Test func theNamedSeedWinsEverywhere() throws {
        for environment in [["MAILSIM_HANDOFF_SEED": "1795773016"], ["MAILSIM_HANDOFF_SEED": "0", "CI": "true"]] {
            let seed = try DifferentialSeed.choose(environment, random: Self.noRandom)
            #expect(seed.value == UInt64(environment["MAILSIM_HANDOFF_SEED"]!)!)
            #expect(seed.origin == "MAILSIM_HANDOFF_SEED")
        }
    }

    @Test func anUnreadableSeedIsRefusedWithTheReason() {
        for text in ["", "12x", "-1", "18446744073709551616"] {
            #expect(throws: DifferentialSeed.Unreadable.self) {
                try DifferentialSeed.choose(["MAILSIM_HANDOFF_SEED": text, "CI": "true"]) { 7 }
            }
        }
        #expect(
            DifferentialSeed.Unreadable(text: "12x").description
                == "MAILSIM_HANDOFF_SEED=12x is not a seed: give a whole number from 0 to 18446744073709551615 "
                + "(the seed a run printed), or unset it")
    }
}
