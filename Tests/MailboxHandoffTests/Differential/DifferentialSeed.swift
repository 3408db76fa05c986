/// The seed of a differential run: the same every run on an engineer's machine (`make check` fails or passes the
/// same way twice), a new one each CI run (`CI=true`, as .ci/run sets it) so that CI explores, and the one
/// `MAILSIM_HANDOFF_SEED` names, which replays a run whatever the machine.
struct DifferentialSeed: Equatable {
    /// The seed of every run outside CI.
    static let fixed: UInt64 = 20_261_128

    let value: UInt64
    /// Where it came from, for the log: "fixed", "random (CI)" or "MAILSIM_HANDOFF_SEED".
    let origin: String

    /// Why a seed could not be chosen: a MAILSIM_HANDOFF_SEED that is not a whole number from 0 to 2^64 − 1.
    struct Unreadable: Error, CustomStringConvertible {
        let text: String
        var description: String {
            "MAILSIM_HANDOFF_SEED=\(text) is not a seed: give a whole number from 0 to 18446744073709551615 "
                + "(the seed a run printed), or unset it"
        }
    }

    /// The seed for `environment`; `random` gives CI's (called only under CI).
    static func choose(_ environment: [String: String], random: () -> UInt64) throws(Unreadable) -> DifferentialSeed {
        if let text = environment["MAILSIM_HANDOFF_SEED"] {
            guard let value = UInt64(text) else { throw Unreadable(text: text) }
            return DifferentialSeed(value: value, origin: "MAILSIM_HANDOFF_SEED")
        }
        if let ci = environment["CI"], ci.lowercased() == "true" || ci == "1" {
            return DifferentialSeed(value: random(), origin: "random (CI)")
        }
        return DifferentialSeed(value: fixed, origin: "fixed")
    }
}
