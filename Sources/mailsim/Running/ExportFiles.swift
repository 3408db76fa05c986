import MailboxHandoff
import MailboxScript
import MailboxSim

/// Renders what `export FORMAT FILE` asks for (`HandoffExport`) and writes it atomically (`FileSystem.write`):
/// tokens and css to the file FILE, the set of files of swift and js into the folder FILE (`ExportFolder`).
/// FILE is relative to the folder of `script` (nil at the prompt and for standard input: the current directory),
/// as `snapshot`'s is. An existing file is replaced only with `--force`, or when `confirm` (the prompt's
/// `overwrite FILE? [y/N]`) answers yes; a script run has no one to ask. The script being run is never replaced,
/// even with `--force` (`FileSystem.write` and `ExportFolder` refuse an input of the run).
final class ExportFiles: ExportSink {
    let script: String?
    /// Asks whether FILE (as written on the line) may be replaced; nil where no one can answer.
    let confirm: ((String) -> Bool)?

    init(script: String? = nil, confirm: ((String) -> Bool)? = nil) {
        self.script = script
        self.confirm = confirm
    }

    func write(_ request: ExportRequest, line: Int) throws(ScriptError) {
        let path = FileSystem.path(request.file, inScript: script)
        let files = ExportFiles.files(request.format, request.settings)
        guard request.format.isFileSet else {
            if !request.force && FileSystem.exists(path) && !(confirm?(request.file) ?? false) {
                throw .exportWouldReplace(file: request.file, format: request.format.rawValue)
            }
            do throws(FileSystem.Failure) {
                try FileSystem.write(files.map(\.text).joined(), to: path)
            } catch {
                throw .cannotWrite(command: "export", reason: error.message)
            }
            return
        }
        let existing = ExportFolder.existing(files, in: path)
        if !request.force && !existing.isEmpty
            && !(confirm?(ExportFolder.path(existing.joined(separator: ", "), in: request.file)) ?? false)
        {
            throw .exportWouldReplaceInFolder(
                folder: request.file, files: existing, format: request.format.rawValue)
        }
        do throws(FileSystem.Failure) {
            try ExportFolder.write(files, into: path)
        } catch {
            throw .cannotWrite(command: "export", reason: error.message)
        }
    }

    /// The files of an export of `settings`, as every front end of mailsim writes them: the type named
    /// `typeName`, the generator `mailsim VERSION`.
    static func files(
        _ format: HandoffFormat, _ settings: Settings,
        typeName: String = HandoffOptions.defaultTypeName
    ) -> [HandoffFile] {
        HandoffExport.files(format, settings: settings, options: options(typeName: typeName))
    }

    /// The options every export of this program carries.
    static func options(typeName: String = HandoffOptions.defaultTypeName) -> HandoffOptions {
        HandoffOptions(typeName: typeName, generator: "mailsim \(MailsimCommand.version)")
    }
}
