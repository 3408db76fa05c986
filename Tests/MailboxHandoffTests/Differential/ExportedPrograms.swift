import Foundation
import MailboxHandoff
import MailboxSim

/// The exported code of every tuning, built and run: the Swift files compiled with `swiftc` into one program with
/// the Swift driver, the modules run by Node with the JavaScript driver. Each answers the cases' lines.
struct ExportedPrograms {
    let folder: URL

    /// Writes each tuning's exports (types `Tuning0`…, modules `tuning0.mjs`…) and the two drivers into a fresh folder.
    init(tunings: [Settings]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mailsim-handoff-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, settings) in tunings.enumerated() {
            let options = HandoffOptions(typeName: "Tuning\(index)", generator: "mailsim (differential test)")
            try HandoffExport.render(.swift, settings: settings, options: options)
                .write(to: folder.appendingPathComponent("Tuning\(index).swift"), atomically: true, encoding: .utf8)
            try HandoffExport.render(.js, settings: settings, options: options)
                .write(to: folder.appendingPathComponent("tuning\(index).mjs"), atomically: true, encoding: .utf8)
        }
        try DriverSources.swift(tunings: tunings.count)
            .write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        try DriverSources.javaScript(tunings: tunings.count)
            .write(to: folder.appendingPathComponent("driver.mjs"), atomically: true, encoding: .utf8)
    }

    /// Compiles the Swift files as they were exported, in Swift 6's language mode: whether it built, and the
    /// compiler's messages.
    func compileSwift(tunings: Int) throws -> (built: Bool, messages: String) {
        let sources = (0..<tunings).map { "Tuning\($0).swift" } + ["main.swift"]
        let result = try ExportedPrograms.run(
            ["swiftc", "-swift-version", "6", "-o", "driver"] + sources, in: folder, input: Data())
        return (result.status == 0, result.output + result.errors)
    }

    /// The Swift program's answers to `input`.
    func runSwift(_ input: Data) throws -> (lines: [Substring], errors: String) {
        let result = try ExportedPrograms.run([folder.appendingPathComponent("driver").path], in: folder, input: input)
        return (result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast(), result.errors)
    }

    /// Node's answers to `input`.
    func runJavaScript(_ input: Data) throws -> (lines: [Substring], errors: String) {
        let result = try ExportedPrograms.run(["node", "driver.mjs"], in: folder, input: input)
        return (result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast(), result.errors)
    }

    /// Runs `arguments` (found on the PATH) in `folder` with `input` on its standard input; its output and errors go
    /// through files, so no pipe fills while the test waits.
    static func run(_ arguments: [String], in folder: URL, input: Data) throws
        -> (status: Int32, output: String, errors: String)
    {
        let name = arguments[0].split(separator: "/").last!
        let inputFile = folder.appendingPathComponent("\(name).in")
        let outputFile = folder.appendingPathComponent("\(name).out")
        let errorFile = folder.appendingPathComponent("\(name).err")
        try input.write(to: inputFile)
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        process.waitUntilExit()
        return (
            process.terminationStatus, try String(contentsOf: outputFile, encoding: .utf8),
            try String(contentsOf: errorFile, encoding: .utf8)
        )
    }
}
