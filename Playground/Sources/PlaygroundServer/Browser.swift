import Foundation

/// Prints where the playground is, and opens it with xdg-open when asked.
enum Browser {
    static func announce(_ url: String, open: Bool, log: Log) {
        // Unbuffered, so that a program reading the address sees it at once.
        FileHandle.standardOutput.write(Data("playground at \(url)\n".utf8))
        guard open else { return }
        guard let opener = which("xdg-open") else {
            log.line("--open: xdg-open is not installed; open \(url) in a browser")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { log.line("--open: cannot run \(opener): \(error)") }
    }

    static func which(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
