import MailboxAnimation
import MailboxSim
import MailboxText

/// The commands most lines of a long script are (`expect`, `advance`, `pan`, `release`…), read straight into a
/// `Command`: no word array, no `Arguments`, no builder closure in between.
///
/// It takes only their plain forms: a line of at most 64 bytes of printable ASCII without `#` (a comment or a
/// colour), words apart by spaces (`PlainWords`), whose words fit the command's synopsis exactly and read
/// without an error. Anything else answers nil and goes the table's way (`Parser`), so every refusal, hint and
/// column is the table walk's own. The names come from the command table (a command is found by its name or
/// alias there), and each argument is read by the table walk's own readers with the kinds and keywords of the
/// table's parameters (`Tables`; a number's bounds are `Parser.refusal`'s); `FastParserTests` checks that both ways
/// parse every line of a generated script, and every command's example and variants, to the same `Command`.
enum FastParser {
    /// The commands read here, the most common first (the order their spellings are tried in).
    enum Kind: String, CaseIterable {
        case expect, advance, pan, release, settle, tap, choose, shake
    }

    /// One of those commands: what it is, and its table entry.
    struct Entry {
        let kind: Kind
        let spec: CommandSpec
    }

    /// What the reader looks up, made once (one static: each is a check on every access).
    struct Tables {
        /// Every name and alias of the commands read here, as the command table spells them, with its place in
        /// `entries`, the most common command first.
        let spellings: SpellingTable
        let entries: [Entry]
        /// The spellings of `!` (the command table's), which the commands here may follow.
        let bangSpellings: SpellingTable
        /// What the numbers of these commands are (their table parameters' kinds) and the keywords before the
        /// optional ones, as plain values: read on every line without retaining a table entry.
        let advanceSeconds: ArgumentKind, releaseVelocity: ArgumentKind
        let panDistance: ArgumentKind, panSeconds: ArgumentKind, panKeyword: SpellingKey
        let tolerance: ArgumentKind, toleranceKeyword: SpellingKey

        init() {
            var names: [String] = [], indices: [Int] = [], entries: [Entry] = []
            for kind in Kind.allCases {
                for spec in CommandTable.all where spec.name == kind.rawValue {
                    names += spec.names
                    indices += spec.names.map { _ in entries.count }
                    entries.append(Entry(kind: kind, spec: spec))
                }
            }
            spellings = SpellingTable(names, indices: indices)
            self.entries = entries
            bangSpellings = SpellingTable(CommandTable.all.filter { $0.name == "!" }.flatMap(\.names))
            func parameters(_ kind: Kind) -> [Parameter] { entries.first { $0.kind == kind }?.spec.parameters ?? [] }
            func key(_ keyword: String?) -> SpellingKey {
                Array((keyword ?? "").utf8).withUnsafeBufferPointer { SpellingKey($0) } ?? SpellingKey(low: 0, high: 0, count: -1)
            }
            let advance = parameters(.advance), release = parameters(.release), pan = parameters(.pan)
            let expect = parameters(.expect)
            advanceSeconds = advance[0].kind
            releaseVelocity = release[0].kind
            (panDistance, panSeconds, panKeyword) = (pan[1].kind, pan[2].kind, key(pan[2].keyword))
            (tolerance, toleranceKeyword) = (expect[3].kind, key(expect[3].keyword))
        }
    }

    static let tables = Tables()

    /// The command on `line`, or nil when this reader does not take it (the table walk then reads it).
    static func parse(_ line: LineText) -> Command? {
        var words = PlainWords(line.bytes)
        return words.isPlain ? parse(&words, line) : nil
    }

