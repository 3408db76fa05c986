import MailboxSim
import MailboxText

/// Why a line was refused, as data: what was wrong with it, or what the screen refused (`model`). Like
/// swift-argument-parser's `ParserError`, each case holds the facts (boxed: `indirect`, so a line's result stays
/// small on the path that has no error); the words a person reads are rendered by the
/// reports layer (`ScriptError.message` in `MailboxReports`), so tests and sinks compare cases, not text.
public indirect enum ScriptError: Error, Equatable, Sendable {
    // MARK: Reading the line
    /// A byte sequence that is not UTF-8; `byte` counts from 1.
    case invalidUTF8(byte: Int)
    /// A line longer than `ScriptLimits.maxLineBytes`.
    case lineTooLong(maxBytes: Int)
    /// A control or invisible character that cannot stand in a command.
    case unprintableCharacter(UnprintableKind, Unicode.Scalar, column: Int)
    /// A quoted value (`"hello world"`) that does not read: no closing quote, an unknown escape, or text glued to
    /// its closing quote; `column` is where.
    case badQuote(ValueQuoting.Problem.Kind, column: Int)

    // MARK: Words
    case unknownCommand(String, suggestion: String?)
    /// A required argument left out (`usage` is the command's synopsis).
    case missingArgument(command: String, parameter: String, usage: String)
    /// `in` or `within` as the last word.
    case missingAfterKeyword(command: String, parameter: String, keyword: String, usage: String)
    case unexpectedWord(command: String, word: String, usage: String)
    /// `release #lift`: a comment written without its blank; `rewrite` is the line as it should be.
    case gluedComment(command: String, word: String, rewrite: String)
    /// `expect msg1.x==0`; `rewrite` is the line with blanks around the operator.
    case gluedOperator(command: String, rewrite: String)
    case unknownOption(command: String, option: String, suggestion: String?, usage: String)
    case unknownPanTarget(String, suggestion: String?, command: String)
    case unknownMessage(String, suggestion: String?, command: String)
    case unknownTapTarget(String, suggestion: String?, targets: [String])
    case missingSegmentName
    case unknownSegment(String, suggestion: String?)
    case unknownParameter(String, suggestion: String?)
    case unknownAction(String, suggestion: String?, actions: [String])
    /// A word that is none of a `choice` argument's (`swipe msg1 nearr left`).
    case unknownWord(String, suggestion: String?, words: [String], command: String)
    case unknownOperator(String)
    case unknownHelpTopic(String, suggestion: String?)
    case unknownProperty(String, suggestion: String?)
    case unknownTimelineTarget(String, suggestion: String?)
    /// `! !`.
    case doubleBang
    /// `! expect`.
    case bangExpect

    // MARK: Numbers
    case notANumber(String)
    /// `nan`, `inf`.
    case notFinite(String)
    /// Too many digits, or an exponent (`exponent`: written as 1e5).
    case numberOutOfRange(String, exponent: Bool)
    /// A distance or velocity beyond ±`limit`.
    case beyondLimit(command: String, parameter: String, text: String, limit: Double)
    case negativeDuration(command: String, text: String)
    case durationOutOfRange(command: String, parameter: String, text: String, max: Double)
    case negativeTolerance(String)
    case wholeNumberOutOfRange(command: String, parameter: String, text: String, range: ClosedRange<Int>)

    // MARK: Values
    case notABool(path: String, text: String)
    case notAColour(String, suggestion: String?)
    case notOneOf(path: String, names: [String], text: String, suggestion: String?)
    /// `<` on a colour, name or truth value.
    case orderOnUnordered(path: String, ValueType)
    /// `within` on anything but numeric `==` and `!=`.
    case toleranceNotNumericEquality
    /// A `snapshot` file that is neither .svg nor .png.
    case pictureFormat(file: String)
    /// An `export` format that is none of `ExportFormat`'s.
    case unknownExportFormat(String, suggestion: String?, formats: [String])

    // MARK: Settings
    /// `set NAME …` refused: why.
    case setting(String, SettingProblem)

    // MARK: Where it runs
    /// `save` and `load` outside the prompt.
    case promptOnly(command: String)
    /// `save` with a finger down: the saved script would end with one.
    case saveWithFingerDown(PanTarget)
    /// A command that acts on the finger that is down (`hold`), with none down.
    case fingerNeeded(command: String)
    /// A script (or `quit`) that ends with a finger down.
    case fingerStillDown(PanTarget)
    /// The screen refused the command.
    case model(MailboxError)

    // MARK: The front end's part
    /// `snapshot` in a run that draws no pictures.
    case noPictures
    /// `export` in a run that writes no exports.
    case noExports
    /// `export FORMAT FILE` where FILE exists, without `--force` (and, at the prompt, without a yes).
    case exportWouldReplace(file: String, format: String)
    /// `export swift|js FOLDER` where FOLDER holds `files` of the set already, without `--force` (or a yes).
    case exportWouldReplaceInFolder(folder: String, files: [String], format: String)
    /// A file that could not be written (`reason` is the system's words).
    case cannotWrite(command: String, reason: String)
    /// `load` of a file that could not be read.
    case cannotLoad(String, reason: String)
    /// `load` of a file that is already being loaded.
    case alreadyLoading(String)
    /// `load`s nested deeper than `ScriptLimits.maxLoadDepth`.
    case loadsTooDeep(limit: Int)
}

