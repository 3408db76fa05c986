import MailboxScript

/// `show PATH`: `path = value` lines, the `=` signs aligned.
public enum PropertiesText {
    public static func lines(_ readings: [PropertyReading]) -> [StyledLine] {
        let width = readings.map({ $0.path.name.count }).max() ?? 0
        return readings.map { reading in
            let name = reading.path.name
            let value: [Span]
            if case let .color(color, name) = reading.value {
                value = colorSpans(color, name: name)
            } else {
                value = [Span(reading.value.description)]
            }
            return [Span(name, .path), Span(String(repeating: " ", count: width - name.count) + " = ")] + value
        }
    }
}