    private static func parse(_ words: inout PlainWords, _ line: LineText) -> Command? {
        guard let head = words.next() else { return nil }
        guard let index = line.index(of: head, in: tables.spellings) else {
            return line.index(of: head, in: tables.bangSpellings) != nil ? bang(&words, line) : nil
        }
        switch tables.entries[index].kind {
        case .expect: return expect(&words, line)
        case .advance:
            guard let word = words.next(), words.next() == nil,
                  let seconds = Parser.number(word, line, as: tables.advanceSeconds) else { return nil }
            return .advance(seconds.ticks ?? .zero)
        case .pan: return pan(&words, line)
        case .release:
            guard let word = words.next() else { return .release(velocity: nil) }
            guard words.next() == nil, let velocity = Parser.number(word, line, as: tables.releaseVelocity) else {
                return nil
            }
            return .release(velocity: velocity.value)
        case .settle: return words.next() == nil ? .settle : nil
        case .shake: return words.next() == nil ? .shake : nil
        case .tap:
            guard let word = words.next() else { return .tap(nil) }
            // `tap segment NAME` (two words) goes the table's way.
            guard words.next() == nil, let entry = TapTarget.words.first(where: { line.spells(word, $0.word) }),
                  let target = entry.target else { return nil }
            return .tap(target)
        case .choose:
            guard let word = words.next(), words.next() == nil else { return nil }
            return .choose(String(line.text(word)))
        }
    }

    /// `! COMMAND` for a command read here: the command and its text, as the table's `!` keeps them. An `expect`
    /// after `!` (refused) and a command that does not read here go the table's way.
    private static func bang(_ words: inout PlainWords, _ line: LineText) -> Command? {
        var rest = words
        // `! !…` is refused by the table before it parses anything: no recursion here either.
        guard let first = rest.next(), line.first(first) != UInt8(ascii: "!"), let inner = parse(&words, line) else {
            return nil
        }
        switch inner {
        case .expect, .mustFail: return nil
        default: return .mustFail(inner, text: String(line.text(from: first.start, to: words.lastEnd)))
        }
    }

    /// `pan TARGET DX [in S]`.
    private static func pan(_ words: inout PlainWords, _ line: LineText) -> Command? {
        guard let targetWord = words.next(), let dxWord = words.next(), let target = Parser.panTarget(targetWord, line),
              let dx = Parser.number(dxWord, line, as: tables.panDistance) else { return nil }
        guard let keyword = words.next() else { return .pan(target, translation: dx.value, duration: nil) }
        guard line.key(keyword) == tables.panKeyword, let secondsWord = words.next(), words.next() == nil,
              let seconds = Parser.number(secondsWord, line, as: tables.panSeconds) else {
            return nil
        }
        return .pan(target, translation: dx.value, duration: seconds.ticks)
    }

    /// `expect PATH OP VALUE [within TOL]`.
    private static func expect(_ words: inout PlainWords, _ line: LineText) -> Command? {
        guard let pathWord = words.next(), let opWord = words.next(), let valueWord = words.next(),
              let path = PropertyPath.lookUp(pathWord, line), let op = try? Parser.comparison(opWord, line) else {
            return nil
        }
        var tolerance: Double?
        if let keyword = words.next() {
            guard line.key(keyword) == tables.toleranceKeyword, let toleranceWord = words.next(), words.next() == nil,
                  let number = Parser.number(toleranceWord, line, as: tables.tolerance) else {
                return nil
            }
            tolerance = number.value
        }
        // What the table's builder (`CommandTable.expectation`) refuses goes its way, to be explained there.
        let type = path.valueType
        guard type == .number || op.isEquality, tolerance == nil || (type == .number && op.isEquality),
              let (expected, written) = Value.read(valueWord, line, as: type, names: path.nameSet) else { return nil }
        let within = tolerance.map { formatNumber($0, decimals: 9) }, bound = tolerance ?? Expectation.defaultTolerance
        switch written {
        case .text(let text):
            return .expect(Expectation(path: path, comparison: op, expected: expected, tolerance: bound, value: text,
                                       within: within))
        case .short(let text):
            return .expect(Expectation(path: path, comparison: op, expected: expected, tolerance: bound, short: text,
                                       within: within))
        }
    }
}

