import MailboxSim

extension PropertyPath {
    // The fast path's path reader: a path looked up by its bytes' key (docs/fast-path.md).

    /// Every fixed name and message field as bytes, for the fast reader (a lookup a line).
    private static let fixedSpellings = SpellingTable(fixed.map({ $0.name }))
    private static let fields = MessageField.allCases
    private static let fieldSpellings = SpellingTable(fields.map({ $0.rawValue }))

    /// A fixed path's name or `msgN.FIELD`, by bytes (every name is ASCII without `K`, `;` or `` ` ``, which
    /// only its own bytes spell); nil for anything else (a parameter's path, a refusal), which `parse` reads.
    /// `FastParserAgreementTests` holds it to `parse` on every path and random words.
    static func lookUp(_ word: LineText.Word, _ line: LineText) -> PropertyPath? {
        let bytes = line.bytes(word)
        if bytes.count > 3, bytes[0] == UInt8(ascii: "m"), bytes[1] == UInt8(ascii: "s"), bytes[2] == UInt8(ascii: "g")
        {
            // No fixed name starts with `msg`.
            guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")),
                let id = MessageID(ascii: UnsafeBufferPointer(rebasing: bytes[..<dot]))
            else { return nil }
            let field = LineText.Word(start: word.start + dot + 1, end: word.end, column: 0)
            return line.index(of: field, in: fieldSpellings).map { .message(id, fields[$0]) }
        }
        return line.index(of: word, in: fixedSpellings).map { fixed[$0].path }
    }
}
