/// The one walk through a command's parameters over the words after its name, which the parser (words of a
/// line being run) and the completer (words typed before the cursor) both take, so they read the grammar the
/// same way: flags and `in S`/`within TOL` keywords are optional and recognised by their spelling, other
/// parameters take the next word(s) in order. A flag is never taken for the value of a parameter before it
/// (`timeline --json` has no TARGET), so flags follow the values they may leave out.
enum ParameterWalk<Word> {
    /// What the walk found for one parameter.
    enum Step {
        /// A flag (`--expect`), present or not.
        case flag(Parameter, present: Bool)
        /// The parameter's words come next (after its keyword, if it has one): the taker consumes them.
        case value(Parameter)
        /// No word for it: the words ran out, or its keyword is not next.
        case absent(Parameter)
        /// Its keyword is the last word: the value that should follow is missing.
        case keywordWithoutValue(Parameter)
    }

    /// Takes the next parameter's step over `words`: a flag or keyword that is present is consumed, a value's
    /// words are left for the caller to consume. `spells` says whether a word is spelled as a literal. Nil
    /// once every parameter was walked.
    /// `flags` are the command's flag spellings (`CommandSpec.flags`), read once by the caller.
    @inline(__always)
    static func next(
        _ parameters: [Parameter], flags: [String], at index: inout Int, _ words: inout ArraySlice<Word>,
        spells: (Word, String) -> Bool
    ) -> Step? {
        guard index < parameters.count else { return nil }
        let parameter = parameters[index]
        index += 1
        if parameter.isFlag {
            let present = words.first.map { spells($0, parameter.keyword!) } ?? false
            if present { words.removeFirst() }
            return .flag(parameter, present: present)
        }
        if let keyword = parameter.keyword {
            guard let next = words.first, spells(next, keyword) else { return .absent(parameter) }
            words.removeFirst()
            return words.isEmpty ? .keywordWithoutValue(parameter) : .value(parameter)
        }
        guard let next = words.first else { return .absent(parameter) }
        // A flag is not a value (most commands have none).
        if !flags.isEmpty {
            for flag in flags where spells(next, flag) { return .absent(parameter) }
        }
        return .value(parameter)
    }
}
