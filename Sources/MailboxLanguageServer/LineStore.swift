/// A document's lines (without their line ends), held in chunks of at most `chunkLines` so that an edit makes
/// again only the chunks it touches and the list of chunks, never the whole text; a copy shares every chunk.
public struct LineStore: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    /// Lines in one chunk at most; an edit copies about this many lines (and one reference a chunk).
    public static let chunkLines = 1024

    /// Some consecutive lines, never changed once made (an edit makes new chunks), so copies share them.
    final class Chunk: Sendable {
        let lines: [String]
        /// The lines' UTF-8 bytes, one more a line for its end.
        let bytes: Int
        /// The memory the lines take (`LineStore.held(lineOf:)` each).
        let held: Int
        init(_ lines: [String]) {
            self.lines = lines
            bytes = lines.reduce(0) { $0 + $1.utf8.count + 1 }
            held = lines.reduce(0) { $0 + LineStore.held(lineOf: $1.utf8.count) }
        }
    }

    /// The memory one line of `length` UTF-8 bytes takes here: its `String` in the chunk's array (16 bytes), and
    /// for a line of more than 15 bytes (too long to be stored in the `String` itself) its heap buffer: a 32-byte
    /// header, the bytes and a terminating NUL, rounded up to malloc's 16. An empty line costs 16 bytes, where
    /// its text is one byte: what bounds a document is this, not the text's size.
    public static func held(lineOf length: Int) -> Int {
        MemoryLayout<String>.stride + (length <= 15 ? 0 : (32 + length + 1 + 15) & ~15)
    }

    /// What `LineStore(Document.split(text))` would hold, counted without splitting: one pass over the bytes.
    public static func held(splitting text: String) -> Int {
        var held = 0
        var length = 0
        var afterCR = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") && afterCR {
                afterCR = false
                continue  // CR LF: one line end
            }
            afterCR = byte == UInt8(ascii: "\r")
            if afterCR || byte == UInt8(ascii: "\n") {
                held += LineStore.held(lineOf: length)
                length = 0
            } else {
                length += 1
            }
        }
        return held + LineStore.held(lineOf: length)
    }

    private var chunks: [Chunk] = []
    /// `starts[k]`: the index of chunk k's first line; one entry more than `chunks`, the last the line count.
    private var starts: [Int] = [0]
    /// The text's size: its lines' UTF-8 bytes, one more a line for its end.
    public private(set) var bytes = 0
    /// The memory the lines take (`held(lineOf:)` each): what the server's document bound counts.
    public private(set) var held = 0

    public init(_ lines: [String]) {
        chunks = LineStore.cut(lines[...])
        bytes = chunks.reduce(0) { $0 + $1.bytes }
        held = chunks.reduce(0) { $0 + $1.held }
        recount(from: 0)
    }

    public init(arrayLiteral lines: String...) { self.init(lines) }

    /// The lines of `text` (`Document.split`'s line ends), cut into chunks as they are read: no array of every
    /// line is made first, so opening a document holds about what the document then holds.
    public init(splitting text: String) {
        var made: [Chunk] = []
        var pending: [String] = []
        pending.reserveCapacity(LineStore.chunkLines)
        Document.forEachLine(of: text) { line in
            pending.append(line)
            if pending.count == LineStore.chunkLines {
                made.append(Chunk(pending))
                pending = []
                pending.reserveCapacity(LineStore.chunkLines)
            }
        }
        if !pending.isEmpty { made.append(Chunk(pending)) }
        chunks = made
        bytes = chunks.reduce(0) { $0 + $1.bytes }
        held = chunks.reduce(0) { $0 + $1.held }
        recount(from: 0)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { starts[starts.count - 1] }

    public subscript(index: Int) -> String {
        let k = chunk(containing: index)
        return chunks[k].lines[index - starts[k]]
    }

    /// Replaces the lines in `range` with `lines`: the chunks holding them are made again (with a small
    /// neighbour, so that chunks stay about half full or more), the others are kept.
    public mutating func replaceSubrange(_ range: Range<Int>, with lines: [String]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "lines out of range")
        guard !chunks.isEmpty else {
            self = LineStore(lines)
            return
        }
        let first = chunk(containing: Swift.min(range.lowerBound, count - 1))
        var last = range.isEmpty ? first : chunk(containing: range.upperBound - 1)
        var made = Array(chunks[first].lines[..<(range.lowerBound - starts[first])])
        made += lines
        made += chunks[last].lines[(Swift.max(range.upperBound, starts[last]) - starts[last])...]
        if made.count < LineStore.chunkLines / 2, last + 1 < chunks.count {
            last += 1
            made += chunks[last].lines
        }
        let replacement = LineStore.cut(made[...])
        bytes += replacement.reduce(0) { $0 + $1.bytes } - chunks[first...last].reduce(0) { $0 + $1.bytes }
        held += replacement.reduce(0) { $0 + $1.held } - chunks[first...last].reduce(0) { $0 + $1.held }
        chunks.replaceSubrange(first...last, with: replacement)
        recount(from: first)
    }

    /// The first line at which the two differ (where the shorter ends, when one is the other's start); nil when
    /// they are equal. Chunks both share are skipped without looking at their lines.
    public func firstDifference(from other: LineStore) -> Int? {
        let common = Swift.min(count, other.count)
        // The chunks both start with: skipped in one walk.
        var shared = 0
        while shared < Swift.min(chunks.count, other.chunks.count), chunks[shared] === other.chunks[shared] {
            shared += 1
        }
        var index = Swift.min(starts[shared], common)
        while index < common {
            let a = chunk(containing: index)
            let b = other.chunk(containing: index)
            if starts[a] == index, other.starts[b] == index, chunks[a] === other.chunks[b] {
                index = starts[a + 1]
                continue
            }
            let end = Swift.min(starts[a + 1], other.starts[b + 1], common)
            while index < end {
                if chunks[a].lines[index - starts[a]] != other.chunks[b].lines[index - other.starts[b]] { return index }
                index += 1
            }
        }
        return count == other.count ? nil : common
    }

    /// How many lines the two end with alike. Chunks both end with are skipped without looking at their lines, so
    /// after an edit this costs about the chunk it made again, not the lines after it.
    public func commonSuffix(with other: LineStore) -> Int {
        var a = chunks.count - 1
        var b = other.chunks.count - 1
        var suffix = 0
        while a >= 0, b >= 0, chunks[a] === other.chunks[b] {
            suffix += chunks[a].lines.count
            a -= 1
            b -= 1
        }
        let limit = Swift.min(count, other.count)
        while suffix < limit, self[count - 1 - suffix] == other[other.count - 1 - suffix] { suffix += 1 }
        return suffix
    }

    public static func == (lhs: LineStore, rhs: LineStore) -> Bool {
        lhs.count == rhs.count && lhs.firstDifference(from: rhs) == nil
    }

    /// The chunk holding line `index` (a binary search of `starts`).
    private func chunk(containing index: Int) -> Int {
        precondition(index >= 0 && index < count, "line \(index) of \(count)")
        var low = 0
        var high = chunks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private mutating func recount(from first: Int) {
        starts.removeSubrange(Swift.min(first + 1, starts.count)...)
        for k in first..<chunks.count { starts.append(starts[k] + chunks[k].lines.count) }
    }

    private static func cut(_ lines: ArraySlice<String>) -> [Chunk] {
        stride(from: lines.startIndex, to: lines.endIndex, by: chunkLines).map {
            Chunk(Array(lines[$0..<Swift.min($0 + chunkLines, lines.endIndex)]))
        }
    }
}
