import MailboxHandoff
import MailboxText

/// Writes the set of files of a swift or js export (`mailsim export FORMAT -o DIR`, `export FORMAT DIR`) into a
/// folder, made when missing, each file atomically (`FileSystem.write`). What could be refused is checked before
/// anything is written: the folder is a file, a file of the set exists without leave to replace it (the caller asks
/// `existing` first), or is an input of the run. So a refused export leaves the folder as it was.
enum ExportFolder {
    /// The path of the file `name` in `folder`.
    static func path(_ name: String, in folder: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The names of the files of `files` that exist in `folder` already, in the set's order.
    static func existing(_ files: [HandoffFile], in folder: String) -> [String] {
        files.map(\.name).filter { FileSystem.exists(path($0, in: folder)) }
    }

    /// `'Out' holds MailboxInteraction.swift and 4 more files of the set`: what a refusal says of `existing`.
    static func holds(_ folder: String, _ existing: [String]) -> String {
        let more = existing.count - 1
        let rest = more == 0 ? "" : more == 1 ? " and 1 more file of the set" : " and \(more) more files of the set"
        return "\(quoted(folder)) holds \(existing.first ?? "")\(rest)"
    }

    /// Makes `folder` when missing and writes every file of `files` into it, replacing those there.
    static func write(_ files: [HandoffFile], into folder: String) throws(FileSystem.Failure) {
        if FileSystem.exists(folder) && !FileSystem.isDirectory(folder) {
            throw FileSystem.Failure(
                message: "cannot write into \(quoted(folder)): it is a file, and this export is a set of files "
                    + "that goes into a folder; nothing was written")
        }
        for file in files {
            let target = path(file.name, in: folder)
            if let input = FileSystem.input(at: target) {
                throw FileSystem.Failure(
                    message: "cannot write \(quoted(target)): it is the script \(quoted(input)) this run reads; "
                        + "nothing was written")
            }
        }
        try FileSystem.makeDirectories(folder)
        for file in files { try FileSystem.write(file.text, to: path(file.name, in: folder)) }
    }
}
