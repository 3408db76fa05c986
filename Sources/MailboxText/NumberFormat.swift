/// A number rounded to `decimals` places with trailing zeros trimmed: `-320`, `0.5`, `152.346`.
/// Written by hand so the library needs no Foundation; deterministic on every platform.
public func formatNumber(_ value: Double, decimals: Int = 3) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (value * scale).rounded()
    // Past 9e15 units the double has no digits left below `decimals` places: spell it out, never an exponent.
    guard abs(scaled) < 9e15 else { return formatExact(scaled.isFinite ? scaled / scale : value) }
    let units = clampedInt64(scaled)
    if units == 0 { return "0" }
    let magnitude = units.magnitude
    let whole = magnitude / UInt64(scale)
    var fraction = magnitude % UInt64(scale)
    var text = (units < 0 ? "-" : "") + String(whole)
    guard fraction != 0 else { return text }
    var digits = decimals
    while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
    }
    let raw = String(fraction)
    text += "." + String(repeating: "0", count: digits - raw.count) + raw
    return text
}

/// The shortest plain decimal that reads back as exactly `value` (no exponent, no trailing `.0`):
/// `60`, `59.99999999999999`, `0.00001`. Two different doubles never print the same.
public func formatExact(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    if value == 0 { return "0" }
    // The common cases without the arrays below (the playground writes thousands of numbers a message): a whole
    // number, and a description without an exponent (the shortest round-tripping digits end in no zero).
    if value.magnitude < 1e15 && value == value.rounded(.towardZero) { return String(clampedInt64(value)) }
    let description = value.description
    if !description.utf8.contains(UInt8(ascii: "e")) && !description.hasSuffix(".0") { return description }
    // Swift's description is the shortest round-tripping text, sometimes with an exponent: spell it out.
    var text = Substring(value.magnitude.description)
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
        exponent = Int(text[text.index(after: e)...]) ?? 0
        text = text[..<e]
    }
    let point = text.firstIndex(of: ".")
    let wholePart = point.map { text[..<$0] } ?? text
    let fractionPart = point.map { text[text.index(after: $0)...] } ?? ""
    var digits = Array(wholePart.utf8) + Array(fractionPart.utf8)
    var pointAt = wholePart.utf8.count + exponent
    // Pad with zeros so the point falls inside or at the end of the digits.
    if pointAt <= 0 {
        digits = Array(repeating: UInt8(ascii: "0"), count: 1 - pointAt) + digits
        pointAt = 1
    }
    if pointAt > digits.count {
        digits += Array(repeating: UInt8(ascii: "0"), count: pointAt - digits.count)
    }
    var whole = Array(digits[..<pointAt])
    var fraction = Array(digits[pointAt...])
    while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
    while whole.count > 1 && whole.first == UInt8(ascii: "0") { whole.removeFirst() }
    var out = value < 0 ? "-" : ""
    out += String(decoding: whole, as: UTF8.self)
    if !fraction.isEmpty { out += "." + String(decoding: fraction, as: UTF8.self) }
    return out
}
