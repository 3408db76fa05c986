import MailboxHandoff
import MailboxSim

/// The programs that put the cases to the exported code: a Swift `main.swift` compiled with every tuning's file, and
/// a Node script importing every tuning's module. Each reads the cases' lines on standard input and writes one line
/// of answer words per case, in the order `ModelOracle` gives them.
enum DriverSources {
    /// The Swift driver, for tunings whose types are `Tuning0`, `Tuning1`, ….
    static func swift(tunings: Int) -> String {
        var out = """
            func num(_ v: Double) -> String { "\\(v)" }
            func hex(_ v: UInt32) -> String {
                let digits = String(v, radix: 16, uppercase: true)
                return "#" + String(repeating: "0", count: 6 - digits.count) + digits
            }
            func motionWords(_ m: (duration: Double, initialVelocity: Double, value: Double)?) -> [String] {
                guard let m else { return ["none"] }
                return [num(m.duration), num(m.initialVelocity), num(m.value)]
            }

            """
        for index in 0..<tunings { out += swiftAnswer(type: "Tuning\(index)", index: index) }
        out += """
            let answers: [([Substring]) -> String] = [\((0..<tunings).map { "answer\($0)" }.joined(separator: ", "))]
            var output = ""
            while let line = readLine() {
                let words = line.split(separator: " ")
                output += answers[Int(words[1])!](words)
                output += "\\n"
                if output.utf8.count > 1 << 16 {
                    print(output, terminator: "")
                    output = ""
                }
            }
            print(output, terminator: "")

            """
        return out
    }

    private static func swiftAnswer(type: String, index: Int) -> String {
        let roles = AnimationRole.allCases.map { role in
            "case \"\(role.rawValue)\": curve = \(type).\(Interaction.identifier("curve.\(role.rawValue)"))"
        }.joined(separator: "\n        ")
        return """
            func answer\(index)(_ w: [Substring]) -> String {
                typealias I = \(type)
                func d(_ i: Int) -> Double { Double(w[i])! }
                func words(_ m: I.Motion?, _ e: Double) -> [String] {
                    motionWords(m.map { ($0.duration, $0.initialVelocity, $0.value(at: e)) })
                }
                func look(_ a: I.RowAppearance) -> [String] {
                    [a.background.rawValue, hex(a.color.hex), a.icon.rawValue, num(a.iconAlpha), num(a.iconX)]
                }
                switch w[0] {
                case "drag":
                    let x = I.rowX(origin: 0, translation: d(2))
                    let a = I.appearance(at: x)
                    return ([num(x), a.zone.rawValue] + look(a)).joined(separator: " ")
                case "release":
                    let x = I.rowX(origin: 0, translation: d(2))
                    let r = I.release(at: x, velocity: d(3))
                    // A motion of no time has ended at the release's instant (the model completes it then).
                    let instant = r.motion.map { $0.delay + $0.duration == 0 } ?? true
                    let placedBack = instant && r.outcome == .snapBack
                    let outcome: String
                    switch r.outcome {
                    case .snapBack: outcome = "snapBack"
                    case .options(let kind): outcome = "options:" + kind.rawValue
                    case .hide(let folder): outcome = "hide:" + folder.rawValue
                    }
                    var out = [num(x), placedBack ? "rest" : r.zone.rawValue, outcome]
                    out += [r.escaped ? "yes" : "no", num(r.target)]
                    out += words(r.motion, d(4))
                    // Where the row is at the release's instant: a motion of no duration (a spring already settled)
                    // is at its end.
                    let at = r.motion.map { $0.value(at: 0) } ?? r.target
                    out += look(I.appearance(at: at, latched: placedBack ? nil : r.zone))
                    switch r.afterSlide {
                    case .nothing: out.append("nothing")
                    case let .options(kind, fade):
                        out += ["options", kind.rawValue, fade.map { num($0.duration) } ?? "none"]
                    case let .hide(folder, height):
                        out += [
                            "hide", folder.rawValue, num(height.delay), num(height.duration),
                            num(height.value(at: height.delay + height.duration)),
                        ]
                    }
                    // The overlay at the release's instant: up at once after a slide of no time.
                    var up = false
                    if case .options = r.afterSlide { up = instant }
                    out.append(up ? "up" : "down")
                    return out.joined(separator: " ")
                case "menu":
                    let t = d(2)
                    let x = I.menuX(origin: 0, translation: t)
                    let m = I.releaseMenu(at: x, velocity: d(3), translation: t, fromClosed: true)
                    return ([num(x), m.opens ? "yes" : "no", num(m.target)] + words(m.motion, d(4)))
                        .joined(separator: " ")
                case "curve":
                    let curve: I.Curve
                    switch w[2] {
                    \(roles)
                    default: fatalError("no role \\(w[2])")
                    }
                    return num(curve.progress(elapsed: d(3), duration: d(4), initialVelocity: d(5)))
                case "haptics":
                    let x1 = I.rowX(origin: 0, translation: d(2))
                    let x2 = I.rowX(origin: 0, translation: d(3))
                    let taps = I.hapticTaps(from: 0, to: x1) + I.hapticTaps(from: x1, to: x2)
                    return ([num(Double(taps.count))] + taps.flatMap { [$0.style.rawValue, num($0.threshold)] })
                        .joined(separator: " ")
                case "undo":
                    let u = I.undo(side: d(2))
                    return ([u.asksFirst ? "yes" : "no"] + words(u.height, d(3)) + words(u.slide, d(3)))
                        .joined(separator: " ")
                default:
                    fatalError("no case \\(w[0])")
                }
            }


            """
    }

