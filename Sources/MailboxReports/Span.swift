import MailboxAnimation
import MailboxSim

/// A run of a report's text and what it is, so that a front end styles a report from what it means rather
/// than by reading its text back. Plain text is the spans' text joined; a swatch has no text.
public struct Span: Equatable, Sendable {
    public var text: String
    public var role: Role

    public init(_ text: String, _ role: Role = .plain) {
        self.text = text
        self.role = role
    }

    /// What a span is.
    public enum Role: Equatable, Sendable {
        case plain
        /// A table's header, a section's title (`running:`, the command list's title).
        case heading
        /// A property path (`show`).
        case path
        /// A command's name or synopsis (`help`).
        case command
        /// An example (`help NAME`).
        case example
        /// A timeline entry's time.
        case time
        /// A timeline entry's subject (`msg1`, `overlay`).
        case subject
        /// A sample of a colour, `Layout.swatchWidth` columns wide where swatches are drawn, and no text.
        case swatch(Color)
        /// Text drawn in a colour (a row's revealed background in `render`).
        case tinted(Color)
        /// A verdict that passed (`PASS`).
        case passed
        /// A verdict that failed (`FAIL`).
        case failed
        /// A check that failed (`FILE:LINE: expected …`).
        case failure
        /// An error that stopped a script (`FILE:LINE: error: …`).
        case error
    }

    /// A swatch of `color`.
    public static func swatch(_ color: Color) -> Span { Span("", .swatch(color)) }
}

/// One line of a report, as spans.
public typealias StyledLine = [Span]

extension Array where Element == Span {
    /// The line's plain text.
    public var text: String { map({ $0.text }).joined() }

    /// How many columns the line takes where swatches are `swatchWidth` wide.
    public func width(swatchWidth: Int) -> Int {
        reduce(0) { total, span in
            if case .swatch = span.role { return total + swatchWidth }
            return total + span.text.count
        }
    }
}

/// How wide a swatch is when a front end draws them (0 in plain text): tables pad their columns by it.
public struct Layout: Equatable, Sendable {
    public var swatchWidth: Int

    public init(swatchWidth: Int) { self.swatchWidth = swatchWidth }

    /// Plain text: no swatches.
    public static let plain = Layout(swatchWidth: 0)
}

/// `yellow #FECA16` as spans, the swatch before the hex: the way every report shows a colour.
/// The name is the one `palette` (the palette in force) gives it, `preferring` the name it was drawn as.
func colorSpans(_ color: Color, name: PaletteColor?) -> [Span] {
    if let name { return [Span(name.rawValue + " "), .swatch(color), Span(color.hex)] }
    return [.swatch(color), Span(color.hex)]
}

/// `colorSpans` for a table's cell: the name padded to the longest palette name (blanks where the colour has
/// none), so that the swatch and the hex start in the same column on every row, drawn or plain.
func colorCellSpans(_ color: Color, in palette: Palette, preferring: PaletteColor? = nil) -> [Span] {
    let name = palette.name(of: color, preferring: preferring)?.rawValue ?? ""
    let pad = String(repeating: " ", count: paletteNameWidth - name.count)
    return [Span(name + pad + " "), .swatch(color), Span(color.hex)]
}

/// The longest palette name's length.
private let paletteNameWidth = PaletteColor.allCases.map({ $0.rawValue.count }).max() ?? 0
