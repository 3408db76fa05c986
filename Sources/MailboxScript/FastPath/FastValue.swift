import MailboxSim

extension Value {
    // The fast path's value reader (docs/fast-path.md).

    /// The common values read from a word's bytes (a number, a name of the path's set, a palette name, `true` or
    /// `false`) with the text the expectation keeps, the same as `parse(line.text(word), as: type, for:)`; nil for
    /// anything else (a `#RRGGBB` colour, free text, a long number, a refusal), which `parse` reads and explains.
    /// `names` is the path's set for a value of `.name` type (`PropertyPath.nameSet`); a word of up to 16 bytes is
    /// kept inline (`ShortASCII`).
    static func read(
        _ word: LineText.Word, _ line: LineText, as type: ValueType,
        names: NameSet?
    ) -> (value: Value, text: WrittenValue)? {
        let key = line.key(word)
        switch type {
        case .number:
            guard let number = DecimalNumber.readFast(line.bytes(word)) else { return nil }
            return (.number(number.value), key.map { .short(ShortASCII($0)) } ?? .text(line.text(word)))
        case .name:
            guard let names, let index = line.index(of: word, in: names.spellings), let key else { return nil }
            return (.name(names.names[index]), .short(ShortASCII(key)))
        case .color:
            guard let named = PaletteColor(named: line.bytes(word)) else { return nil }
            return (.color(named.color, name: named), key.map { .short(ShortASCII($0)) } ?? .text(line.text(word)))
        case .bool:
            guard let key, let index = line.index(of: word, in: boolSpellings) else { return nil }
            return (.bool(index == 1), .short(ShortASCII(key)))
        case .text:
            return nil
        }
    }

    /// `false` and `true`, in that order.
    private static let boolSpellings = SpellingTable(["false", "true"])

    /// How `read` found a value written: as text, or a short word kept inline.
    enum WrittenValue {
        case text(Substring)
        case short(ShortASCII)
    }
}
