import Foundation
import MailboxHandoff
import MailboxSim
import Testing

/// The page's download of a set of exported files, a store-only ZIP (`StoredZip`, `HandoffExport.download`): read
/// back whole by Python's zipfile (its CRC-32 checked) and accepted by `unzip -t`, the files in one folder named as
/// the archive; the same bytes every time.
@Suite struct StoredZipTests {
    /// The files of `zip` by path, and their text, as Python's zipfile reads them (`testzip` checks every CRC-32).
    static func unzipped(_ zip: [UInt8]) throws -> [String: String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mailsim-zip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.zip")
        try Data(zip).write(to: file)
        let script = """
            import json, sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                bad = z.testzip()
                assert bad is None, bad
                assert all(i.compress_type == zipfile.ZIP_STORED for i in z.infolist())
                print(json.dumps({i.filename: z.read(i).decode("utf-8") for i in z.infolist()}))
            """
        let output = try run(["python3", "-c", script, file.path])
        #expect(output.status == 0, "\(output.errors)")
        let tested = try run(["unzip", "-t", file.path])
        #expect(tested.status == 0 && tested.output.contains("No errors detected"), "\(tested.output)")
        return try JSONDecoder().decode([String: String].self, from: Data(output.output.utf8))
    }

    /// `files` as the archive `name` holds them: in the folder named as it.
    static func folder(_ name: String, _ files: [HandoffFile]) -> [String: String] {
        let stem = String(name.dropLast(".zip".count))
        return Dictionary(uniqueKeysWithValues: files.map { ("\(stem)/\($0.name)", $0.text) })
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test(arguments: [HandoffFormat.swift, .js]) func aSetDownloadsAsAZipOfOneFolder(_ format: HandoffFormat) throws {
        let files = HandoffExport.files(format, settings: Settings())
        let zip = try HandoffExport.download(format, files)
        #expect(try Self.unzipped(zip) == Self.folder(format.downloadName(), files))
        #expect(try HandoffExport.download(format, files) == zip, "the same bytes each time")
        #expect(format.mediaType == "application/zip")
    }

    @Test func namesAndEdgesReadBack() throws {
        let files: [(path: String, bytes: [UInt8])] = [
            ("empty.txt", []), ("dir/naïve ✓.txt", Array("é\n".utf8)),
            ("big.txt", (0..<70_000).map { UInt8(ascii: "a") + UInt8($0 % 26) })
        ]
        let zip = try StoredZip.archive(files)
        let read = try Self.unzipped(zip)
        #expect(read.count == 3 && read["empty.txt"] == "" && read["dir/naïve ✓.txt"] == "é\n")
        #expect(read["big.txt"] == String(decoding: files[2].bytes, as: UTF8.self))
        // Local header, stored, and the end record's count of entries.
        #expect(Array(zip.prefix(4)) == [0x50, 0x4B, 0x03, 0x04])
        #expect(Array(zip.suffix(22).prefix(4)) == [0x50, 0x4B, 0x05, 0x06])
        #expect(zip[zip.count - 22 + 10] == 3)
        #expect(try StoredZip.archive([]).count == 22)
    }

    @Test func tokensAndCSSDownloadAsTheirFile() throws {
        for format in [HandoffFormat.tokens, .css] {
            let files = HandoffExport.files(format, settings: Settings())
            #expect(try HandoffExport.download(format, files) == Array(files[0].text.utf8))
            #expect(format.downloadName() == format.fileName())
        }
    }
}
