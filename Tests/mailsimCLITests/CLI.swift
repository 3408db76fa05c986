import Foundation

/// Runs the built `mailsim` binary and captures what it printed.
struct CLI {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        var stdoutLines: [String] {
            stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(
                stdout.hasSuffix("\n") ? 1 : 0)
        }
    }

    /// The package root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `mailsim` sits beside the test binary in the build folder.
    static let binary: URL = {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = exe.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("mailsim")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return exe.deletingLastPathComponent().appendingPathComponent("mailsim")
    }()

    /// Runs mailsim in `directory` (the package root unless given).
    static func run(_ arguments: [String], stdin: String? = nil, in directory: URL? = nil) throws -> Result {
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? root
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
