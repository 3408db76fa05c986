import MailboxJSON

/// A position as LSP counts it: a line from 0 and a character offset in UTF-16 code units (the encoding every
/// client supports; the server announces `utf-16`).
public struct Position: Equatable, Sendable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init?(_ json: JSON?) {
        guard let line = json?["line"]?.integerValue, let character = json?["character"]?.integerValue,
            line >= 0, character >= 0, line < Int64(Int32.max), character < Int64(Int32.max)
        else { return nil }
        self.init(line: Int(line), character: Int(character))
    }

    var json: JSON { .object([("line", .int(line)), ("character", .int(character))]) }
}

/// A range of a document, start included, end excluded.
public struct TextRange: Equatable, Sendable {
    public var start: Position
    public var end: Position

    public init(_ start: Position, _ end: Position) {
        self.start = start
        self.end = end
    }

    /// Columns `from..<to` (UTF-16) of line `line`.
    public init(line: Int, from: Int, to: Int) {
        self.init(Position(line: line, character: from), Position(line: line, character: to))
    }

    init?(_ json: JSON?) {
        guard let start = Position(json?["start"]), let end = Position(json?["end"]) else { return nil }
        self.init(start, end)
    }

    var json: JSON { .object([("start", start.json), ("end", end.json)]) }
}

/// An open document: its text as lines (without their line ends), as the client last sent it. An incremental
/// change replaces the lines it touches (`LineStore`): it costs about its size, not the document's.
public struct Document: Sendable {
    public let uri: String
    public var version: Int
    public private(set) var lines: LineStore

    public init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        lines = LineStore(splitting: text)
    }

    /// The text's lines: a line ends at LF, CR LF or a lone CR (LSP's line ends); the last line may be empty.
    static func split(_ text: String) -> [String] {
        var lines: [String] = []
        forEachLine(of: text) { lines.append($0) }
        return lines
    }

    /// Calls `body` with each line of `text`, in order (`split`'s line ends).
    static func forEachLine(of text: String, _ body: (String) -> Void) {
        let utf8 = text.utf8
        var start = utf8.startIndex
        var index = start
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                body(String(text[start..<index]))
                var next = utf8.index(after: index)
                if byte == UInt8(ascii: "\r"), next < utf8.endIndex, utf8[next] == UInt8(ascii: "\n") {
                    next = utf8.index(after: next)
                }
                start = next
                index = next
            } else {
                index = utf8.index(after: index)
            }
        }
        body(String(text[start...]))
    }

    /// Replaces the whole text.
    public mutating func replace(with text: String) { lines = LineStore(splitting: text) }

    /// Replaces `range` with `text` (an incremental change); a position past a line's end or the last line is
    /// read as that end. Returns the first line (from 0) that changed.
    @discardableResult
    public mutating func replace(_ range: TextRange, with text: String) -> Int {
        var start = clamped(range.start)
        var end = clamped(range.end)
        if (end.line, end.character) < (start.line, start.character) { swap(&start, &end) }
        let head = Document.prefix(lines[start.line], utf16: start.character)
        let tail = Document.suffix(lines[end.line], utf16: end.character)
        var inserted = Document.split(text)
        inserted[0] = head + inserted[0]
        inserted[inserted.count - 1] += tail
        lines.replaceSubrange(start.line..<(end.line + 1), with: inserted)
        return start.line
    }

    private func clamped(_ position: Position) -> Position {
        let line = min(position.line, lines.count - 1)
        let character =
            position.line >= lines.count ? lines[line].utf16.count : min(position.character, lines[line].utf16.count)
        return Position(line: line, character: character)
    }

    /// The text before UTF-16 offset `offset` (a split surrogate pair rounds down).
    static func prefix(_ line: String, utf16 offset: Int) -> String {
        String(line[..<index(line, utf16: offset)])
    }

    static func suffix(_ line: String, utf16 offset: Int) -> String {
        String(line[index(line, utf16: offset)...])
    }

    /// The index of UTF-16 offset `offset` in `line`, rounded down to a scalar boundary, clamped to the end.
    static func index(_ line: String, utf16 offset: Int) -> String.Index {
        let scalars = line.unicodeScalars
        var count = 0
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let width = UTF16.width(scalars[index])
            if count + width > offset { break }
            count += width
            index = scalars.index(after: index)
        }
        return index
    }

    /// The UTF-16 offset of `index` in `line`.
    static func utf16Offset(_ line: String, _ index: String.Index) -> Int {
        line.utf16.distance(from: line.startIndex, to: index)
    }

    /// The text, lines joined by LF.
    public var text: String { lines.joined(separator: "\n") }
}
