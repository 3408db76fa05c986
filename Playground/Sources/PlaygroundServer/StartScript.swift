import Foundation
import MailboxPlayground

/// The SCRIPT argument: read and run once, before the server starts; every session starts from it.
enum StartScript {
    static func load(_ path: String?, log: Log) throws(PlaygroundStartFailure) -> PlaygroundStart {
        guard let path else { return .empty }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let why =
                !exists
                ? "no such file" : isDirectory.boolValue ? "it is a directory" : "permission denied or unreadable"
            log.line("error: cannot read '\(path)': \(why)")
            log.line(didNotStart(path))
            throw PlaygroundStartFailure()
        }
        guard let text = String(data: data, encoding: .utf8) else {
            log.line("error: cannot read '\(path)': not UTF-8 text")
            log.line(didNotStart(path))
            throw PlaygroundStartFailure()
        }
        switch PlaygroundStart.script(text, name: path) {
        case .success(let start):
            return start
        case .failure(let error):
            log.line(error.message)
            log.line(didNotStart(path))
            throw PlaygroundStartFailure()
        }
    }

    /// The last line when the start script fails: nothing listens, and why.
    static func didNotStart(_ path: String) -> String {
        "error: the playground did not start: its start script '\(path)' must run to its end without an error"
    }
}
