/// Turns a line into a `Command` by reading the command table: the same table `help` and completion read.
public enum Parser {
    /// Parses one line; nil for a blank line or a comment.
    public static func parse(_ line: Substring) throws(ScriptError) -> Command? {
        let tokens = try Lexer.tokens(line)
        guard !tokens.isEmpty else { return nil }
        return try parse(tokens: tokens[...], line: line)
    }

    static func parse(tokens: ArraySlice<Token>, line: Substring) throws(ScriptError) -> Command {
        var tokens = tokens
        var head = tokens.removeFirst().text
        // `!pan msg1 10` reads as `! pan msg1 10`.
        if head.count > 1, head.hasPrefix("!") {
            let rest = head.dropFirst()
            let column = tokens.first?.column ?? 0
            tokens.insert(Token(text: rest, column: column), at: tokens.startIndex)
            head = head.prefix(1)
        }
        guard let spec = CommandTable.spec(named: head) else {
            let hint = nearest(String(head), in: CommandTable.names).map { " (did you mean '\($0)'?)" } ?? ""
            throw ScriptError("unknown command \(quoted(head))\(hint)")
        }
        let arguments = try readArguments(of: spec, from: tokens, line: line)
        return try spec.build(arguments)
    }

    private static func readArguments(of spec: CommandSpec, from tokens: ArraySlice<Token>,
                                      line: Substring) throws(ScriptError) -> Arguments {
        var rest = tokens
        var values: [ArgumentValue?] = []
        for parameter in spec.parameters {
            if parameter.isFlag {
                if let spelling = parameter.keyword, rest.first?.text == spelling[...] {
                    rest.removeFirst()
                    values.append(.flag)
                } else {
                    values.append(nil)
                }
                continue
            }
            if let keyword = parameter.keyword {
                guard rest.first?.text == keyword[...] else { values.append(nil); continue }
                rest.removeFirst()
                guard !rest.isEmpty else {
                    throw ScriptError("\(spec.name): missing \(parameter.name) after '\(keyword)' (usage: \(spec.synopsis))")
                }
            }
            guard !rest.isEmpty else {
                if parameter.optional { values.append(nil); continue }
                throw ScriptError("\(spec.name): missing \(parameter.name) (usage: \(spec.synopsis))")
            }
            values.append(try read(parameter, of: spec, from: &rest, line: line))
        }
        if let extra = rest.first {
            let hint = extra.text.hasPrefix("#") && Color(hex: String(extra.text)) == nil
                ? " (a comment needs a blank after '#')" : " (usage: \(spec.synopsis))"
            throw ScriptError("\(spec.name): unexpected \(quoted(extra.text))\(hint)")
        }
        return Arguments(values: values)
    }

