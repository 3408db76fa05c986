import MailboxScript
import MailboxSim
import MailboxText

/// The settings the differential run exports: SPEC's, every profile's, and random tunings of every parameter the
/// exports carry, each made through `set` (TunableTable) as a script would make it, so each is one a user can reach.
enum RandomTunings {
    static func make(count: Int, seed: UInt64) -> [Settings] {
        var tunings = [Settings()] + Profile.allCases.map { $0.applied(to: Settings()) }
        var random = SplitMix(seed: seed)
        for _ in 0..<count {
            var settings = Profile.allCases[random.below(Profile.allCases.count)].applied(to: Settings())
            for tunable in TunableTable.all where !tunable.isShorthand && tunable.name != "profile" {
                guard random.below(5) < 2 else { continue }
                let words = randomWords(tunable, &random)
                guard let change = try? TunableTable.change(name: tunable.name[...], words: words.map { $0[...] }),
                    let changed = try? change.applied(to: settings)
                else { continue }
                settings = changed
            }
            tunings.append(settings)
        }
        return tunings
    }

    /// The words of a random value `set NAME` takes (some refused, as thresholds that cross; those are skipped).
    static func randomWords(_ tunable: Tunable, _ random: inout SplitMix) -> [String] {
        switch tunable.kind {
        case .number(let range, _):
            let upper = min(range.upperBound, tunable.name == "escape.velocity" ? 3000 : range.upperBound)
            return [decimal(random.double(in: range.lowerBound...upper))]
        case .duration: return [decimal(Double(1 + random.below(1000)) / 1000)]
        case .delay: return [decimal(Double(random.below(500)) / 1000)]
        case .whole(let range): return [String(Int.random(in: range.clamped(to: 0...20), using: &random))]
        case .curve:
            if random.bool() {
                let damping = random.below(4) == 0 ? 1 : random.double(in: 0.15...2.5)
                return ["spring", decimal(damping), decimal(random.double(in: 0.1...1.2))]
            }
            return ["bezier"]
                + [
                    random.double(in: 0...1), random.double(in: -0.6...1.6), random.double(in: 0...1),
                    random.double(in: -0.6...1.6)
                ].map(decimal)
        case .color: return [String(format6(random.next() & 0xFF_FFFF))]
        case .flag: return [random.bool() ? "on" : "off"]
        case .menuRelease:
            switch random.below(3) {
            case 0: return ["velocity"]
            case 1: return ["position", decimal(random.double(in: 0...320))]
            default: return ["distance", decimal(random.double(in: 0...320))]
            }
        case .profile: return ["mailbox"]
        case .choice(let words): return [words[random.below(words.count)]]
        case .fade:
            if random.bool() { return ["near"] }
            let start = random.double(in: 0...150)
            return [decimal(start), decimal(start + random.double(in: 1...150))]
        }
    }

    /// A number as `set` reads it: up to 6 decimals.
    static func decimal(_ value: Double) -> String {
        formatExact((value * 1e6).rounded() / 1e6)
    }

    static func format6(_ value: UInt64) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}

extension SplitMix: RandomNumberGenerator {}
