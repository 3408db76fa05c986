import MailboxScript
import MailboxSim
import MailboxText

extension ScriptError {
    /// The error as a person reads it after `FILE:LINE: error: `: what is wrong, and how to write it instead.
    public var message: String {
        switch self {
        case .invalidUTF8(let byte):
            return "invalid UTF-8 at byte \(byte)"
        case .lineTooLong(let maxBytes):
            return "line longer than \(maxBytes >> 20) MiB"
        case let .unprintableCharacter(kind, scalar, column):
            let code = String(scalar.value, radix: 16, uppercase: true)
            let zeros = String(repeating: "0", count: max(0, 4 - code.count))
            return "\(kind.rawValue) character U+\(zeros)\(code) at column \(column)"
        case let .badQuote(problem, column):
            switch problem {
            case .unterminated:
                return "quoted value at column \(column) has no closing '\"'"
            case .unknownEscape(let escape):
                return
                    """
                    unknown escape \(quoted(escape)) at column \(column) (a quoted value takes \\\" \\\\ \\t \\n \
                    \\r \\u{HEX})
                    """
            case .textAfterClosingQuote:
                return "text glued to a closing quote at column \(column): put a blank after the quote"
            }
        case let .unknownCommand(name, suggestion):
            return "unknown command \(quoted(name))\(hint(suggestion))"
        case let .missingArgument(command, parameter, usage):
            return "\(command): missing \(parameter) (usage: \(usage))"
        case let .missingAfterKeyword(command, parameter, keyword, usage):
            return "\(command): missing \(parameter) after '\(keyword)' (usage: \(usage))"
        case let .unexpectedWord(command, word, usage):
            return "\(command): unexpected \(quoted(word)) (usage: \(usage))"
        case let .gluedComment(command, word, rewrite):
            return "\(command): \(quoted(word)) is not a comment: a comment starts with ' # ' "
                + "('#' with a blank on each side): write \(quoted(rewrite, limit: 80))"
        case let .gluedOperator(command, rewrite):
            return "\(command): put a blank on each side of the operator: write \(quoted(rewrite, limit: 80))"
        case let .unknownOption(command, option, suggestion, usage):
            let advice = suggestion == nil ? " (usage: \(usage))" : hint(suggestion)
            return "\(command): unknown option \(quoted(option))\(advice)"
        case let .unknownPanTarget(text, suggestion, command):
            return "unknown target \(quoted(text))\(hint(suggestion)): \(command) takes msgN or content"
        case let .unknownMessage(text, suggestion, command):
            return "unknown message \(quoted(text))\(hint(suggestion)): \(command) takes msgN"
        case let .unknownTapTarget(text, suggestion, targets):
            let names = targets.joined(separator: ", ")
            return "unknown tap target \(quoted(text))\(hint(suggestion)): tap takes \(names) NAME, or nothing"
        case .missingSegmentName:
            return "tap segment: missing NAME (later, mailbox or archive)"
        case let .unknownSegment(name, suggestion):
            return "unknown segment \(quoted(name))\(hint(suggestion)): the segments are later, mailbox and archive"
        case let .unknownParameter(name, suggestion):
            return "unknown parameter \(quoted(name))\(hint(suggestion)): `params` lists them"
        case let .unknownAction(text, suggestion, actions):
            return "unknown action \(quoted(text))\(hint(suggestion)): act takes \(actions.joined(separator: ", "))"
        case let .unknownWord(text, suggestion, words, command):
            return "\(command): \(quoted(text)) is not \(words.joined(separator: " or "))\(hint(suggestion))"
        case .unknownOperator(let text):
            return "unknown operator \(quoted(text)): use ==, !=, <, <=, > or >="
        case let .unknownHelpTopic(text, suggestion):
            return "no command \(quoted(text))\(hint(suggestion)); `help` lists them"
        case let .unknownProperty(text, suggestion):
            return "unknown property \(quoted(text))\(hint(suggestion))"
        case let .unknownTimelineTarget(text, suggestion):
            return
                """
                unknown timeline target \(quoted(text))\(hint(suggestion)): use msgN, overlay, content, compose, \
                view.NAME or screen
                """
        case .doubleBang:
            return "'! !' is not allowed"
        case .bangExpect:
            return "'! expect' is not a check: write the opposite operator instead"
        case .notANumber(let text):
            return "\(quoted(text)) is not a number"
        case .notFinite(let text):
            return "\(quoted(text)) is not a finite number"
        case let .numberOutOfRange(text, exponent):
            return "\(quoted(text)) is out of range"
                + (exponent ? " (write numbers as plain decimals, like 0.3 or -180)" : "")
        case let .beyondLimit(command, parameter, text, limit):
            return
                """
                \(command): \(parameter) \(quoted(text)) is out of range \
                (−\(formatNumber(limit))…\(formatNumber(limit)))
                """
        case let .negativeDuration(command, text):
            return "\(command): a duration cannot be negative (got \(text))"
        case let .durationOutOfRange(command, parameter, text, max):
            return "\(command): \(parameter) \(quoted(text)) is out of range (0…\(formatNumber(max)) seconds)"
        case .negativeTolerance(let text):
            return "a tolerance cannot be negative (got \(text))"
        case let .wholeNumberOutOfRange(command, parameter, text, range):
            return
                """
                \(command): \(parameter) must be a whole number from \(range.lowerBound) to \(range.upperBound) \
                (got \(quoted(text)))
                """
        case let .notABool(path, text):
            return "\(path) is true or false, not \(quoted(text))"
        case let .notAColour(text, suggestion):
            return "\(quoted(text)) is not a colour\(hint(suggestion)): use a palette name (\(paletteNames)) or #RRGGBB"
        case let .notOneOf(path, names, text, suggestion):
            return "\(path) is one of \(names.joined(separator: ", ")), not \(quoted(text))\(hint(suggestion))"
        case let .orderOnUnordered(path, type):
            let kind = type == .color ? "a colour" : type == .bool ? "true or false" : "a name"
            return "\(path) is \(kind): compare it with == or !="
        case .toleranceNotNumericEquality:
            return "within applies to numeric == and != only"
        case .pictureFormat(let file):
            let formats = PictureRequest.Format.allCases.map { "." + $0.rawValue }.joined(separator: " or ")
            return "snapshot: \(quoted(file)) must end in \(formats)"
        case let .unknownExportFormat(word, suggestion, formats):
            let names = formats.joined(separator: ", ")
            return "export: unknown format \(quoted(word))\(hint(suggestion)): export writes \(names)"
        case let .setting(name, problem):
            return "set \(name): \(problem.message)"
        case .promptOnly(let command):
            return "\(command) works at the REPL prompt only"
        case .saveWithFingerDown(let target):
            return
                """
                save: lift the finger first (release): a saved script cannot end with a finger down (on \
                \(target.name))
                """
        case .fingerNeeded(let command):
            return "\(command): no finger is down (pan or edgepan first)"
        case .fingerStillDown(let target):
            return "the script ended with a finger still down on \(target.name) (end it with release)"
        case .model(let error):
            return error.message
        case .noPictures:
            return "snapshot: this run draws no pictures"
        case .noExports:
            return "export: this run writes no files"
        case let .exportWouldReplace(file, format):
            return "export: \(quoted(file)) exists; nothing was written (export \(format) \(file) --force replaces it)"
        case let .exportWouldReplaceInFolder(folder, files, format):
            let more = files.count - 1
            let rest = more == 0 ? "" : more == 1 ? " and 1 more file of the set" : " and \(more) more files of the set"
            return "export: \(quoted(folder)) holds \(files.first ?? "")\(rest) already; nothing was written "
                + "(export \(format) \(folder) --force replaces \(files.count == 1 ? "it" : "them"))"
        case let .cannotWrite(command, reason):
            return "\(command): \(reason)"
        case let .cannotLoad(_, reason):
            return "load: \(reason)"
        case .alreadyLoading(let file):
            return "load: \(quoted(file)) is already being loaded (a file cannot load itself)"
        case .loadsTooDeep(let limit):
            return "load: more than \(limit) files are being loaded inside each other"
        }
    }