    private static func read(_ parameter: Parameter, of spec: CommandSpec, from rest: inout ArraySlice<Token>,
                             line: Substring) throws(ScriptError) -> ArgumentValue {
        let token = rest.removeFirst()
        let text = token.text
        switch parameter.kind {
        case .panTarget:
            if text == "content" { return .panTarget(.content) }
            if let id = MessageID(name: text) { return .panTarget(.message(id)) }
            let hint = nearest(String(text), in: ["content", "msg1"]).map { " (did you mean '\($0)'?)" } ?? ""
            throw ScriptError("unknown target \(quoted(text))\(hint): \(spec.name) takes msgN or content")
        case .distance:
            return try ranged(text, parameter, spec, limit: Limits.maxTranslation)
        case .velocity:
            return try ranged(text, parameter, spec, limit: Limits.maxVelocity)
        case .duration(let max):
            let number = try DecimalNumber.parse(text)
            guard !number.negative || number.value == 0 else {
                throw ScriptError("\(spec.name): a duration cannot be negative (got \(text))")
            }
            // On the exact ticks: a Double rounds 1000000000.000000001 down to the limit.
            guard let ticks = number.ticks, ticks <= Ticks(seconds: max) else {
                throw ScriptError("\(spec.name): \(parameter.name) \(quoted(text)) is out of range (0…\(formatNumber(max)) seconds)")
            }
            return .number(number)
        case .tolerance:
            let number = try DecimalNumber.parse(text)
            guard !number.negative || number.value == 0 else { throw ScriptError("a tolerance cannot be negative (got \(text))") }
            return .number(number)
        case .wholeNumber(let range):
            let number = try DecimalNumber.parse(text)
            guard let n = number.integer, range.contains(n) else {
                throw ScriptError("\(spec.name): \(parameter.name) must be a whole number from \(range.lowerBound) to \(range.upperBound) (got \(quoted(text)))")
            }
            return .number(number)
        case .tapTarget:
            guard let entry = TapTarget.words.first(where: { $0.word == text }) else {
                let words = TapTarget.words.map(\.word)
                let hint = nearest(String(text), in: words).map { " (did you mean '\($0)'?)" } ?? ""
                throw ScriptError("unknown tap target \(quoted(text))\(hint): tap takes \(words.joined(separator: ", ")) NAME, or nothing")
            }
            if let target = entry.target { return .tapTarget(target) }
            guard let name = rest.first?.text else {
                throw ScriptError("tap segment: missing NAME (later, mailbox or archive)")
            }
            rest.removeFirst()
            guard let segment = Segment(rawValue: String(name)) else {
                let hint = nearest(String(name), in: Segment.allCases.map(\.rawValue)).map { " (did you mean '\($0)'?)" } ?? ""
                throw ScriptError("unknown segment \(quoted(name))\(hint): the segments are later, mailbox and archive")
            }
            return .tapTarget(.segment(segment))
        case .setting:
            guard Setting(rawValue: String(text)) != nil else {
                let names = Setting.allCases.map(\.rawValue)
                let hint = nearest(String(text), in: names).map { " (did you mean '\($0)'?)" } ?? ""
                let list = names.count == 1 ? "the only setting is \(names[0])" : "the settings are \(names.joined(separator: ", "))"
                throw ScriptError("unknown setting \(quoted(text))\(hint): \(list)")
            }
            return .word(text)
        case .path:
            return .path(try PropertyPath.parse(text))
        case .comparison:
            guard let op = Comparison(rawValue: String(text)) else {
                throw ScriptError("unknown operator \(quoted(text)): use ==, !=, <, <=, > or >=")
            }
            return .comparison(op)
        case .commandName:
            guard CommandTable.spec(named: text) != nil else {
                let hint = nearest(String(text), in: CommandTable.names).map { " (did you mean '\($0)'?)" } ?? ""
                throw ScriptError("no command \(quoted(text))\(hint); `help` lists them")
            }
            return .word(text)
        case .text:
            let end = rest.last?.text.endIndex ?? text.endIndex
            rest.removeAll()
            return .word(line[text.startIndex..<end])
        case .command:
            // Refused before parsing: `!!!!…` would otherwise recurse once per `!`.
            if text.hasPrefix("!") { throw ScriptError("'! !' is not allowed") }
            let all = [token] + rest
            rest.removeAll()
            let inner: Command
            do {
                inner = try parse(tokens: all[...], line: line)
            } catch {
                inner = .invalid(error.message)
            }
            if case .expect = inner { throw ScriptError("'! expect' is not a check: write the opposite operator instead") }
            if case .mustFail = inner { throw ScriptError("'! !' is not allowed") }
            let end = all.last!.text.endIndex
            return .command(inner, text: String(line[text.startIndex..<end]))
        case .overlayOption, .pathPrefix, .value, .subject, .file:
            return .word(text)
        }
    }

    private static func ranged(_ text: Substring, _ parameter: Parameter, _ spec: CommandSpec,
                               limit: Double) throws(ScriptError) -> ArgumentValue {
        let number = try DecimalNumber.parse(text)
        guard abs(number.value) <= limit else {
            throw ScriptError("\(spec.name): \(parameter.name) \(quoted(text)) is out of range (−\(formatNumber(limit))…\(formatNumber(limit)))")
        }
        return .number(number)
    }
}
