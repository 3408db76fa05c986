import MailboxAnimation
import MailboxSim
import MailboxText

/// How each platform plays mailsim's curves, for the exported files' first comment: the call with the numbers of
/// the settings in force filled in, and whether it reproduces mailsim's curve exactly or only approximately (and by
/// how much).
enum PlatformCurves {
    /// The Swift file's guide: the pan handler in UIKit and SwiftUI, then each animation's curve on both.
    static func swiftGuide(typeName: String, interaction: Interaction) -> String {
        let t = typeName
        var out = """
            How to use it. In a UIKit pan handler (UIPanGestureRecognizer on a row; `origin` is the row's x when the
            finger went down, 0 at rest):
                case .changed:
                    let x = \(t).rowX(origin: origin, translation: pan.translation(in: table).x)
                    let look = \(t).appearance(at: x)
                    row.transform = CGAffineTransform(translationX: x, y: 0)
                    background.backgroundColor = UIColor(red: look.color.red, green: look.color.green, blue: look.color.blue, alpha: 1)
                    icon.image = images[look.icon]; icon.alpha = look.iconAlpha; icon.center.x = look.iconX
                case .ended, .cancelled:
                    let release = \(t).release(at: x, velocity: pan.velocity(in: table).x)
                    if let motion = release.motion { run(motion) { row.transform = CGAffineTransform(translationX: release.target, y: 0) } }
            and `run` builds a UIViewPropertyAnimator from motion.curve as the list below says. In SwiftUI, the same calls
            go in DragGesture's onChanged (value.translation.width) and onEnded (value.velocity.width), with
            withAnimation(animation(for: motion)) { offset = release.target }.
            A motion's value(at:) is where mailsim has the view `elapsed` seconds after the release: a test can check a
            frame against it. The menu (releaseMenu) and undo (undo) work the same way.

            Curves. A Bézier is exact on both platforms: UICubicTimingParameters(controlPoint1: CGPoint(x: x1, y: y1),
            controlPoint2: CGPoint(x: x2, y: y2)) and SwiftUI's .timingCurve(x1, y1, x2, y2, duration:) draw the same
            curve (Core Animation solves it to its own precision; mailsim to 1e-9 of the time).
            A spring is the same equation on both platforms: UISpringTimingParameters(mass: 1, stiffness: (2π/response)²,
            damping: 4π·dampingRatio/response, initialVelocity: CGVector(dx: motion.initialVelocity, dy: 0)), and SwiftUI's
            .interpolatingSpring(mass: 1, stiffness:, damping:, initialVelocity: motion.initialVelocity) or
            .spring(response:dampingFraction:) (the same spring; SwiftUI carries the gesture's velocity itself). They agree
            with mailsim while it runs; mailsim ends it at motion.duration, within 0.5 pt and slower than 1 pt/s (an alpha
            within 0.002), and jumps to the target there, while the platform runs on to its own rest: after
            motion.duration they differ by at most 0.5 pt (0.002 of alpha).
            Only approximately: UISpringTimingParameters(dampingRatio:initialVelocity:) and UIView.animate(withDuration:
            delay:usingSpringWithDamping:initialSpringVelocity:) take a duration, not a response, and UIKit does not
            publish how it turns one into the other: their spring is not mailsim's.

            The animations as set now:

            """
        for role in AnimationRole.allCases {
            out += roleLine(role, interaction.settings.timings[role], swift: true) + "\n"
        }
        return out
    }

    /// The JavaScript module's guide: pointer events, then each animation's curve as CSS and the Web Animations API.
    static func javaScriptGuide(fileName: String, interaction: Interaction) -> String {
        var out = """
            How to use it. In a web prototype, with pointer events on a row (`origin` is the row's x when the pointer
            went down, 0 at rest):
                import * as mailbox from "./\(fileName)";
                onpointermove: const x = mailbox.rowX(origin, event.clientX - downX);
                               const look = mailbox.appearance(x);
                               row.style.transform = `translateX(${x}px)`; under.style.background = look.color;
                               icon.dataset.icon = look.icon; icon.style.opacity = look.iconAlpha; icon.style.left = `${look.iconX}px`;
                onpointerup:   const release = mailbox.release(x, velocity);   // velocity in px per second
                               if (release.motion) mailbox.animate(release.motion, (v) => { row.style.transform = `translateX(${v}px)`; });
            animate() drives a requestAnimationFrame loop with motionValue(motion, elapsed): the exact curve, springs
            included. For CSS transitions: a Bézier is exact as cubic-bezier(x1, y1, x2, y2) over motion.duration s; CSS
            has no spring, so a spring is played by animate() (or sampled into linear(), which is then approximate).

            The animations as set now:

            """
        for role in AnimationRole.allCases {
            out += roleLine(role, interaction.settings.timings[role], swift: false) + "\n"
        }
        return out
    }

    /// One role's curve with the platforms' calls for it.
    static func roleLine(_ role: AnimationRole, _ timing: Timings.Timing, swift: Bool) -> String {
        let name = Interaction.identifier("curve.\(role.rawValue)")
        switch timing.curve {
        case .bezier(let b):
            let points = [b.x1, b.y1, b.x2, b.y2].map(formatExact).joined(separator: ", ")
            let seconds = timing.duration.decimalSeconds
            if swift {
                return
                    "- \(name): \(TimingCurve.bezier(b).name) over \(seconds) s: UICubicTimingParameters(controlPoint1: "
                    + "CGPoint(x: \(formatExact(b.x1)), y: \(formatExact(b.y1))), controlPoint2: CGPoint(x: \(formatExact(b.x2)), "
                    + "y: \(formatExact(b.y2)))); .timingCurve(\(points), duration: \(seconds)). Exact."
            }
            return "- \(name): \(TimingCurve.bezier(b).name) over \(seconds) s: cubic-bezier(\(points)) \(seconds)s. Exact."
        case .spring(let s):
            let stiffness = formatNumber(s.stiffness, decimals: 6)
            let damping = formatNumber(s.damping, decimals: 6)
            let start = role.followsRelease ? "the release's velocity" : "at rest"
            if swift {
                return
                    "- \(name): spring, damping ratio \(formatExact(s.dampingRatio)), response \(formatExact(s.response)) s, "
                    + "starting \(start): UISpringTimingParameters(mass: 1, stiffness: \(stiffness), damping: \(damping), "
                    + "initialVelocity: CGVector(dx: motion.initialVelocity, dy: 0)); .interpolatingSpring(mass: 1, "
                    + "stiffness: \(stiffness), damping: \(damping), initialVelocity: motion.initialVelocity). Exact until "
                    + "motion.duration, within 0.5 pt after."
            }
            return
                "- \(name): spring, damping ratio \(formatExact(s.dampingRatio)), response \(formatExact(s.response)) s "
                + "(stiffness \(stiffness), damping \(damping), mass 1), starting \(start): animate(motion). Exact."
        }
    }
}
