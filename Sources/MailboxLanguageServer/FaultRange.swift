import MailboxScript
import MailboxSim

/// Where on its line a diagnostic points: the word at fault (an unknown command's name, a bad number, the
/// message a refusal names), the `expect`'s comparison for a failed one, or the command for a refusal.
enum FaultRange {
    /// The UTF-16 columns `from..<to` of the fault on `line`.
    static func columns(of kind: Diagnostic.Kind, in line: String) -> Range<Int> {
        let tokens = (try? Lexer.tokens(line[...])) ?? []
        let whole = wholeCommand(tokens, line)
        switch kind {
        case .failed(.expectation):
            // `msg1.x == -300`: from the path to the value.
            let command = commandTokens(tokens)
            guard command.count >= 4 else { return whole }
            return span(command[1], command[3], line)
        case .failed(.unexpectedSuccess):
            return whole
        case .error(let error), .refusedAsExpected(let error):
            if case .unprintableCharacter(_, _, let column) = error {
                let index =
                    line.unicodeScalars.index(line.startIndex, offsetBy: max(0, column - 1), limitedBy: line.endIndex)
                    ?? line.endIndex
                let from = Document.utf16Offset(line, index)
                return from..<min(from + 1, line.utf16.count)
            }
            if let word = word(of: error), let token = tokens.first(where: { $0.text == word }) {
                return span(token, token, line)
            }
            return commandTokens(tokens).first.map { span($0, $0, line) } ?? whole
        case .unreadable:
            return whole
        }
    }

    /// The tokens of the command, after a `!`.
    private static func commandTokens(_ tokens: [Token]) -> ArraySlice<Token> {
        guard let first = tokens.first else { return [] }
        if first.text == "!" { return tokens.dropFirst() }
        return tokens[...]
    }

    /// From the first word to the last (the line without its comment and blanks); the whole line if it has none.
    private static func wholeCommand(_ tokens: [Token], _ line: String) -> Range<Int> {
        guard let first = tokens.first, let last = tokens.last else { return 0..<line.utf16.count }
        return span(first, last, line)
    }

    private static func span(_ first: Token, _ last: Token, _ line: String) -> Range<Int> {
        let from = Document.utf16Offset(line, first.text.startIndex)
        let to = Document.utf16Offset(line, last.text.endIndex)
        return from..<to
    }

    /// The word an error names, when it names one.
    static func word(of error: ScriptError) -> String? {
        switch error {
        case .unknownCommand(let word, _), .unexpectedWord(_, let word, _), .gluedComment(_, let word, _),
            .unknownOption(_, let word, _, _), .unknownPanTarget(let word, _, _), .unknownMessage(let word, _, _),
            .unknownTapTarget(let word, _, _), .unknownSegment(let word, _), .unknownParameter(let word, _),
            .unknownAction(let word, _, _), .unknownWord(let word, _, _, _), .unknownOperator(let word),
            .unknownHelpTopic(let word, _),
            .unknownProperty(let word, _), .unknownTimelineTarget(let word, _), .notANumber(let word),
            .notFinite(let word), .numberOutOfRange(let word, _), .beyondLimit(_, _, let word, _),
            .negativeDuration(_, let word), .durationOutOfRange(_, _, let word, _), .negativeTolerance(let word),
            .wholeNumberOutOfRange(_, _, let word, _), .notABool(_, let word), .notAColour(let word, _),
            .notOneOf(_, _, let word, _), .pictureFormat(let word):
            return word
        case .setting(_, let problem):
            switch problem {
            case .unexpectedWord(let word, _), .outOfRange(let word, _, _), .durationOutOfRange(let word, _),
                .wholeNumberOutOfRange(let word, _), .notAColour(let word, _), .notOnOff(let word, _),
                .menuReleasePositionOutOfRange(let word), .notAMenuRelease(let word, _),
                .unknownProfile(let word, _, _),
                .unknownCurve(let word, _):
                return word
            default:
                return nil
            }
        case .model(let refusal):
            switch refusal {
            case .noSuchMessage(let id, _), .messageNotVisible(let id, _), .messageLeaving(let id): return id.name
            case .unknownOption(let option, _, _): return option
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The word an error names and the word it suggests instead ("did you mean"), when it has one.
    static func suggestion(of error: ScriptError) -> (word: String, replacement: String)? {
        let suggested: String?
        switch error {
        case .unknownCommand(_, let s), .unknownOption(_, _, let s, _), .unknownPanTarget(_, let s, _),
            .unknownMessage(_, let s, _), .unknownTapTarget(_, let s, _), .unknownSegment(_, let s),
            .unknownParameter(_, let s), .unknownAction(_, let s, _), .unknownWord(_, let s, _, _),
            .unknownHelpTopic(_, let s),
            .unknownProperty(_, let s), .unknownTimelineTarget(_, let s), .notAColour(_, let s),
            .notOneOf(_, _, _, let s):
            suggested = s
        case .setting(_, let problem):
            switch problem {
            case .notAColour(_, let s), .notOnOff(_, let s), .notAMenuRelease(_, let s), .unknownProfile(_, let s, _),
                .unknownCurve(_, let s):
                suggested = s
            default: suggested = nil
            }
        case .model(.unknownOption(_, _, let s)):
            suggested = s
        default:
            suggested = nil
        }
        guard let suggested, let word = word(of: error) else { return nil }
        return (word, suggested)
    }
}
