import MailboxText

/// A value a view property can animate between: a number (position, size, alpha, rotation, scale) or a colour.
public enum AnimatableValue: Hashable, Sendable {
    case scalar(Double)
    case color(Color)

    /// The value at progress `p` on the way from `self` to `target` (p may leave 0…1 for springs).
    public func interpolated(to target: AnimatableValue, _ p: Double) -> AnimatableValue {
        switch (self, target) {
        case let (.scalar(a), .scalar(b)): return .scalar(a + (b - a) * p)
        case let (.color(a), .color(b)): return .color(a.mixed(with: b, p))
        default: return p < 1 ? self : target
        }
    }

    public var scalar: Double? { if case .scalar(let v) = self { return v } else { return nil } }
    public var color: Color? { if case .color(let c) = self { return c } else { return nil } }

    /// `-320`, `0.5` or `#FECA16`.
    public var description: String {
        switch self {
        case .scalar(let v): return formatNumber(v)
        case .color(let c): return c.hex
        }
    }
}

/// Every property of a view that can animate.
public enum ViewProperty: String, CaseIterable, Hashable, Sendable {
    case x, y, width, height, alpha, rotation, scale, color
}
