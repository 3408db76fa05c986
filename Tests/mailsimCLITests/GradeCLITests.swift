import Foundation
import Testing

/// `mailsim grade` through the binary: a walkthrough `mailsim record` made, graded; the exit statuses; `--json`,
/// `--report` and `--readme`; a file that is not a walkthrough (docs/grade.md).
@Suite struct GradeCLITests {
    /// A folder with `all.gif` (every required story, at LICEcap's rate), `short.gif` (drags that stop short of the
    /// near threshold) and `picture.gif` (a PNG named as a GIF).
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mailsim-grade-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let fixtures = CLI.root.appendingPathComponent("Tests/Fixtures/grade")
        for (script, gif) in [("profile-ios-course-mailbox", "all.gif"), ("short-of-the-thresholds", "short.gif")] {
            let made = try CLI.run(
                [
                    "record", fixtures.appendingPathComponent("\(script).mbs").path, "-o", gif, "--fps", "7", "--scale",
                    "1"
                ],
                in: url)
            #expect(made.status == 0, "\(made.stderr)")
        }
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]).write(
            to: url.appendingPathComponent("picture.gif"))
        try Data("- [x] Required: Shake to undo.\n- [x] On dragging the message left, gray at first\n".utf8).write(
            to: url.appendingPathComponent("README.md"))
        return url
    }

    @Test func aWalkthroughOfEveryRequiredStoryPasses() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["grade", "all.gif"], in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("PASS  all.gif (13 of 13 required stories seen"))
        #expect(result.stdout.contains("  seen     right-archive "))
        #expect(result.stdout.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func oneThatStopsShortFailsWithStatusOne() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["grade", "short.gif"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("FAIL  short.gif: 4 of 13 required stories seen"))
        #expect(result.stdout.contains("  not seen left-yellow "))
    }

    @Test func jsonIsAnObjectAFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["grade", "--json", "all.gif", "short.gif"], in: folder)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(object["file"] as? String == "all.gif")
        let stories = try #require(object["stories"] as? [String: [String: Any]])
        #expect(stories.count == 17)
        #expect(stories["left-reschedule"]?["seen"] as? Bool == true)
        #expect(stories["menu"]?["seen"] as? Bool == false)
        let measured = try #require(object["measured"] as? [String: Any])
        let near = try #require(measured["left.near"] as? [Int])
        #expect(near.count == 2 && near[0] <= 60 && 60 <= near[1])
        let screen = try #require(object["screen"] as? [String: Int])
        #expect(screen["width"] == 320 && screen["scale"] == 1)
    }

    @Test func aFileThatIsNotAWalkthroughIsStatusTwo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["grade", "picture.gif", "all.gif"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: cannot read 'picture.gif': this is a PNG picture, not a walkthrough"))
        // The other file is still graded.
        #expect(result.stdout.hasPrefix("PASS  all.gif"))
    }

    @Test func theReportIsAPageOfTheEvidence() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["grade", "--report", "evidence.html", "--readme", "README.md", "all.gif"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  README: claimed, not shown: undo (not seen)"))
        let page = try String(contentsOf: folder.appendingPathComponent("evidence.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!doctype html>"))
        #expect(page.contains("data:image/gif;base64,R0lGOD"))  // "GIF8", the frames themselves
        #expect(page.contains("<code>left-gray</code>"))
        #expect(page.contains("claimed, not shown: <code>undo</code>"))
        #expect(!page.contains("<script"))
    }

    @Test func theReportNeverReplacesAnInput() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Data(contentsOf: folder.appendingPathComponent("all.gif"))
        try FileManager.default.moveItem(
            at: folder.appendingPathComponent("all.gif"), to: folder.appendingPathComponent("all.html"))
        let result = try CLI.run(["grade", "--report", "all.html", "all.html"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: --report all.html: "))
        #expect(try Data(contentsOf: folder.appendingPathComponent("all.html")) == before)
    }
}
