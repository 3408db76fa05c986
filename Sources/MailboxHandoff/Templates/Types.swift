// The exported Swift set's types whose shape the decisions fix (colour, curve, motion and the answers), a Swift file of
// its own (the end of `MailboxInteraction+Types.swift`); the zone table, the palette's names and the parameters' enums
// are generated from the model (`SwiftDecisions.types`). `mailsim export swift` writes the lines between the TEMPLATE
// markers, each `__name__` filled (Template.swift); tools/check-templates.sh checks it.
// BEGIN TEMPLATE
extension __typeName__ {
    /// A colour as 0xRRGGBB; `red`, `green` and `blue` in 0…1 for `UIColor(red:green:blue:alpha:)` and SwiftUI's
    /// `Color(red:green:blue:)`.
    public struct Color: Equatable, Sendable {
        public let hex: UInt32
        public init(hex: UInt32) { self.hex = hex }
        public var red: Double { Double((hex >> 16) & 0xFF) / 255 }
        public var green: Double { Double((hex >> 8) & 0xFF) / 255 }
        public var blue: Double { Double(hex & 0xFF) / 255 }
    }

    /// How an animation's progress goes from 0 to 1: a cubic Bézier from (0, 0) to (1, 1) (Core Animation's timing
    /// function), or a spring given by its damping ratio and response (the undamped period, in seconds), as UIKit
    /// and SwiftUI describe it: stiffness (2π/response)², damping 4π·dampingRatio/response, mass 1.
    public enum Curve: Equatable, Sendable {
        case bezier(x1: Double, y1: Double, x2: Double, y2: Double)
        case spring(dampingRatio: Double, response: Double)
    }

    /// How the icon's alpha follows |x|: up to the near threshold (`near`), or over a fixed range of |x|.
    public enum IconFade: Equatable, Sendable {
        case near
        case range(start: Double, end: Double)
    }

    /// What decides where a released menu goes: the finger's direction, where the content is, or how far the finger
    /// moved.
    public enum MenuRelease: Equatable, Sendable {
        case velocity
        case position(Double)
        case distance(Double)
    }

    /// What a release does to a row.
    public enum Outcome: Equatable, Sendable {
        /// The row goes back to x 0.
        case snapBack
        /// The row slides out, then these options show.
        case options(OptionsKind)
        /// The row slides out, its height collapses, and the message goes to the folder.
        case hide(to: Folder)
    }

    /// What kind of property a motion moves: when a spring on it counts as settled, and the values a screen shows
    /// (a curve that overshoots may carry a position past its target, never a size below 0 nor an alpha outside
    /// 0…1: those are clamped, as a render server clamps them).
    public enum Property: String, Equatable, Sendable {
        /// A position: settled within __pointsSettleDistance__ pt and slower than __pointsSettleSpeed__ pt/s.
        case position
        /// A size: as a position, and never below 0.
        case size
        /// An alpha: settled within __alphaSettleDistance__ and slower than __alphaSettleSpeed__ a second; within
        /// 0…1.
        case alpha

        public var settleDistance: Double { self == .alpha ? __alphaSettleDistance__ : __pointsSettleDistance__ }
        public var settleSpeed: Double { self == .alpha ? __alphaSettleSpeed__ : __pointsSettleSpeed__ }

        /// `value` as the screen shows it.
        public func clamped(_ value: Double) -> Double {
            switch self {
            case .position: value
            case .size: value < 0 ? 0 : value
            case .alpha: value < 0 || value > 1 ? min(1, max(0, value)) : value
            }
        }
    }

    /// One property animating from `from` to `to`: after `delay` seconds, over `duration` seconds, on `curve`.
    /// `value(at:)` is where mailsim has it `elapsed` seconds after the animation was asked for.
    public struct Motion: Equatable, Sendable {
        public let from: Double
        public let to: Double
        /// Seconds it waits before it starts (`delayHide` for a hide; 0 otherwise).
        public let delay: Double
        /// Seconds it lasts once started: the role's duration on a Bézier; on a spring, until it has settled (within
        /// `property`'s distance and speed), rounded to the nanosecond as mailsim's clock counts.
        public let duration: Double
        public let curve: Curve
        /// A spring's initial velocity in distances a second (the finger's velocity / (to − from)): what
        /// `UISpringTimingParameters` and SwiftUI's `interpolatingSpring` take as `initialVelocity`. 0 on a Bézier.
        public let initialVelocity: Double
        /// What it moves: when a spring counts as settled, and how the value is clamped.
        public let property: Property

        /// Progress from 0 to 1 (a spring may pass 1) `elapsed` seconds after the animation was asked for:
        /// exactly 1 from `delay + duration` on (subtracting the delay first could fall a hair short of the end).
        public func progress(at elapsed: Double) -> Double {
            if elapsed >= delay + duration { return 1 }
            return curve.progress(elapsed: elapsed - delay, duration: duration, initialVelocity: initialVelocity)
        }

        /// The property's value on screen `elapsed` seconds after the animation was asked for.
        public func value(at elapsed: Double) -> Double {
            property.clamped(from + (to - from) * progress(at: elapsed))
        }
    }

    /// What a row shows: its zone, the colour behind it, the icon, the icon's alpha and centre x.
    public struct RowAppearance: Equatable, Sendable {
        public let zone: Zone
        public let background: PaletteName
        public let color: Color
        public let icon: Icon
        public let iconAlpha: Double
        /// The icon's centre x in the row's coordinates (0 at the screen's left edge).
        public let iconX: Double
    }

    /// What happens after a row's slide out ends.
    public enum AfterSlide: Equatable, Sendable {
        /// Nothing more (a snap back).
        case nothing
        /// The options overlay shows: its alpha fades from 0 to 1 (`fade`), or it is there at once (nil).
        case options(OptionsKind, fade: Motion?)
        /// The row's height collapses (after `delayHide`), then the message is in `folder`.
        case hide(Folder, height: Motion)
    }

    /// What lifting the finger from a row does.
    public struct Release: Equatable, Sendable {
        /// The zone that decided: the row shows its colour and icon (the latch) until the row is back or gone.
        public let zone: Zone
        public let outcome: Outcome
        /// Whether `escapeVelocity` turned a release before the near threshold into the near action.
        public let escaped: Bool
        /// Where the row's x goes.
        public let target: Double
        /// How it goes there: nil when it is already there, or put there at once (`snapAnimate` off).
        public let motion: Motion?
        /// What follows once the row is at `target`.
        public let afterSlide: AfterSlide
    }

    /// What lifting the finger from the menu's content does.
    public struct MenuDecision: Equatable, Sendable {
        public let opens: Bool
        /// `content.x` it goes to: `menuOpen` or 0.
        public let target: Double
        /// Nil when the content is already there.
        public let motion: Motion?
    }

    /// What an undo does to the last message that left by side `side` (−1 left, +1 right).
    public struct Undo: Equatable, Sendable {
        /// Whether a shake asks "Undo last action?" first (`undoAlert`), or undoes at once.
        public let asksFirst: Bool
        /// The row's height opening from 0.
        public let height: Motion
        /// Its x sliding back from the side it left by; nil when it is put back at 0 at once (`undoReturn`
        /// `.place`).
        public let slide: Motion?
    }

    /// A haptic tap at a threshold a dragged row crosses: light at a near threshold, medium at a far one.
    public struct Haptic: Equatable, Sendable {
        public enum Style: String, Sendable { case light, medium }
        public let style: Style
        /// The threshold crossed, as an offset x (negative on the left).
        public let threshold: Double
    }
}
// END TEMPLATE
