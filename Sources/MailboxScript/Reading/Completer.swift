import MailboxSim

/// Tab completion for the REPL, read from the command table (`CommandTable.all`, its parameters and their
/// `ArgumentKind`s) and from the screen as it is now: the same table the parser and `help` read, so a new
/// command or argument kind completes without a second list.
///
/// Pure: it looks at the text before the cursor and the session, and answers with the word being completed
/// and the words that could replace it.
public enum Completer {
    /// What can replace the word before the cursor.
    public struct Completion: Equatable, Sendable {
        /// The word being completed: the text after the last blank before the cursor (empty after a blank).
        public var word: String
        /// The full words that can replace `word`, each starting with it, without duplicates, in a useful order.
        public var candidates: [String]
        /// True where a file name goes (`save FILE`): the front end may offer the file system's names.
        public var fileNames: Bool

        public init(word: String, candidates: [String], fileNames: Bool = false) {
            self.word = word
            self.candidates = candidates
            self.fileNames = fileNames
        }

        /// The longest text every candidate starts with (at least `word` when there are candidates).
        public var commonPrefix: String {
            guard var prefix = candidates.first.map(Array.init) else { return word }
            for candidate in candidates.dropFirst() {
                let chars = Array(candidate)
                var n = 0
                while n < prefix.count && n < chars.count && prefix[n] == chars[n] { n += 1 }
                prefix.removeSubrange(n...)
            }
            return String(prefix)
        }

        /// True when a completed word is finished and a blank should follow it: one candidate that does
        /// not end in `.` (`msg1.` waits for its property).
        public var isFinal: Bool {
            candidates.count == 1 && !(candidates[0].hasSuffix("."))
        }
    }

    /// Candidates for the word that ends at the cursor. `line` is the text of the line up to the cursor.
    public static func complete(_ line: String, session: Session) -> Completion {
        let endsWithBlank = line.isEmpty || line.last == " " || line.last == "\t"
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let word = endsWithBlank ? "" : words.removeLast()
        // A comment: nothing to complete in it.
        if words.first?.hasPrefix("#") == true || (words.isEmpty && word.hasPrefix("#")) || words.contains("#") {
            return Completion(word: word, candidates: [])
        }
        let context = Context(screen: session.screen, word: word)
        let found = context.complete(words: words[...])
        return Completion(
            word: word, candidates: unique(found.candidates.filter { $0.hasPrefix(word) }),
            fileNames: found.fileNames)
    }

    private static func unique(_ words: [String]) -> [String] {
        var seen = Set<String>()
        return words.filter { seen.insert($0).inserted }
    }
}

/// The screen the candidates are read from, and the walk through a command's parameters.
private struct Context {
    let screen: MailboxState
    /// The word being typed.
    let word: String

    struct Found {
        var candidates: [String] = []
        var fileNames = false
    }

    /// `words` are the complete words before the one being typed.
    func complete(words: ArraySlice<String>) -> Found {
        guard var head = words.first else {
            // The command name itself; `!pa` completes to `!pan`.
            if word.count > 1, word.hasPrefix("!") {
                return Found(candidates: CommandTable.names.filter { $0 != "!" }.map { "!" + $0 })
            }
            return Found(candidates: CommandTable.names)
        }
        var rest = words.dropFirst()
        // `!pan msg1 10` reads as `! pan msg1 10`, as the parser reads it.
        if head.count > 1, head.hasPrefix("!") {
            rest = ([String(head.dropFirst())] + rest)[...]
            head = "!"
        }
        guard let spec = CommandTable.spec(named: head) else { return Found() }
        return complete(spec, arguments: rest)
    }

    /// Walks the parameters as the parser does, consuming the complete words; the first parameter with no
    /// word left is the one being typed (with any optional ones that could come in its place).
    func complete(_ spec: CommandSpec, arguments: ArraySlice<String>) -> Found {
        var rest = arguments
        var path: PropertyPath?
        var setting: Tunable?
        var helpTopic: String?
        var found = Found()
        // The parser's walk: at the end of the words, each parameter that could come next offers its words.
        var index = 0
        walk: while let step = ParameterWalk<String>.next(
            spec.parameters, flags: spec.flags, at: &index, &rest, spells: ==)
        {
            switch step {
            case .flag(let parameter, let present):
                if !present && rest.isEmpty { found.candidates.append(parameter.keyword!) }
            case .absent(let parameter):
                guard rest.isEmpty else { continue }
                // `help`'s parameter name comes only after `help set`.
                if spec.name == "help", parameter.kind == .setting, helpTopic != "set" { continue }
                if let keyword = parameter.keyword {
                    found.candidates.append(keyword)
                } else {
                    let more = values(for: parameter, after: path, setting: setting)
                    found.candidates += more.candidates
                    found.fileNames = found.fileNames || more.fileNames
                    if !parameter.optional { break walk }
                }
            case .keywordWithoutValue(let parameter):
                return values(for: parameter, after: path, setting: setting)
            case .value(let parameter):
                switch parameter.kind {
                case .command:
                    return complete(words: rest)
                case .text:
                    return Found()
                case .tapTarget where rest.first == segmentWord:
                    rest.removeFirst()
                    if rest.isEmpty { return Found(candidates: Segment.allCases.map({ $0.rawValue })) }
                    rest.removeFirst()
                case .path:
                    path = try? PropertyPath.parse(rest.removeFirst()[...])
                case .setting:
                    setting = TunableTable.named(rest.removeFirst())
                case .settingValue:
                    // A value of several words (`spring swiftui duration 0.5 bounce`): the words typed so far
                    // say what comes next.
                    let given = Array(rest)
                    rest.removeAll()
                    return Found(candidates: setting?.valueWords(after: given) ?? [])
                case .commandName:
                    helpTopic = rest.removeFirst()
                default:
                    rest.removeFirst()
                }
            }
        }
        return rest.isEmpty ? found : Found()
    }