    /// The Node driver, importing `tuning0.mjs`, `tuning1.mjs`, … from its own folder.
    static func javaScript(tunings: Int) -> String {
        var out = ""
        for index in 0..<tunings { out += "import * as t\(index) from \"./tuning\(index).mjs\";\n" }
        out += "const tunings = [\((0..<tunings).map { "t\($0)" }.joined(separator: ", "))];\n"
        out += #"""
            import { readFileSync, writeSync } from "node:fs";

            const num = (v) => String(v);
            function words(I, m, e) {
              if (m === null) return ["none"];
              return [num(m.duration), num(m.initialVelocity), num(I.motionValue(m, e))];
            }
            function look(a) {
              return [a.background, a.color, a.icon, num(a.iconAlpha), num(a.iconX)];
            }
            function answer(w) {
              const I = tunings[Number(w[1])];
              const d = (i) => Number(w[i]);
              switch (w[0]) {
                case "drag": {
                  const x = I.rowX(0, d(2));
                  const a = I.appearance(x);
                  return [num(x), a.zone, ...look(a)];
                }
                case "release": {
                  const x = I.rowX(0, d(2));
                  const r = I.release(x, d(3));
                  const instant = r.motion === null || r.motion.delay + r.motion.duration === 0;
                  const placedBack = instant && r.outcome.kind === "snapBack";
                  const outcome = r.outcome.kind === "snapBack" ? "snapBack"
                    : r.outcome.kind === "options" ? "options:" + r.outcome.options : "hide:" + r.outcome.folder;
                  const out = [num(x), placedBack ? "rest" : r.zone, outcome, r.escaped ? "yes" : "no", num(r.target)];
                  out.push(...words(I, r.motion, d(4)));
                  const at = r.motion === null ? r.target : I.motionValue(r.motion, 0);
                  out.push(...look(I.appearance(at, placedBack ? null : r.zone)));
                  const after = r.afterSlide;
                  if (after.kind === "nothing") out.push("nothing");
                  else if (after.kind === "options")
                    out.push("options", after.options, after.fade === null ? "none" : num(after.fade.duration));
                  else out.push("hide", after.folder, num(after.height.delay), num(after.height.duration),
                    num(I.motionValue(after.height, after.height.delay + after.height.duration)));
                  const up = after.kind === "options" && instant;
                  out.push(up ? "up" : "down");
                  return out;
                }
                case "menu": {
                  const t = d(2);
                  const x = I.menuX(0, t);
                  const m = I.releaseMenu(x, d(3), t, true);
                  return [num(x), m.opens ? "yes" : "no", num(m.target), ...words(I, m.motion, d(4))];
                }
                case "curve": {
                  const curve = I["curve" + w[2][0].toUpperCase() + w[2].slice(1)];
                  return [num(I.progress(curve, d(3), d(4), d(5)))];
                }
                case "haptics": {
                  const x1 = I.rowX(0, d(2));
                  const x2 = I.rowX(0, d(3));
                  const taps = [...I.hapticTaps(0, x1), ...I.hapticTaps(x1, x2)];
                  return [num(taps.length), ...taps.flatMap((tap) => [tap.style, num(tap.threshold)])];
                }
                case "undo": {
                  const u = I.undo(d(2));
                  return [u.asksFirst ? "yes" : "no", ...words(I, u.height, d(3)), ...words(I, u.slide, d(3))];
                }
              }
              throw new Error("no case " + w[0]);
            }
            const lines = readFileSync(0, "utf8").split("\n");
            let output = "";
            for (const line of lines) {
              if (line === "") continue;
              output += answer(line.split(" ")).join(" ") + "\n";
              if (output.length > 65536) { writeSync(1, output); output = ""; }
            }
            writeSync(1, output);

            """#
        return out
    }
}
