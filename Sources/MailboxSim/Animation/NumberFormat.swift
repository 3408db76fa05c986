/// A number rounded to `decimals` places with trailing zeros trimmed: `-320`, `0.5`, `152.346`.
/// Written by hand so the library needs no Foundation; deterministic on every platform.
public func formatNumber(_ value: Double, decimals: Int = 3) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (value * scale).rounded()
    guard abs(scaled) < 9e15 else { return String(value) }
    let units = Int64(scaled)
    if units == 0 { return "0" }
    let magnitude = units.magnitude
    let whole = magnitude / UInt64(scale)
    var fraction = magnitude % UInt64(scale)
    var text = (units < 0 ? "-" : "") + String(whole)
    guard fraction != 0 else { return text }
    var digits = decimals
    while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
    let raw = String(fraction)
    text += "." + String(repeating: "0", count: digits - raw.count) + raw
    return text
}
