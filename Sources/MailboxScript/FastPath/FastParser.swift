import MailboxAnimation
import MailboxSim
import MailboxText

/// The fast path: the commands most lines of a long script are (`expect`, `advance`, `pan`, `release`…), read
/// straight into a `Command` from the line's bytes: no word array, no `Arguments`, no builder closure in between.
///
/// It takes only their plain forms: a line of at most 64 bytes of printable ASCII without `#` (a comment or a
/// colour), words apart by spaces (`PlainWords`), whose words fit the command's synopsis exactly and read
/// without an error. Anything else answers nil and goes the table's way (`Parser`), so every refusal, hint and
/// column is the general reader's own. The names come from the command table (a command is found by its name or
/// alias there), with the kinds and keywords of the table's parameters (`Tables`; a number's bounds are
/// `ArgumentKind.refusal`'s). Its words are read by its own readers: a number by `DecimalNumber.readFast`, a path by
/// `PropertyPath.lookUp`, a value by `Value.read`, keywords by their keys (`SpellingTable`); where one of them
/// declines, the whole line goes the table's way. `FastParserTests` and `FastParserAgreementTests` hold it to the
/// general reader. Why each trick is here, and what it gained: docs/fast-path.md.
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
        /// The `expect` operators and their spellings (kept: `allCases` makes a new array each time).
        let comparisons = Comparison.allCases
        let comparisonSpellings = SpellingTable(Comparison.allCases.map({ $0.rawValue }))

        init() {
            var names: [String] = []
            var indices: [Int] = []
            var entries: [Entry] = []
            for kind in Kind.allCases {
                for spec in CommandTable.all where spec.name == kind.rawValue {
                    names += spec.names
                    indices += spec.names.map { _ in entries.count }
                    entries.append(Entry(kind: kind, spec: spec))
                }
            }
            spellings = SpellingTable(names, indices: indices)
            self.entries = entries
            bangSpellings = SpellingTable(CommandTable.all.filter { $0.name == "!" }.flatMap({ $0.names }))
            func parameters(_ kind: Kind) -> [Parameter] { entries.first { $0.kind == kind }?.spec.parameters ?? [] }
            func key(_ keyword: String?) -> SpellingKey {
                Array((keyword ?? "").utf8).withUnsafeBufferPointer { SpellingKey($0) }
                    ?? SpellingKey(low: 0, high: 0, count: -1)
            }
            let advance = parameters(.advance)
            let release = parameters(.release)
            let pan = parameters(.pan)
            let expect = parameters(.expect)
            advanceSeconds = advance[0].kind
            releaseVelocity = release[0].kind
            (panDistance, panSeconds, panKeyword) = (pan[1].kind, pan[2].kind, key(pan[2].keyword))
            (tolerance, toleranceKeyword) = (expect[3].kind, key(expect[3].keyword))
        }
    }

    static let tables = Tables()

    /// The command on `line`, or nil when this reader does not take it (the table walk then reads it).
    static func parse(_ line: Substring) -> Command? {
        LineText.reading(line, parse)
    }

    /// The command on a line given as its bytes, or nil when this reader does not take it.
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
                let seconds = number(word, line, as: tables.advanceSeconds)
            else { return nil }
            return .advance(seconds.ticks ?? .zero)
        case .pan: return pan(&words, line)
        case .release:
            guard let word = words.next() else { return .release(velocity: nil) }
            guard words.next() == nil, let velocity = number(word, line, as: tables.releaseVelocity) else {
                return nil
            }
            return .release(velocity: velocity.value)
        case .settle: return words.next() == nil ? .settle : nil
        case .shake: return words.next() == nil ? .shake : nil
        case .tap:
            guard let word = words.next() else { return .tap(nil) }
            // `tap segment NAME` (two words) goes the table's way.
            guard words.next() == nil, let entry = TapTarget.words.first(where: { line.spells(word, $0.word) }),
                let target = entry.target
            else { return nil }
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
        guard let targetWord = words.next(), let dxWord = words.next(), let target = panTarget(targetWord, line),
            let dx = number(dxWord, line, as: tables.panDistance)
        else { return nil }
        guard let keyword = words.next() else { return .pan(target, translation: dx.value, duration: nil) }
        guard line.key(keyword) == tables.panKeyword, let secondsWord = words.next(), words.next() == nil,
            let seconds = number(secondsWord, line, as: tables.panSeconds)
        else {
            return nil
        }
        return .pan(target, translation: dx.value, duration: seconds.ticks)
    }

    /// `expect PATH OP VALUE [within TOL]`.
    private static func expect(_ words: inout PlainWords, _ line: LineText) -> Command? {
        guard let pathWord = words.next(), let opWord = words.next(), let valueWord = words.next(),
            let path = PropertyPath.lookUp(pathWord, line), let op = comparison(opWord, line)
        else {
            return nil
        }
        var tolerance: Double?
        if let keyword = words.next() {
            guard line.key(keyword) == tables.toleranceKeyword, let toleranceWord = words.next(), words.next() == nil,
                let written = number(toleranceWord, line, as: tables.tolerance)
            else {
                return nil
            }
            tolerance = written.value
        }
        // What the table's builder (`CommandTable.expectation`) refuses goes its way, to be explained there.
        let type = path.valueType
        guard type == .number || op.isEquality, tolerance == nil || (type == .number && op.isEquality),
            let (expected, written) = Value.read(valueWord, line, as: type, names: path.nameSet)
        else { return nil }
        let within = tolerance.map { formatNumber($0, decimals: 9) }
        let bound = tolerance ?? Expectation.defaultTolerance
        switch written {
        case .text(let text):
            return .expect(
                Expectation(
                    path: path, comparison: op, expected: expected, tolerance: bound, value: text,
                    within: within))
        case .short(let text):
            return .expect(
                Expectation(
                    path: path, comparison: op, expected: expected, tolerance: bound, short: text,
                    within: within))
        }
    }

    /// A number a parameter of `kind` takes, read by the fast number reader within the kind's bounds
    /// (`ArgumentKind.refusal`, stated once for both readers and built commands); nil where either declines.
    private static func number(_ word: LineText.Word, _ line: LineText, as kind: ArgumentKind) -> DecimalNumber? {
        guard let number = DecimalNumber.readFast(line.bytes(word)), kind.refusal(of: .typed(number)) == nil else {
            return nil
        }
        return number
    }

    /// `content` or `msgN`; nil for anything else.
    private static func panTarget(_ word: LineText.Word, _ line: LineText) -> PanTarget? {
        if line.spells(word, "content") { return .content }
        return MessageID(ascii: line.bytes(word)).map { .message($0) }
    }

    /// An `expect` operator, by its key; nil for any other word.
    private static func comparison(_ word: LineText.Word, _ line: LineText) -> Comparison? {
        line.index(of: word, in: tables.comparisonSpellings).map { tables.comparisons[$0] }
    }
}

extension Parser {
    /// Parses one line given as its bytes (valid UTF-8): the same as `parse(String(decoding: bytes)[...])`, without
    /// making a `String` of a line that `FastParser` reads.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(ScriptError) -> Command? {
        if let command = FastParser.parse(LineText(bytes: bytes)) { return command }
        return try parseByTable(String(decoding: bytes, as: UTF8.self)[...])
    }
}
