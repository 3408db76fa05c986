import MailboxAnimation
import MailboxSim
import MailboxText

/// The commands most lines of a long script are (`expect`, `advance`, `pan`, `release`…), read straight into a
/// `Command`: no word array, no `Arguments`, no builder closure in between.
///
/// It takes only their plain forms: a line of printable ASCII without `#` (a comment or a colour) whose words
/// fit the command's synopsis exactly and read without an error. Anything else answers nil and goes the table's
/// way (`Parser`), so every refusal, hint and column is the table walk's own. The names come from the command
/// table (a command is found by its name or alias there), and each argument is read by the table walk's own
/// readers with the table's parameters (their limits, their keywords); `FastParserTests` checks that both ways
/// parse every line of a generated script, and every command's example and variants, to the same `Command`.
enum FastParser {
    /// The commands read here, the most common first (the order their spellings are tried in).
    enum Kind: String, CaseIterable {
        case expect, advance, pan, release, settle, tap, choose, shake
    }

    /// A spelling of one of those commands (its name or an alias), with the command's table entry.
    struct Entry {
        let spelling: [UInt8]
        let kind: Kind
        let spec: CommandSpec
    }

    /// Every name and alias of the commands read here, as the command table spells them.
    static let entries: [Entry] = Kind.allCases.flatMap { kind in
        CommandTable.all.filter { $0.name == kind.rawValue }.flatMap { spec in
            spec.names.map { Entry(spelling: Array($0.utf8), kind: kind, spec: spec) }
        }
    }

    /// The command on `line`, or nil when this reader does not take it (the table walk then reads it).
    static func parse(_ line: LineText) -> Command? {
        var words = PlainWords(line)
        let command = parse(&words, line)
        // Every command read here has read its line to the end; a byte that is not plain ends the words there.
        return words.sawOtherByte ? nil : command
    }

    /// The spellings of `!` (the command table's), which the commands here may follow.
    static let bangSpellings: [[UInt8]] = CommandTable.all.filter { $0.name == "!" }.flatMap { $0.names.map { Array($0.utf8) } }

    private static func parse(_ words: inout PlainWords, _ line: LineText) -> Command? {
        guard let head = words.next() else { return nil }
        guard let index = entryIndex(of: head, line) else {
            return bangSpellings.contains(where: { line.spells(head, $0) }) ? bang(&words, line) : nil
        }
        let spec = entries[index].spec
        switch entries[index].kind {
        case .expect: return expect(&words, line, spec)
        case .advance:
            guard let word = words.next(), words.next() == nil,
                  let seconds = try? Parser.number(word, line, spec.parameters[0], spec) else { return nil }
            return .advance(seconds.ticks ?? .zero)
        case .pan: return pan(&words, line, spec)
        case .release:
            guard let word = words.next() else { return .release(velocity: nil) }
            guard words.next() == nil, let velocity = try? Parser.number(word, line, spec.parameters[0], spec) else {
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

    /// Where the command spelled by `word` is in `entries` (by index: a scan that copied each entry would retain
    /// its spelling and its table entry).
    private static func entryIndex(of word: LineText.Word, _ line: LineText) -> Int? {
        let entries = entries
        for index in entries.indices where line.spells(word, entries[index].spelling) { return index }
        return nil
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
    private static func pan(_ words: inout PlainWords, _ line: LineText, _ spec: CommandSpec) -> Command? {
        let parameters = spec.parameters
        guard let targetWord = words.next(), let dxWord = words.next(),
              let target = try? Parser.panTarget(targetWord, line, spec),
              let dx = try? Parser.number(dxWord, line, parameters[1], spec) else { return nil }
        guard let keyword = words.next() else { return .pan(target, translation: dx.value, duration: nil) }
        guard let inWord = parameters[2].keyword, line.spells(keyword, inWord), let secondsWord = words.next(),
              words.next() == nil, let seconds = try? Parser.number(secondsWord, line, parameters[2], spec) else {
            return nil
        }
        return .pan(target, translation: dx.value, duration: seconds.ticks)
    }

    /// `expect PATH OP VALUE [within TOL]`.
    private static func expect(_ words: inout PlainWords, _ line: LineText, _ spec: CommandSpec) -> Command? {
        guard let pathWord = words.next(), let opWord = words.next(), let valueWord = words.next(),
              let path = PropertyPath.lookUp(pathWord, line), let op = try? Parser.comparison(opWord, line) else {
            return nil
        }
        var tolerance: Double?
        if let keyword = words.next() {
            let parameter = spec.parameters[3]
            guard let within = parameter.keyword, line.spells(keyword, within), let toleranceWord = words.next(),
                  words.next() == nil, let number = try? Parser.number(toleranceWord, line, parameter, spec) else {
                return nil
            }
            tolerance = number.value
        }
        // What the table's builder (`CommandTable.expectation`) refuses goes its way, to be explained there.
        let type = path.valueType
        guard type == .number || op.isEquality, tolerance == nil || (type == .number && op.isEquality),
              let (expected, written) = Value.read(valueWord, line, as: type) else { return nil }
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

/// The words of a line of printable ASCII without `#`, one after another (no array), read in one pass: a byte of
/// any other kind ends the words there (`next` answers nil) and is remembered (`sawOtherByte`), so that a reader
/// that has read to the end of the line knows whether the line was plain.
struct PlainWords {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    /// True once a byte other than printable ASCII (but `#`), space or tab was met.
    private(set) var sawOtherByte = false
    /// The end of the last word read.
    private(set) var lastEnd = 0

    init(_ line: LineText) { bytes = line.bytes }

    /// The next word, or nil at the end of the line (or at a byte that is not plain). In a line of ASCII a column
    /// is a byte.
    mutating func next() -> LineText.Word? {
        while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x09 { offset += 1 }
        guard offset < bytes.count, let base = bytes.baseAddress else { return nil }
        let start = offset
        // Eight bytes at a time while eight remain, up to the first that is not a word's (`stops`); the bytes left,
        // and that one, are read one by one below.
        let raw = UnsafeRawPointer(base)
        while offset + 8 <= bytes.count {
            let stops = Self.stops(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            if stops != 0 {
                offset += stops.trailingZeroBitCount >> 3
                break
            }
            offset += 8
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == 0x20 || byte == 0x09 { break }
            guard byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "#") else {
                sawOtherByte = true
                offset = bytes.count
                return nil
            }
            offset += 1
        }
        lastEnd = offset
        return LineText.Word(start: start, end: offset, column: start + 1)
    }

    /// The high bit of each byte of `word` (eight bytes, the first in the low byte) that cannot be in a word: below
    /// 0x21 (a space, a tab, a control), 0x7F and above, or `#`. Each test may also mark bytes after a marked one
    /// (a borrow or carry runs upward), never before it, so the lowest mark is exact: only it is read.
    private static func stops(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let below = (word &- 0x21 &* ones) & ~word & highs
        let above = (word | (word &+ ones)) & highs
        let hashes = word ^ (0x23 &* ones)
        let hash = (hashes &- ones) & ~hashes & highs
        return below | above | hash
    }
}
