import Foundation
import MailboxHandoff
import MailboxSim
import Testing

/// The exported code of every tuning, built and run: the Swift files compiled with `swiftc` into one program with
/// the Swift driver, the modules run by Node with the JavaScript driver. Each answers the cases' lines.
struct ExportedPrograms {
    let folder: URL
    /// The Swift files of every tuning's set, in order.
    let swiftFiles: [String]

    /// Writes each tuning's exports (types `Tuning0`… in `Tuning0.swift`, `Tuning0+Types.swift`…; modules
    /// `tuning0.mjs`, which imports `tuning0.parameters.mjs`…) and the two drivers into a fresh folder.
    init(tunings: [Settings]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mailsim-handoff-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var swiftFiles: [String] = []
        for (index, settings) in tunings.enumerated() {
            let options = HandoffOptions(typeName: "Tuning\(index)", generator: "mailsim (differential test)")
            let swift = HandoffExport.files(.swift, settings: settings, options: options)
            let javaScript = HandoffExport.files(.js, settings: settings, options: options)
            #expect(swift.first?.name == "Tuning\(index).swift" && javaScript.first?.name == "tuning\(index).mjs")
            for file in swift + javaScript {
                try file.text.write(to: folder.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
            }
            swiftFiles += swift.map(\.name)
        }
        self.swiftFiles = swiftFiles
        try DriverSources.swift(tunings: tunings.count)
            .write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        try DriverSources.javaScript(tunings: tunings.count)
            .write(to: folder.appendingPathComponent("driver.mjs"), atomically: true, encoding: .utf8)
    }

    /// Starts compiling the Swift files as they were exported, in Swift 6's language mode (the test asks the model
    /// meanwhile): `wait()` tells whether it built, with the compiler's messages.
    func compileSwift() throws -> Started {
        let sources = swiftFiles + ["main.swift"]
        // swiftc compiles one file at a time unless told: on every core, it takes half as long on two.
        let jobs = String(ProcessInfo.processInfo.activeProcessorCount)
        return try ExportedPrograms.start(
            ["swiftc", "-swift-version", "6", "-j", jobs, "-o", "driver"] + sources, in: folder, input: Data())
    }

    /// Starts the Swift program on `input`.
    func runSwift(_ input: Data) throws -> Started {
        try ExportedPrograms.start([folder.appendingPathComponent("driver").path], in: folder, input: input)
    }

    /// Starts Node on `input`.
    func runJavaScript(_ input: Data) throws -> Started {
        try ExportedPrograms.start(["node", "driver.mjs"], in: folder, input: input)
    }

    /// A program running in the background, its output and errors going to files.
    struct Started {
        let process: Process
        let outputFile: URL
        let errorFile: URL

        /// Waits for it: its exit status, output and errors.
        func wait() throws -> (status: Int32, output: String, errors: String) {
            process.waitUntilExit()
            return (
                process.terminationStatus, try String(contentsOf: outputFile, encoding: .utf8),
                try String(contentsOf: errorFile, encoding: .utf8)
            )
        }

        /// Waits for it, and splits its output into lines.
        func lines() throws -> (lines: [Substring], errors: String) {
            let result = try wait()
            return (result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast(), result.errors)
        }
    }

    /// Starts `arguments` (found on the PATH) in `folder` with `input` on its standard input; its output and errors go
    /// through files, so no pipe fills while the test does something else.
    static func start(_ arguments: [String], in folder: URL, input: Data) throws -> Started {
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
        return Started(process: process, outputFile: outputFile, errorFile: errorFile)
    }
}
