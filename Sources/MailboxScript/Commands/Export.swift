import MailboxAnimation
import MailboxSim
import MailboxText

// `export FORMAT FILE [--force]`: the settings in force as code or tokens (SPEC §4).
extension CommandTable {
    static let export = CommandSpec(
        "export", traits: .touchesFiles, [.required(.format, .exportFormat), .required(.file, .file), .flag(.force)],
        summary: "write the settings in force as code or design tokens: "
            + ExportFormat.names.joined(separator: ", "),
        details: "Writes the parameters in force now (the profile and every set) to FILE as FORMAT, the hand-off "
            + "to an app or a design tool (docs/handoff.md): "
            + ExportFormat.allCases.map { "\($0.rawValue), \($0.summary)" }.joined(separator: "; ")
            + ". swift and js are sets of files, none over 400 lines: FILE is the folder they go in (made when "
            + "missing); tokens and css are one file each. `mailsim export FORMAT SCRIPT` writes the same from the "
            + "command line. In a script FILE is relative to the script's folder, at the prompt to the current "
            + "directory, as for snapshot. An existing file is replaced only with --force (at the prompt, also when "
            + "you answer y to `overwrite FILE? [y/N]`), and when any file of a set would be refused none is "
            + "written; the script being run is never replaced. Changes nothing and takes no time.",
        example: "export swift Handoff"
    ) { a throws(ScriptError) in
        guard let format = a.word(.format).flatMap(ExportFormat.init(rawValue:)) else {
            throw Arguments.missing(.format, "export")
        }
        return .export(format, file: try a.required(word: .file, of: "export"), force: a.flag(.force))
    } arguments: { command in
        guard case let .export(format, file, force) = command else { return nil }
        return Arguments([(.format, .text(format.rawValue)), (.file, .text(file)), (.force, .present(force))])
    }
}

extension Session {
    /// `export`: the settings in force, for the front end to render and write.
    func performExport(_ format: ExportFormat, file: String, force: Bool, into outcome: inout Outcome) {
        outcome.effect = .report(
            .export(ExportRequest(format: format, file: file, force: force, settings: screen.settings)))
    }
}
