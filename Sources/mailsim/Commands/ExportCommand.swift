import ArgumentParser
import MailboxHandoff
import MailboxReports
import MailboxScript
import MailboxSim
import MailboxText

extension HandoffFormat: ExpressibleByArgument {}

extension MailsimCommand {
    /// `mailsim export FORMAT [SCRIPT] [-o PATH]`: the settings in force (SPEC's, or those a script ends with) as
    /// code or design tokens, the hand-off (docs/handoff.md).
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the settings in force as code or design tokens (Swift, JavaScript, DTCG tokens, CSS).",
            discussion: """
                FORMAT is one of: \
                \(HandoffFormat.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: "; ")).

                Without SCRIPT, SPEC's defaults are exported; with SCRIPT, it runs as `mailsim run` runs it and the \
                settings in force at its end are exported (what its looking lines print is not shown). --profile and \
                then each --set are applied after it, in order. A script that fails (an error, or a failed expect) \
                writes nothing and prints its problems as `run` does.

                swift and js are sets of files, none over 400 lines: -o DIR writes them into the folder DIR (made \
                when missing), each atomically; tokens and css are one file each, and -o FILE writes it atomically. \
                An existing file is replaced only with --force, and the script itself never; when any file would be \
                refused, none is written.

                Without -o the files go to standard output one after another, a blank line apart, each starting \
                with a comment line that names it. The Swift files printed so still compile as one file; the \
                JavaScript modules import each other, so printed together they are for reading: use -o DIR.

                Exit status: 0 written; 1 an expectation of SCRIPT failed; 2 an error (the script's, a --set or \
                --name refused, a file exists without --force or cannot be written, a usage error). Nothing is written \
                unless the status is 0.
                """
        )

        @Argument(help: ArgumentHelp("The format to write.", valueName: "format"))
        var format: HandoffFormat

        @Argument(
            help: "A .mbs script whose settings at its end are exported (- reads standard input).",
            completion: .file(extensions: ["mbs"]))
        var script: String?

        @Option(
            name: [.customShort("o"), .long],
            help: ArgumentHelp(
                "Write into the folder PATH (swift, js) or to the file PATH (tokens, css), atomically, instead of "
                    + "standard output.", valueName: "path"),
            completion: .file())
        var output: String?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "The exported type's name (the JavaScript, token and CSS names are made from it).", valueName: "type"))
        var name = HandoffOptions.defaultTypeName

        @Flag(name: .long, help: "Replace the files -o names when they exist.")
        var force = false

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Start from this profile (\(Profile.allCases.map(\.rawValue).joined(separator: ", "))), after SCRIPT.",
                valueName: "name"))
        var profile: String?

        @Option(
            name: .customLong("set"),
            help: ArgumentHelp(
                """
                A parameter to set, as the set command takes it ('threshold.left.near 80'); repeatable, applied \
                in order after SCRIPT and --profile.
                """,
                valueName: "name value"))
        var sets: [String] = []

        @OptionGroup var style: OutputOptions

        func validate() throws {
            if let problem = HandoffOptions.problem(withTypeName: name) { throw ValidationError("--name: \(problem)") }
            if force && output == nil { throw ValidationError("--force replaces the files -o names: give -o PATH") }
        }

        func run() throws {
            let status = execute()
            if status != 0 { throw ExitCode(status) }
        }

        /// Exports, returning the exit status.
        func execute() -> Int32 {
            let style = Style.resolve(self.style.color)
            var settings = Settings()
            if let script {
                let printer = ProblemsOnlyPrinter(printer: ScriptPrinter(style: style, file: script))
                var ended: Settings?
                let report = FileRunner.run(script, trace: false, output: printer) { ended = $0.screen.settings }
                if let error = report.error, case .unreadable = error.kind {
                    Console.error(style.error(displayingName(script, in: error.text)))
                }
                guard report.exitCode == 0, let ended else { return report.exitCode == 0 ? 2 : report.exitCode }
                settings = ended
            }
            // `--profile NAME` is `set profile NAME`, before the --set options.
            let changes =
                (profile.map { [(option: "--profile \(quoted($0))", words: "profile " + $0)] } ?? [])
                + sets.map { (option: "--set \(quoted($0))", words: $0) }
            for change in changes {
                let words = change.words.split(whereSeparator: \.isWhitespace)
                do throws(ScriptError) {
                    guard let first = words.first else {
                        throw .missingArgument(
                            command: "set", parameter: "NAME",
                            usage: CommandTable.spec(named: "set")?.synopsis ?? "set NAME VALUE")
                    }
                    settings = try TunableTable.change(name: first, words: Array(words.dropFirst())).applied(
                        to: settings)
                } catch {
                    Console.error(style.error(errorLine("\(change.option): \(error.message)")))
                    return 2
                }
            }
            let files = ExportFiles.files(format, settings, typeName: name)
            guard let output, output != "-" else {
                Console.write(files.map(\.text).joined(separator: "\n"))
                return 0
            }
            guard format.isFileSet else {
                if !force && FileSystem.exists(output) {
                    return refuse(
                        "\(quoted(output)) exists; nothing was written (mailsim export \(format.rawValue) … -o "
                            + "\(output) --force replaces it)", style)
                }
                do throws(FileSystem.Failure) {
                    try FileSystem.write(files.map(\.text).joined(), to: output)
                } catch {
                    return refuse(error.message, style)
                }
                return 0
            }
            let existing = ExportFolder.existing(files, in: output)
            if !force && !existing.isEmpty {
                return refuse(
                    ExportFolder.holds(output, existing) + " already; nothing was written (mailsim export "
                        + "\(format.rawValue) … -o \(output) --force replaces \(existing.count == 1 ? "it" : "them"))",
                    style)
            }
            do throws(FileSystem.Failure) {
                try ExportFolder.write(files, into: output)
            } catch {
                return refuse(error.message, style)
            }
            return 0
        }

        /// Prints `message` as an error line; the exit status 2.
        private func refuse(_ message: String, _ style: Style) -> Int32 {
            Console.error(style.error(errorLine(message)))
            return 2
        }
    }
}

/// A script's problems as `mailsim run` prints them (failures and errors on standard error), without what its
/// looking lines print: standard output holds the export alone.
private final class ProblemsOnlyPrinter: OutputSink {
    let printer: ScriptPrinter
    init(printer: ScriptPrinter) { self.printer = printer }

    func emit(_ output: ScriptOutput) {
        if case .report = output { return }
        printer.emit(output)
    }
}