    /// The rows a finger can reach now: in the feed and on screen (SPEC §7.3, "Rows off screen").
    private var reachableRows: [String] {
        screen.rows.filter { $0.visible && screen.isOnScreen($0.id) }.map({ $0.id.name })
    }

    /// The tap targets that can be tapped now: each is tried on a copy of the screen (the model decides, so the
    /// candidates are what `tap` would accept); `segment` is offered when some segment can be tapped.
    private var tapWords: [String] {
        TapTarget.words.compactMap { word, target in
            let targets = target.map { [$0] } ?? Segment.allCases.map(TapTarget.segment)
            return targets.contains { target in
                var copy = screen
                return (try? copy.send(.tapped(target))) != nil
            } ? word : nil
        }
    }

    /// The tap target that takes a segment name after it (the one word of `TapTarget.words` with no target).
    private var segmentWord: String? { TapTarget.words.first { $0.target == nil }?.word }

    /// What may stand in a parameter's place on this screen.
    func values(for parameter: Parameter, after path: PropertyPath?, setting: Tunable? = nil) -> Found {
        switch parameter.kind {
        case .panTarget:
            return Found(candidates: reachableRows + ["content"])
        case .message:
            return Found(candidates: reachableRows)
        case .tapTarget:
            return Found(candidates: tapWords)
        case .overlayOption:
            return Found(candidates: screen.overlay?.kind.options ?? [])
        case .setting:
            return Found(candidates: TunableTable.names)
        case .settingValue:
            return Found(candidates: setting?.valueWords ?? [])
        case .path:
            return Found(candidates: pathNames(prefixes: false))
        case .pathPrefix:
            return Found(candidates: pathNames(prefixes: true))
        case .comparison:
            // Only numbers are ordered: a colour, a name, a bool or text is compared with `==` and `!=`.
            let orderable = path.map { if case .number = $0.valueType { true } else { false } } ?? true
            return Found(candidates: Comparison.allCases.filter { orderable || $0.isEquality }.map({ $0.rawValue }))
        case .value:
            return Found(candidates: path.map(valueNames) ?? [])
        case .subject:
            return Found(candidates: TimelineSubject.names(messageCount: screen.messageCount))
        case .file:
            return Found(fileNames: true)
        case .commandName:
            return Found(candidates: CommandTable.names + [CommandTable.pathsTopic])
        case .command:
            return complete(words: [])
        case .accessibilityAction:
            return Found(candidates: AccessibilityAction.allCases.map({ $0.rawValue }))
        case .exportFormat:
            return Found(candidates: ExportFormat.names)
        case .choice(let words):
            return Found(candidates: words)
        case .distance, .velocity, .duration, .wholeNumber, .tolerance, .text:
            return Found()
        }
    }

    /// Property paths. A message's properties are offered once its name is typed with its dot (`msg1.`);
    /// before that each message is one candidate: `msg1.` for `expect`, `msg1` for `show` (which shows
    /// them all). With `prefixes`, every dotted prefix of a path (`overlay`, `msg1.icon`) is offered too.
    func pathNames(prefixes: Bool) -> [String] {
        var names: [String] = []
        for path in PropertyPath.all(messageCount: screen.messageCount) {
            let name = path.name
            if case .message(let id, _) = path {
                guard word.hasPrefix(id.name + ".") else {
                    names.append(prefixes ? id.name : id.name + ".")
                    continue
                }
                names += dottedPrefixes(of: name, includingFirst: false, prefixes: prefixes) + [name]
            } else {
                names += dottedPrefixes(of: name, includingFirst: true, prefixes: prefixes) + [name]
            }
        }
        // The parameters, once `param.` is typed (before that, one candidate: `param.`, or `param` for show).
        if word.hasPrefix(PropertyPath.parameterPrefix) {
            for path in PropertyPath.parameters {
                names += dottedPrefixes(of: path.name, includingFirst: false, prefixes: prefixes) + [path.name]
            }
        } else {
            names.append(prefixes ? String(PropertyPath.parameterPrefix.dropLast()) : PropertyPath.parameterPrefix)
        }
        return names
    }

    /// `view.later.x` → `view`, `view.later` (when `prefixes`), the first one only if `includingFirst`.
    private func dottedPrefixes(of name: String, includingFirst: Bool, prefixes: Bool) -> [String] {
        guard prefixes else { return [] }
        var out: [String] = []
        var index = name.startIndex
        var first = true
        while let dot = name[index...].firstIndex(of: ".") {
            if !first || includingFirst { out.append(String(name[..<dot])) }
            first = false
            index = name.index(after: dot)
        }
        return out
    }

    /// The values `expect PATH OP` can compare with.
    func valueNames(_ path: PropertyPath) -> [String] {
        switch path.valueType {
        case .bool: return ["true", "false"]
        case .color: return PaletteColor.allCases.map({ $0.rawValue })
        case .name(let names): return names
        case .number, .text: return []
        }
    }
}
