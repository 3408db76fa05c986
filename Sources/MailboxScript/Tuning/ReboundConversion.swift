import CMaths

/// Facebook Rebound's conversions (facebook/rebound at 65f155c, `rebound-core/src/main/java/com/facebook/rebound/`),
/// written as the Java does, step by step: Pop's bounciness and speed to Origami's tension and friction
/// (`BouncyConversion.java`), and those to a spring's stiffness and damping (`OrigamiValueConverter.java`).
enum ReboundConversion {
    /// `BouncyConversion(speed, bounciness)`: Origami's tension and friction (lines 27–31).
    static func bouncy(bounciness: Double, speed: Double) -> (tension: Double, friction: Double) {
        var b = normalize(bounciness / 1.7, 0, 20)
        b = projectNormal(b, 0, 0.8)
        let s = normalize(speed / 1.7, 0, 20)
        let tension = projectNormal(s, 0.5, 200)
        let friction = quadraticOutInterpolation(b, noBounce(tension), 0.01)
        return (tension, friction)
    }

    /// `SpringConfig.fromOrigamiTensionAndFriction`, then Rebound's spring (mass 1, acceleration
    /// tension·(end − x) − friction·v): as mailsim's damping ratio and response.
    static func spring(origamiTension: Double, origamiFriction: Double) -> (ratio: Double, response: Double) {
        let k = tension(fromOrigami: origamiTension)
        let c = friction(fromOrigami: origamiFriction)
        // k ≤ 0 is no spring: a NaN response, which the range check refuses.
        let root = k > 0 ? k.squareRoot() : .nan
        return (c / (2 * root), 2 * Double.pi / root)
    }

    /// `OrigamiValueConverter.tensionFromOrigamiValue` (line 10).
    static func tension(fromOrigami o: Double) -> Double { o == 0 ? 0 : (o - 30) * 3.62 + 194 }

    /// `OrigamiValueConverter.frictionFromOrigamiValue` (line 18).
    static func friction(fromOrigami o: Double) -> Double { o == 0 ? 0 : (o - 8) * 3 + 25 }

    private static func normalize(_ value: Double, _ start: Double, _ end: Double) -> Double {
        (value - start) / (end - start)
    }

    private static func projectNormal(_ n: Double, _ start: Double, _ end: Double) -> Double {
        start + n * (end - start)
    }

    private static func linearInterpolation(_ t: Double, _ start: Double, _ end: Double) -> Double {
        t * end + (1 - t) * start
    }

    private static func quadraticOutInterpolation(_ t: Double, _ start: Double, _ end: Double) -> Double {
        linearInterpolation(2 * t - t * t, start, end)
    }

    /// `b3_nobounce`: the friction at which a spring of this tension does not bounce, three cubic fits.
    private static func noBounce(_ tension: Double) -> Double {
        // Math.pow, as the Java writes it.
        let (x3, x2) = (pow(tension, 3), pow(tension, 2))
        if tension <= 18 { return 0.0007 * x3 - 0.031 * x2 + 0.64 * tension + 1.28 }
        if tension <= 44 { return 0.000044 * x3 - 0.006 * x2 + 0.36 * tension + 2 }
        return 0.00000045 * x3 - 0.000332 * x2 + 0.1078 * tension + 5.84
    }
}
