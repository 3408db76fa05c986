import CMaths

/// A script's bytes cut into lines as every run reads them (`mailsim run`, `test`, standard input, the fuzzer
/// and the test harnesses): fed in pieces as a file is read, each line handed over as soon as it is complete.
///
/// Lines end at LF; a trailing CR is dropped (CRLF files read the same as LF ones), and so is a UTF-8
/// byte-order mark at the start of the first line. A line that is not valid UTF-8, or longer than
/// `ScriptLimits.maxLineBytes` (checked before more of it is held), is handed over as such, and reading stops.
public struct LineSplitter {
    /// One line of a script.
    public enum Line: Equatable, Sendable {
        case text(String)
        /// Not UTF-8: the first bad byte, counted from 1.
        case invalidUTF8(byte: Int)
        /// Longer than `ScriptLimits.maxLineBytes`.
        case tooLong
    }

    /// The number of the last line handed over, from 1.
    public private(set) var number = 0
    /// The start of a line whose end is in a later piece.
    private var partial: [UInt8] = []
    /// True once a line could not be read, or the reader asked to stop.
    public private(set) var stopped = false

    public init() {}

    /// A reader whose first line is numbered `number + 1`: the rest of a text whose first `number` lines were
    /// run before (the language server re-runs a script from the line that changed).
    public init(startingAfter number: Int) { self.number = max(0, number) }

    /// A line as `LineRunner` takes it: a valid line's bytes (not yet a `String`, which only some sinks need).
    enum RawLine {
        /// The line's bytes, valid UTF-8, without its LF (and CR, and byte-order mark).
        case bytes(UnsafeBufferPointer<UInt8>)
        case unreadable(Line)
    }

    /// Hands over every line that `bytes` completes, with its number, while `body` answers true; false once
    /// reading has stopped.
    @discardableResult
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, Line) -> Bool) -> Bool {
        feedRaw(bytes) { number, line in body(number, Self.line(line)) }
    }

    /// Hands over the last line if it had no LF.
    public mutating func finish(_ body: (Int, Line) -> Bool) {
        finishRaw { number, line in body(number, Self.line(line)) }
    }

    /// A raw line as text.
    private static func line(_ raw: RawLine) -> Line {
        switch raw {
        case .bytes(let bytes): .text(String(decoding: bytes, as: UTF8.self))
        case .unreadable(let line): line
        }
    }

    /// `feed`, handing over each valid line's bytes as they are.
    @discardableResult
    mutating func feedRaw(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, RawLine) -> Bool) -> Bool {
        var start = bytes.startIndex
        while !stopped, let newline = Self.newline(in: bytes, from: start) {
            if partial.count + (newline - start) > ScriptLimits.maxLineBytes { return tooLong(body) }
            if partial.isEmpty {
                hand(UnsafeBufferPointer(rebasing: bytes[start..<newline]), body)
            } else {
                partial.append(contentsOf: bytes[start..<newline])
                let line = partial
                partial.removeAll(keepingCapacity: true)
                line.withUnsafeBufferPointer { hand($0, body) }
            }
            start = newline + 1
        }
        if !stopped && start < bytes.endIndex {
            if partial.count + (bytes.endIndex - start) > ScriptLimits.maxLineBytes { return tooLong(body) }
            partial.append(contentsOf: bytes[start...])
        }
        return !stopped
    }

    /// `finish`, handing over the line's bytes as they are.
    mutating func finishRaw(_ body: (Int, RawLine) -> Bool) {
        guard !stopped && !partial.isEmpty else { return }
        let line = partial
        partial = []
        line.withUnsafeBufferPointer { hand($0, body) }
    }

    /// Every line of a whole text, in order, up to the first that cannot be read (included).
    public static func lines(of source: some Collection<UInt8>) -> [Line] {
        var reader = LineSplitter()
        var lines: [Line] = []
        let collect = { (_: Int, line: Line) -> Bool in
            lines.append(line)
            return true
        }
        Array(source).withUnsafeBufferPointer { _ = reader.feed($0, collect) }
        reader.finish(collect)
        return lines
    }

    /// A line over the limit: handed over as such before any more of it is held.
    private mutating func tooLong(_ body: (Int, RawLine) -> Bool) -> Bool {
        number += 1
        partial = []
        stopped = true
        _ = body(number, .unreadable(.tooLong))
        return false
    }

    private mutating func hand(_ raw: UnsafeBufferPointer<UInt8>, _ body: (Int, RawLine) -> Bool) {
        number += 1
        var bytes = raw[...]
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        // A byte-order mark at the start of a file (as some Windows editors write) is not part of the text.
        if number == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let line: RawLine
        let text = UnsafeBufferPointer(rebasing: bytes)
        if Self.isUTF8(text) {
            line = .bytes(text)
        } else {
            line = .unreadable(.invalidUTF8(byte: Self.validPrefixLength(bytes) + 1))
            stopped = true
        }
        if !body(number, line) { stopped = true }
    }

    /// The index of the first LF in `bytes` at or after `start` (C's `memchr`, which reads a word at a time).
    private static func newline(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.endIndex,
            let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.endIndex - start)
        else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// Whether the line is valid UTF-8 (an ASCII line, the common case, needs no further validation).
    private static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if isASCII(bytes) { return true }
        return String(validating: bytes, as: UTF8.self) != nil
    }

    /// Whether every byte is below 0x80, read eight bytes at a time (the last few at once).
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var bits: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            bits |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        bits |= (raw + offset).loadLowBytes(bytes.count - offset)
        return bits & 0x8080_8080_8080_8080 == 0
    }

    /// How many bytes decode as UTF-8 before the first invalid sequence.
    private static func validPrefixLength(_ bytes: some Collection<UInt8>) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var consumed = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { consumed += UTF8.width(scalar) }
        return consumed
    }
}