/// The kind of character a command cannot hold.
public enum UnprintableKind: String, Equatable, Sendable {
    case control, invisible
}

/// Why `set NAME VALUE…` cannot take the value.
public enum SettingProblem: Equatable, Sendable {
    case missingValue(synopsis: String)
    case unexpectedWord(String, synopsis: String)
    case outOfRange(String, range: ClosedRange<Double>, unit: String)
    case durationOutOfRange(String, max: Double)
    case wholeNumberOutOfRange(String, range: ClosedRange<Int>)
    case notAColour(String, suggestion: String?)
    case notOnOff(String, suggestion: String?)
    /// `menu.release position` without its N.
    case menuReleasePositionMissing
    case menuReleasePositionOutOfRange(String)
    /// `menu.release distance` without its N, or with one out of range.
    case menuReleaseDistanceMissing
    case menuReleaseDistanceOutOfRange(String)
    case notAMenuRelease(String, suggestion: String?)
    /// A word that is none of a parameter's few.
    case notAChoice(String, choices: [String], suggestion: String?)
    /// `icon.fade` that is neither `near` nor `S E` with 0 ≤ S < E ≤ 320.
    case fadeRange
    case unknownProfile(String, suggestion: String?, profiles: [String])
    case curveTakesNoNumbers(curve: String, got: String)
    /// A `bezier` or `spring` with the wrong count of numbers.
    case curveArity(CurveForm)
    case bezierTimeRange(x1: Double, x2: Double)
    case bezierValueRange
    case springDampingRange(Double)
    case springResponseRange(Double)
    /// `spring WORD` where WORD is neither a number nor a tool of `SpringNotation.all`.
    case unknownSpringNotation(String, suggestion: String?)
    /// A tool's words that are none of its forms: the forms it has (`spring swiftui duration D bounce B`).
    case springNotationForm(tool: String, forms: [String])
    /// A number of a notation outside what the tool takes.
    case springNotationValue(keyword: String, got: Double, allowed: SpringInputRange)
    /// A notation whose spring falls outside mailsim's: the damping ratio and response it converts to.
    case springConverted(written: String, dampingRatio: Double, response: Double)
    case unknownCurve(String, suggestion: String?)
    /// A threshold that leaves a side without 0 < near < far ≤ 320.
    case thresholds(side: Side, ThresholdProblem)
    /// `menu.open` while the menu is not closed.
    case menuNotClosed
}

/// The two curves written with numbers.
public enum CurveForm: Equatable, Sendable {
    case bezier, spring
}

/// A side of the row: left swipes (x < 0) or right swipes (x > 0).
public enum Side: String, Equatable, Sendable {
    case left, right
}
