import ArgumentParser
import Glibc
import MailboxText

extension MailsimCommand {
    /// The entry point. The calls scripts and CI make in tight loops (`run FILE…`, `test PATH…`, a script on
    /// standard input) are read by `FastPath`; everything else, help and errors included, by ArgumentParser,
    /// whose reflection costs a few milliseconds at start-up.
    static func main() {
        // A write error on standard output is an error whatever printed (ArgumentParser's --help included).
        Console.checkWritesAtExit()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let status = FastPath.run(arguments) {
            Glibc.exit(status)
        }
        if let status = unknownSubcommand(arguments) { Glibc.exit(status) }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            // --help and --version still exit 0, and a command's own status passes through.
            let code = exitCode(for: error)
            if code == .success || error is ExitCode { exit(withError: error) }
            // Any other error is written as mailsim writes every error, `error: …` (ArgumentParser's is
            // `Error: …`); a usage error is an error like any other, exit 2 (README "Exit status"), not sysexits' 64.
            Console.error(lowercasedErrorPrefix(fullMessage(for: error)))
            Glibc.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }

    /// ArgumentParser's message with its `Error: ` as mailsim writes every error, `error: ` (SPEC §7.12); a message
    /// without it (a validation's own words) is given it.
    static func lowercasedErrorPrefix(_ message: String) -> String {
        if message.hasPrefix("Error: ") { return errorPrefix + message.dropFirst("Error: ".count) }
        return message.hasPrefix(errorPrefix) ? message : errorLine(message)
    }

    /// `mailsim tset`: a first word that is no subcommand (and no option) is an unknown command, with a hint,
    /// rather than an argument the REPL does not take. The exit status, or nil when the word is a subcommand.
    static func unknownSubcommand(_ arguments: [String]) -> Int32? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let names = ["help"] + configuration.subcommands.map { $0._commandName }
        if names.contains(first) { return nil }
        let commands = names.filter { $0 != "repl" && $0 != "help" }
        let hint = didYouMean(first, in: commands)
        Console.error(
            errorLine("unknown command \(quoted(first))\(hint)")
                + (hint.isEmpty ? ": the commands are \(commands.joined(separator: ", ")) (mailsim --help)" : ""))
        return 2
    }
}

/// Reads the plain forms of the common calls (`run`, `test`, a script on standard input, `--version`) by hand and
/// runs them; nil for anything else (an unknown or repeated option, `--help`, `--`, a missing argument), which
/// ArgumentParser then reads and reports.
enum FastPath {
    /// The exit status of the call, or nil when ArgumentParser should read it.
    static func run(_ arguments: [String]) -> Int32? {
        guard let first = arguments.first else {
            // `mailsim` alone: a script on standard input (the REPL on a terminal is ArgumentParser's).
            if Console.inputIsTerminal { return nil }
            return ScriptPrinter.runStandardInput(trace: false, color: nil)
        }
        let rest = arguments.dropFirst()
        switch first {
        case "run":
            guard let call = RunCall(rest) else { return nil }
            return MailsimCommand.Run.execute(
                files: call.files, trace: call.trace, color: call.color,
                traceEvents: call.traceEvents)
        case "--version" where rest.isEmpty:
            // What ArgumentParser prints for it, without its start-up.
            Console.out(MailsimCommand.versionLine)
            return 0
        case "test":
            guard let call = TestCall(rest) else { return nil }
            var options = TestOptions(paths: call.paths)
            options.jobs = call.jobs
            options.style = Style.resolve(nil)
            return TestRun.execute(options)
        default:
            return nil
        }
    }

    /// `run [--trace] [--color WHEN] [--trace-events FILE] FILE…`, options anywhere, each at most once.
    struct RunCall {
        var files: [String] = []
        var trace = false
        var color: ColorChoice?
        var traceEvents: String?

        init?(_ arguments: ArraySlice<String>) {
            var rest = arguments
            var seenTrace = false
            while let argument = rest.popFirst() {
                if !argument.hasPrefix("-") || argument == "-" {
                    files.append(argument)
                } else if argument == "--trace" && !seenTrace {
                    seenTrace = true
                    trace = true
                } else if color == nil, let value = FastPath.value(of: "--color", argument, &rest),
                    let choice = ColorChoice(rawValue: value)
                {
                    color = choice
                } else if traceEvents == nil, let value = FastPath.value(of: "--trace-events", argument, &rest),
                    !value.isEmpty
                {
                    traceEvents = value
                } else {
                    return nil
                }
            }
            if files.isEmpty || files.contains("help") { return nil }
        }
    }

    /// `test [--jobs N] [PATH…]`.
    struct TestCall {
        var paths: [String] = []
        var jobs: Int?

        init?(_ arguments: ArraySlice<String>) {
            var rest = arguments
            while let argument = rest.popFirst() {
                if !argument.hasPrefix("-") {
                    paths.append(argument)
                } else if jobs == nil, let value = FastPath.value(of: "--jobs", argument, &rest),
                    let n = Int(value), n >= 1
                {
                    jobs = n
                } else {
                    return nil
                }
            }
            if paths.isEmpty { paths = MailsimCommand.Test.defaultPaths }
            if paths.contains("help") { return nil }
        }
    }

    /// The value of `--name VALUE` or `--name=VALUE` (taking VALUE from `rest` in the first form).
    static func value(of name: String, _ argument: String, _ rest: inout ArraySlice<String>) -> String? {
        if argument == name {
            guard let value = rest.first, !value.hasPrefix("-") else { return nil }
            rest.removeFirst()
            return value
        }
        guard argument.hasPrefix(name + "=") else { return nil }
        return String(argument.dropFirst(name.count + 1))
    }
}
