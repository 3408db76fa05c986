@preconcurrency import CEdit
import Foundation
import Glibc
import Testing

@testable import mailsim

/// The one writer (`FileSystem.write`): atomic, beside its target, the old file whole on any failure, no
/// temporary left, and the error naming the user's file. Tests/faults/test_faults.py tries it through the binary.
@Suite struct FileWriterTests {
    /// A fresh folder, removed after `body`.
    func inFolder(_ body: (String) throws -> Void) throws {
        var template = Array("/tmp/mailsim-writer-XXXXXX".utf8CString)
        let folder = try #require(
            template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    func contents(_ path: String) throws -> [UInt8] { try FileSystem.read(path) }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        _ = stat(path, &info)
        return info.st_mode & 0o7777
    }

    func names(_ folder: String) -> [String] { (FileSystem.names(in: folder) ?? []).sorted() }

    @Test func writesANewFileWithTheUmasksMode() throws {
        try inFolder { folder in
            let path = folder + "/new.txt"
            let previous = umask(0o022)
            defer { umask(previous) }
            try FileSystem.write("hello\n", to: path)
            #expect(try contents(path) == Array("hello\n".utf8))
            #expect(mode(path) == 0o644)
            #expect(names(folder) == ["new.txt"])
        }
    }

    @Test func replacingKeepsTheOldMode() throws {
        try inFolder { folder in
            let path = folder + "/old.txt"
            try FileSystem.write("old", to: path)
            chmod(path, 0o600)
            try FileSystem.write("new", to: path)
            #expect(try contents(path) == Array("new".utf8))
            #expect(mode(path) == 0o600)
            #expect(names(folder) == ["old.txt"])
        }
    }

    @Test func aLinkIsWrittenAtItsFinalTarget() throws {
        try inFolder { folder in
            mkdir(folder + "/real", 0o755)
            try FileSystem.write("old", to: folder + "/real/file")
            symlink("real/file", folder + "/one")
            symlink(folder + "/one", folder + "/two")
            try FileSystem.write("new", to: folder + "/two")
            #expect(try contents(folder + "/real/file") == Array("new".utf8))
            var info = stat()
            lstat(folder + "/two", &info)
            #expect(info.st_mode & S_IFMT == S_IFLNK)
            #expect(names(folder + "/real") == ["file"])
        }
    }

    @Test func aFailureLeavesTheOldFileAndNamesIt() throws {
        try inFolder { folder in
            let path = folder + "/kept.txt"
            try FileSystem.write("old", to: path)
            chmod(path, 0o444)
            #expect(throws: FileSystem.Failure.self) { try FileSystem.write("new", to: path) }
            do throws(FileSystem.Failure) {
                try FileSystem.write("new", to: path)
            } catch {
                #expect(error.message == "cannot write '\(path)': it is read-only")
            }
            #expect(try contents(path) == Array("old".utf8))
            do throws(FileSystem.Failure) {
                try FileSystem.write("x", to: folder + "/missing/file")
            } catch {
                #expect(error.message == "cannot write '\(folder)/missing/file': No such file or directory")
            }
            #expect(names(folder) == ["kept.txt"])
        }
    }

    @Test func aFillThatFailsLeavesNoTemporary() throws {
        try inFolder { folder in
            let path = folder + "/kept.txt"
            try FileSystem.write("old", to: path)
            do throws(FileSystem.Failure) {
                try FileSystem.write(to: path) { _, _ in
                    errno = ENOSPC
                    return false
                }
                Issue.record("the write should fail")
            } catch {
                #expect(error.message == "cannot write '\(path)': No space left on device")
            }
            #expect(try contents(path) == Array("old".utf8))
            #expect(names(folder) == ["kept.txt"])
        }
    }

    @Test func anInputOfTheRunIsNeverReplaced() throws {
        try inFolder { folder in
            let script = folder + "/input-\(getpid()).mbs"
            try FileSystem.write("tap menu\n", to: script)
            FileSystem.protectInput(script)
            defer { FileSystem.releaseInput(script) }
            mkdir(folder + "/sub", 0o755)
            symlink(script, folder + "/link.svg")
            for other in [folder + "/sub/../input-\(getpid()).mbs", folder + "/link.svg"] {
                #expect(throws: FileSystem.Failure.self) { try FileSystem.write("x", to: other) }
                #expect(throws: FileSystem.Failure.self) { try FileSystem.refuseInput(other, for: "--junit") }
            }
            #expect(try contents(script) == Array("tap menu\n".utf8))
        }
    }

    @Test func replaceKeepsAnEditMadeAfterTheRead() throws {
        try inFolder { folder in
            let path = folder + "/u.mbs"
            try FileSystem.write("expect time == 5\n", to: path)
            let (bytes, stamp) = try FileSystem.readStamped(path)
            // The same size, written in place: only the content differs (and perhaps not the time).
            let fd = open(path, O_WRONLY)
            _ = "expect time == 6\n".withCString { Glibc.write(fd, $0, 17) }
            close(fd)
            #expect(throws: FileSystem.Failure.self) {
                try FileSystem.replace(path, with: Array("expect time == 0\n".utf8), original: bytes, stamp: stamp)
            }
            #expect(try contents(path) == Array("expect time == 6\n".utf8))
            #expect(names(folder) == ["u.mbs"])
            let (now, nowStamp) = try FileSystem.readStamped(path)
            try FileSystem.replace(path, with: Array("expect time == 0\n".utf8), original: now, stamp: nowStamp)
            #expect(try contents(path) == Array("expect time == 0\n".utf8))
        }
    }

    @Test func theHistoryFileReadsBackAsWritten() throws {
        try inFolder { folder in
            let path = folder + "/state/history"
            let lines = [
                "tap menu", "type héllo wörld ✓", "  two  spaces\tand a tab", #"back\slash \040"#, "pan msg1 -100"
            ]
            clear_history()
            for line in lines { add_history(line) }
            #expect(HistoryFile.save(to: path))
            #expect(mode(path) == 0o600)
            #expect(names(folder + "/state") == ["history"])
            clear_history()
            #expect(read_history(path) == 0)
            var read: [String] = []
            for offset in 0..<Int(history_length) {
                if let entry = history_get(history_base + Int32(offset)), let line = entry.pointee.line {
                    read.append(String(cString: line))
                }
            }
            clear_history()
            #expect(read == lines)
        }
    }
}
