import MailboxAnimation
import MailboxSim
import MailboxText

/// How each platform plays mailsim's curves, for the exported files' first comment: the call with the numbers of
/// the settings in force filled in, and whether it reproduces mailsim's curve exactly or only approximately (and by
/// how much).
enum PlatformCurves {
    /// The Swift file's guide: the pan handler in UIKit and SwiftUI, then each animation's curve on both. One line a
    /// paragraph (the comment wraps them); a line that starts with blanks is code, kept as it is.
    static func swiftGuide(typeName: String, interaction: Interaction) -> String {
        let t = typeName
        var lines: [String] = [
            """
            How to use it in UIKit: in the row's UIPanGestureRecognizer handler (`origin` is the row's x when the \
            finger went down, 0 at rest; `table` the view the row is in):
            """,
            "",
            "    case .changed:",
            "        x = \(t).rowX(origin: origin, translation: pan.translation(in: table).x)",
            "        let look = \(t).appearance(at: x)",
            "        row.transform = CGAffineTransform(translationX: x, y: 0)",
            "        under.backgroundColor = UIColor(red: look.color.red, green: look.color.green, "
                + "blue: look.color.blue, alpha: 1)",
            "        icon.image = images[look.icon]; icon.alpha = look.iconAlpha; icon.center.x = look.iconX",
            "    case .ended, .cancelled:",
            "        let release = \(t).release(at: x, velocity: pan.velocity(in: table).x)",
            "        let animator = UIViewPropertyAnimator(duration: release.motion?.duration ?? 0, "
                + "timingParameters: timing(release.motion))",
            "        animator.addAnimations { row.transform = CGAffineTransform(translationX: release.target, y: 0) }",
            "        animator.addCompletion { _ in /* release.afterSlide: the options, "
                + "or the hide of release.afterSlide's height motion */ }",
            "        animator.startAnimation()",
            "",
            "with",
            "",
            "    func timing(_ motion: \(t).Motion?) -> UITimingCurveProvider {",
            "        switch motion?.curve {",
            "        case let .bezier(x1, y1, x2, y2)?:",
            "            return UICubicTimingParameters(controlPoint1: CGPoint(x: x1, y: y1), "
                + "controlPoint2: CGPoint(x: x2, y: y2))",
            "        case let .spring(dampingRatio, response)?:",
            "            return UISpringTimingParameters(mass: 1, stiffness: pow(2 * .pi / response, 2), "
                + "damping: 4 * .pi * dampingRatio / response,",
            "                                            initialVelocity: "
                + "CGVector(dx: motion!.initialVelocity, dy: 0))",
            "        case nil: return UICubicTimingParameters(animationCurve: .linear)",
            "        }",
            "    }",
            "",
            """
            In SwiftUI the same calls go in a DragGesture's onChanged (value.translation.width) and onEnded \
            (value.velocity.width, iOS 17), with withAnimation(animation(release.motion)) { offset = \
            release.target } and
            """,
            "",
            "    func animation(_ motion: \(t).Motion?) -> Animation? {",
            "        switch motion?.curve {",
            "        case let .bezier(x1, y1, x2, y2)?: .timingCurve(x1, y1, x2, y2, duration: motion!.duration)",
            "        case let .spring(dampingRatio, response)?:",
            "            .interpolatingSpring(mass: 1, stiffness: pow(2 * .pi / response, 2), "
                + "damping: 4 * .pi * dampingRatio / response,",
            "                                 initialVelocity: motion!.initialVelocity)",
            "        case nil: nil",
            "        }",
            "    }",
            "",
            """
            releaseMenu and undo answer the same way for the menu and for a shake. A motion's value(at:) is where \
            mailsim has the view that many seconds after the release: a UI test can check a frame against it.
            """,
            "",
            """
            Which platform curve is mailsim's. A Bézier is exact on both platforms: UICubicTimingParameters and \
            .timingCurve draw the same curve (Core Animation solves it to its own precision; mailsim solves the \
            time to 1e-9). A spring is the same equation on both (mass 1, stiffness (2π/response)², damping \
            4π·dampingRatio/response, initialVelocity in distances a second): \
            UISpringTimingParameters(mass:stiffness:damping:initialVelocity:), SwiftUI's \
            .interpolatingSpring(mass:stiffness:damping:initialVelocity:), and .spring(response: response, \
            dampingFraction: dampingRatio), the same spring started at rest (exact where motion.initialVelocity \
            is 0: the menu, undo, a release at velocity 0). They agree with mailsim while it runs; mailsim ends a \
            spring at motion.duration, once it is within 0.5 pt of its target and slower than 1 pt/s (an alpha \
            within 0.002), and puts it on the target there, while the platform runs on to its own rest: after \
            motion.duration they differ by at most 0.5 pt (0.002 of alpha), never before. Only approximately: \
            UISpringTimingParameters(dampingRatio:initialVelocity:), \
            UIViewPropertyAnimator(duration:dampingRatio:) and \
            UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:) take a duration \
            instead of a response, and UIKit does not publish how it turns one into the other, so their spring is \
            not mailsim's by an amount nobody can state; do not use them for these values.
            """,
            "",
            "The animations as set now:"
        ]
        for role in AnimationRole.allCases {
            lines.append(roleLine(role, interaction.settings.timings[role], swift: true))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The JavaScript module's guide: pointer events, then each animation's curve as CSS and the Web Animations API.
    static func javaScriptGuide(fileName: String, interaction: Interaction) -> String {
        var lines: [String] = [
            """
            How to use it in a web prototype, with pointer events on a row (`origin` is the row's x when the \
            pointer went down, 0 at rest; velocity in px a second, from the last pointer moves):
            """,
            "",
            "    import * as mailbox from \"./\(fileName)\";",
            "    // pointermove:",
            "    x = mailbox.rowX(origin, event.clientX - downX);",
            "    const look = mailbox.appearance(x);",
            "    row.style.transform = `translateX(${x}px)`;",
            "    under.style.background = look.color;",
            "    icon.dataset.icon = look.icon; icon.style.opacity = look.iconAlpha; "
                + "icon.style.left = `${look.iconX}px`;",
            "    // pointerup:",
            "    const release = mailbox.release(x, velocity);",
            "    if (release.motion) mailbox.animate(release.motion, "
                + "(v) => { row.style.transform = `translateX(${v}px)`; });",
            "",
            """
            animate() runs a requestAnimationFrame loop on motionValue(motion, elapsed): mailsim's curve exactly, \
            springs included. releaseMenu and undo answer the same way for the menu and for a shake.
            """,
            "",
            """
            Which CSS curve is mailsim's. A Bézier is exact as a CSS transition or Web Animation: \
            cubic-bezier(x1, y1, x2, y2) over motion.duration seconds. CSS has no spring: play one with \
            animate(), not with an easing.
            """,
            "",
            "The animations as set now:"
        ]
        for role in AnimationRole.allCases {
            lines.append(roleLine(role, interaction.settings.timings[role], swift: false))
        }
        return lines.joined(separator: "\n") + "\n"
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
                    """
                    - \(name): \(TimingCurve.bezier(b).name) over \(seconds) s: \
                    UICubicTimingParameters(controlPoint1: CGPoint(x: \(formatExact(b.x1)), y: \(formatExact(b.y1))), \
                    controlPoint2: CGPoint(x: \(formatExact(b.x2)), y: \(formatExact(b.y2)))); \
                    .timingCurve(\(points), duration: \(seconds)). Exact.
                    """
            }
            return
                """
                - \(name): \(TimingCurve.bezier(b).name) over \(seconds) s: cubic-bezier(\(points)) \(seconds)s. \
                Exact.
                """
        case .spring(let s):
            let stiffness = formatNumber(s.stiffness, decimals: 6)
            let damping = formatNumber(s.damping, decimals: 6)
            let start = role.followsRelease ? "the release's velocity" : "at rest"
            if swift {
                let atRest =
                    role.followsRelease
                    ? ""
                    : "; .spring(response: \(formatExact(s.response)), "
                        + "dampingFraction: \(formatExact(s.dampingRatio)))"
                return
                    """
                    - \(name): spring, damping ratio \(formatExact(s.dampingRatio)), \
                    response \(formatExact(s.response)) s, starting \(start): \
                    UISpringTimingParameters(mass: 1, stiffness: \(stiffness), damping: \(damping), \
                    initialVelocity: CGVector(dx: motion.initialVelocity, dy: 0)); \
                    .interpolatingSpring(mass: 1, stiffness: \(stiffness), damping: \(damping), \
                    initialVelocity: motion.initialVelocity)\(atRest). \
                    Exact until motion.duration, within 0.5 pt after.
                    """
            }
            return
                """
                - \(name): spring, damping ratio \(formatExact(s.dampingRatio)), \
                response \(formatExact(s.response)) s \
                (stiffness \(stiffness), damping \(damping), mass 1), starting \(start): animate(motion). Exact.
                """
        }
    }
}
