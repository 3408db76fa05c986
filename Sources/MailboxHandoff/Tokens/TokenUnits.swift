import MailboxAnimation
import MailboxText

/// The conversions both token files make, so the JSON and the CSS say the same numbers.
///
/// - Lengths: mailsim's points are written as `px` unchanged. The Design Tokens Format Module 2025.10 (§ Types,
///   Dimension, Validation) defines `px` as "an idealized pixel on the viewport. The equivalent in Android is `dp`
///   and iOS is `pt`", and CSS's `px` is the same reference pixel, so 1 pt = 1 px.
/// - Times: milliseconds, with the same decimal digits as the seconds mailsim keeps (the point moved three places,
///   not a product rounded on the way): 0.3 s is 300 ms, 0.0375 s is 37.5 ms.
/// - Colours: `#rrggbb` in lower case, as the Color Module's examples write the `hex` fallback.
enum TokenUnits {
    /// The span in milliseconds: exactly the decimal its seconds are, read back as the nearest double.
    static func milliseconds(_ span: Ticks) -> Double { milliseconds(decimalSeconds: span.decimalSeconds) }

    /// `seconds` in milliseconds: the shortest decimal that reads back as `seconds`, point moved three places.
    static func milliseconds(seconds: Double) -> Double { milliseconds(decimalSeconds: formatExact(seconds)) }

    private static func milliseconds(decimalSeconds text: String) -> Double {
        // `0.3e3` is read exactly as the decimal 300 (the standard library's reader rounds once, correctly).
        Double(text + "e3") ?? (Double(text) ?? .nan) * 1000
    }

    /// `#feca16`.
    static func hex(_ color: Color) -> String { color.hex.lowercased() }

    /// A colour channel 0…255 as the sRGB component 0…1 the Color Module asks for.
    static func component(_ channel: Double) -> Double { channel / 255 }
}
