import ArgumentParser
import MailboxJSON
import MailboxReports
import MailboxScript
import MailboxText

extension MailsimCommand {
    /// `mailsim run FILE...`: runs scripts, each in a fresh simulation.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run scripts, each in a fresh simulation.",
            discussion: "Exit status: 0 when every expectation held, 1 when an expectation failed, 2 on an error."
        )

        @Argument(
            help: "The .mbs scripts to run, in order; - reads one from standard input.",
            completion: .file(extensions: ["mbs"]))
        var files: [String]

        @Flag(name: .long, help: "Also print every animation and event as it happens.")
        var trace = false

        @Option(
            name: .customLong("trace-events"),
            help: ArgumentHelp(
                """
                Also write every animation and event of the run to FILE (- for standard output) in Chrome's Trace \
                Event Format (open it in Perfetto or chrome://tracing).
                """,
                valueName: "file"), completion: .file(extensions: ["json"]))
        var traceEvents: String?

        @OptionGroup var output: OutputOptions

        func validate() throws {
            if files.isEmpty { throw ValidationError("name at least one script to run") }
        }

        func run() throws {
            let status = Run.execute(files: files, trace: trace, color: output.color, traceEvents: traceEvents)
            if status != 0 { throw ExitCode(status) }
        }

        /// Runs `files` in order, each in a fresh session; the exit status (an error in any file wins). With
        /// `traceEvents`, the whole run's timeline is written there too, whatever the scripts' outcome; a file that
        /// cannot be written is an error (status 2).
        static func execute(files: [String], trace: Bool, color: ColorChoice?, traceEvents: String? = nil) -> Int32 {
            let printer = ScriptPrinter(trace: trace, style: Style.resolve(color))
            for file in files { FileSystem.protectInput(file) }
            guard let traceEvents else {
                var status: Int32 = 0
                for file in files {
                    // `-` is standard input, named `<stdin>` in diagnostics as when mailsim reads a piped script.
                    status = max(status, printer.run(file: file).exitCode)
                }
                return status
            }
            do throws(FileSystem.Failure) {
                try FileSystem.refuseInput(traceEvents, for: "--trace-events")
            } catch {
                Console.error(printer.style.error(errorLine(error.message)))
                return 2
            }
            var status: Int32 = 0
            var events = TraceEvents()
            for file in files {
                events.beginScript(FileRunner.displayName(file))
                status = max(status, printer.run(file: file, collecting: &events).exitCode)
            }
            // `-` is standard output, as it is for a script read from standard input.
            if traceEvents == "-" {
                Console.out(events.json.text)
                return status
            }
            do throws(FileSystem.Failure) {
                try FileSystem.write(events.json.text + "\n", to: traceEvents)
            } catch {
                Console.error(printer.style.error(errorLine("--trace-events: \(error.message)")))
                return 2
            }
            return status
        }
    }
}