/// The words of a line of at most 64 bytes of printable ASCII without `#`, apart by spaces, one after another (no
/// array): the line is read once, eight bytes at a time, into a bit a byte that says where the spaces are, and
/// each word is then two bit scans. Any other line (a tab, a control, a byte outside ASCII, a `#`, or a longer line)
/// is not plain (`isPlain`) and has no words here: the table's way reads it.
struct PlainWords {
    /// Bit `n` set: byte `n` is a space, or lies past the line's end (every bit, for a line not plain).
    private let gaps: UInt64
    /// Where the next word is looked for.
    private var offset = 0
    /// True for a line of at most 64 bytes, each printable ASCII but `#`, or a space.
    let isPlain: Bool
    /// The end of the last word read.
    private(set) var lastEnd = 0

    /// The longest line read here.
    static let maxBytes = 64

    private static let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    private static let spaces = 0x20 &* ones

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= Self.maxBytes, let base = bytes.baseAddress, !bytes.isEmpty else {
            gaps = UInt64.max
            isPlain = bytes.isEmpty
            return
        }
        let raw = UnsafeRawPointer(base), count = bytes.count
        var gaps: UInt64 = 0, others: UInt64 = 0, offset = 0
        while offset < count {
            var chunk: UInt64
            if offset &+ 8 <= count {
                chunk = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            } else {
                if count >= 8 {
                    // The line's last eight bytes, shifted down to those not read yet.
                    chunk = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) &>> UInt64(8 &* (offset &+ 8 &- count))
                } else {
                    chunk = raw.loadLowBytes(count)
                }
                // Past the end: spaces (gaps, and plain).
                chunk |= Self.spaces & (UInt64.max &<< UInt64(8 &* (count &- offset)))
            }
            gaps |= Self.gather(Self.zeros(chunk ^ Self.spaces)) &<< UInt64(offset)
            others |= Self.notPlain(chunk)
            offset &+= 8
        }
        isPlain = others == 0
        self.gaps = isPlain ? gaps | (offset == 64 ? 0 : UInt64.max &<< UInt64(offset)) : UInt64.max
    }

    /// The next word, or nil at the end of the line (and always, for a line not plain). In a line of ASCII a
    /// column is a byte.
    mutating func next() -> LineText.Word? {
        guard offset < 64 else { return nil }
        let words = ~gaps & (UInt64.max &<< UInt64(offset))
        guard words != 0 else { return nil }
        let start = words.trailingZeroBitCount
        let end = (gaps & (UInt64.max &<< UInt64(start))).trailingZeroBitCount
        offset = end
        lastEnd = end
        return LineText.Word(start: start, end: end, column: start &+ 1)
    }

    /// The high bit of each byte of `word` that is zero, exactly (no borrow or carry crosses a byte).
    @inline(__always)
    private static func zeros(_ word: UInt64) -> UInt64 {
        let lows = ~highs
        return ~(((word & lows) &+ lows) | word | lows)
    }

    /// Nonzero when one of the eight bytes is not plain: below 0x20 (a tab, a control), 0x7F and above, or `#`.
    /// Each test may also mark bytes above a marked one (a borrow runs upward), never one where none is, so the
    /// answer (zero or not) is exact.
    @inline(__always)
    private static func notPlain(_ word: UInt64) -> UInt64 {
        let below = (word &- 0x20 &* ones) & ~word
        let deletes = word ^ (0x7F &* ones), hashes = word ^ (0x23 &* ones)
        return (below | word | ((deletes &- ones) & ~deletes) | ((hashes &- ones) & ~hashes)) & highs
    }

    /// The high bits of the eight bytes of `marks` (no other bit set) as the low eight bits, the first byte's lowest.
    @inline(__always)
    private static func gather(_ marks: UInt64) -> UInt64 { ((marks &>> 7) &* 0x0102_0408_1020_4080) &>> 56 }
}