    private var paletteNames: String { PaletteColor.allCases.map({ $0.rawValue }).joined(separator: ", ") }
}

extension SettingProblem {
    /// What is wrong with the value, after `set NAME: `.
    public var message: String {
        switch self {
        case .missingValue(let synopsis):
            return "missing the value (\(synopsis))"
        case let .unexpectedWord(word, synopsis):
            return "unexpected \(quoted(word)) (it takes \(synopsis))"
        case let .outOfRange(text, range, unit):
            let unitText = unit.isEmpty ? "" : " " + unit
            return
                """
                \(quoted(text)) is out of range \
                (\(formatNumber(range.lowerBound))…\(formatNumber(range.upperBound))\(unitText))
                """
        case let .durationOutOfRange(text, max):
            return "a duration is more than 0 and at most \(formatNumber(max)) seconds (got \(quoted(text)))"
        case let .wholeNumberOutOfRange(text, range):
            return "N must be a whole number from \(range.lowerBound) to \(range.upperBound) (got \(quoted(text)))"
        case let .notAColour(text, suggestion):
            return "\(quoted(text)) is not a colour\(hint(suggestion)): use #RRGGBB or a palette name (its SPEC colour)"
        case let .notOnOff(text, suggestion):
            return "\(quoted(text)) is not on or off\(hint(suggestion))"
        case .menuReleasePositionMissing:
            return "write position N, with N from 0 to \(formatNumber(Metrics.screenWidth))"
        case .menuReleasePositionOutOfRange(let text):
            return "position \(quoted(text)) is out of range (0…\(formatNumber(Metrics.screenWidth)) pt of content.x)"
        case .menuReleaseDistanceMissing:
            return "write distance N, with N from 0 to \(formatNumber(Metrics.screenWidth))"
        case .menuReleaseDistanceOutOfRange(let text):
            let width = formatNumber(Metrics.screenWidth)
            return "distance \(quoted(text)) is out of range (0…\(width) pt the finger moves)"
        case let .notAMenuRelease(text, suggestion):
            return "\(quoted(text)) is not velocity, position N or distance N\(hint(suggestion))"
        case let .notAChoice(text, choices, suggestion):
            return "\(quoted(text)) is not \(choices.joined(separator: " or "))\(hint(suggestion))"
        case .fadeRange:
            return
                """
                write near, or S E: the icon's alpha 0 up to |x| S and 1 from E, with 0 ≤ S < E ≤ \
                \(formatNumber(Metrics.screenWidth))
                """
        case let .unknownProfile(text, suggestion, profiles):
            let names = profiles.joined(separator: ", ")
            return "unknown profile \(quoted(text))\(hint(suggestion)): the profiles are \(names)"
        case let .curveTakesNoNumbers(curve, got):
            return "\(curve) takes no numbers (got \(quoted(got)))"
        case .curveArity(.bezier):
            return "write bezier X1 Y1 X2 Y2 (the two control points, X1 and X2 from 0 to 1)"
        case .curveArity(.spring):
            return "write spring DAMPING RESPONSE (damping ratio above 0, response in seconds above 0)"
        case let .bezierTimeRange(x1, x2):
            return
                """
                a Bézier's X1 and X2 must be from 0 to 1 (time runs forward), got \(formatNumber(x1)) and \
                \(formatNumber(x2))
                """
        case .bezierValueRange:
            return "a Bézier's Y1 and Y2 must be from -100 to 100"
        case .springDampingRange(let ratio):
            return
                "a spring's damping ratio must be above 0 and at most 100 (1 is critical), got \(formatNumber(ratio))"
        case .springResponseRange(let response):
            return "a spring's response must be from 0.01 to 60 seconds, got \(formatNumber(response))"
        case let .unknownSpringNotation(text, suggestion):
            let tools = SpringNotation.tools.joined(separator: ", ")
            return
                """
                unknown spring notation \(quoted(text))\(hint(suggestion)): write spring DAMPING RESPONSE or \
                spring TOOL …, with TOOL one of \(tools)
                """
        case let .springNotationForm(tool, forms):
            return "write \(forms.joined(separator: " or ")) (\(tool) takes its numbers in this order)"
        case let .springNotationValue(keyword, got, allowed):
            return "\(keyword) must be \(allowed.words), got \(formatNumber(got))"
        case let .springConverted(written, ratio, response):
            return
                "\(written) converts to damping ratio \(formatExact(ratio)) and response \(formatExact(response)) s, "
                + "outside mailsim's spring (damping ratio above 0 and at most 100, response from 0.01 to 60 seconds)"
        case let .unknownCurve(text, suggestion):
            return
                """
                unknown curve \(quoted(text))\(hint(suggestion)): use linear, easeIn, easeOut, easeInOut, \
                default, bezier X1 Y1 X2 Y2 or spring DAMPING RESPONSE
                """
        case let .thresholds(side, problem):
            return
                """
                the \(side.rawValue) side needs 0 < near < far ≤ \(formatNumber(Metrics.slideDistance)): \
                \(problem.message)
                """
        case .menuNotClosed:
            return "close the menu first (tap menu, then settle)"
        }
    }
}

extension SpringInputRange {
    /// What a number may be, in words: `above 0`, `above -1 and below 1`, `from 0 to 20`, `above 0 and at most 200`.
    public var words: String {
        switch self {
        case .positive: "above 0"
        case let .open(low, high): "above \(formatNumber(low)) and below \(formatNumber(high))"
        case let .closed(low, high): "from \(formatNumber(low)) to \(formatNumber(high))"
        case .upTo(let high): "above 0 and at most \(formatNumber(high))"
        }
    }
}

/// ` (did you mean 'x'?)`, or nothing.
private func hint(_ suggestion: String?) -> String {
    suggestion.map { " (did you mean '\($0)'?)" } ?? ""
}
