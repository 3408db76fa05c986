import MailboxAnimation
import MailboxGIF
import MailboxRaster
import MailboxReports
import MailboxScene
import MailboxScript
import MailboxSim
import MailboxTestResults
import MailboxWalkthrough

/// The files of `mailsim test --report DIR`: DIR/index.html, and for each problem of a script that did not
/// pass, DIR/pictures/NAME-LLINE.png (the screen at that instant, scale 1) and DIR/walkthroughs/NAME-LLINE.html
/// (the script played up to that line). A script that failed is played again with a recorder: runs are
/// deterministic, so the second run finds the same problems at the same instants.
enum TestReportFolder {
    static let picturesFolder = "pictures"
    static let walkthroughsFolder = "walkthroughs"
    static let pictureScale = 1
    static let framesPerSecond = 30

    /// Makes the report's folders; refuses (before anything is made) when its index would replace an input.
    static func prepare(_ directory: String) throws(FileSystem.Failure) {
        try FileSystem.refuseInput(directory + "/index.html", for: "--report")
        try FileSystem.makeDirectories(directory)
        try FileSystem.makeDirectories(directory + "/" + picturesFolder)
        try FileSystem.makeDirectories(directory + "/" + walkthroughsFolder)
    }

    /// The index entry of one script, making its problems' pictures and walkthroughs.
    static func entry(for result: ScriptResult, in directory: String) -> TestReportPage.Entry {
        let file = result.path
        let report = result.report
        if result.status == .skipped {
            return TestReportPage.Entry(file: file, report: report, note: result.skipReason, skipped: true)
        }
        if let error = report.error, case .unreadable(let message) = error.kind {
            return TestReportPage.Entry(file: file, report: report, note: message)
        }
        guard !report.passed else { return TestReportPage.Entry(file: file, report: report) }
        let printer = ScriptPrinter(trace: false, style: .plain, quiet: true)
        guard let walkthrough = MailsimCommand.Record.play(file, fps: framesPerSecond, printer: printer) else {
            // Too long to replay (or gone meanwhile): no pictures, but every problem's text, as the run found it.
            let problems = report.problems.map { diagnostic in
                let context = report.context(atLine: diagnostic.line)
                return TestReportPage.Problem(
                    diagnostic: diagnostic, time: context?.screen.time.fixedSeconds ?? "?",
                    picture: nil, walkthrough: nil, context: context)
            }
            return TestReportPage.Entry(
                file: file, report: report, note: "the script could not be played again for pictures",
                problems: problems)
        }
        var problems: [TestReportPage.Problem] = []
        var notes: [String] = []
        let name = safeName(file)
        for problem in walkthrough.problems {
            guard let diagnostic = problem.diagnostic else { continue }
            let stem = "\(name)-L\(problem.line)"
            let picture = "\(picturesFolder)/\(stem).png"
            let player = "\(walkthroughsFolder)/\(stem).html"
            var wrotePicture = true
            do {
                let bytes = try Raster(Scene(screen: problem.screen), scale: Double(pictureScale)).pngBytes()
                try FileSystem.write(bytes: bytes, to: directory + "/" + picture)
            } catch let error as RasterError {
                wrotePicture = false
                notes.append(error.message)
            } catch {
                wrotePicture = false
                notes.append("\(error)")
            }
            var wrotePlayer = true
            do throws(FileSystem.Failure) {
                try FileSystem.write(
                    HTMLPlayer.page(walkthrough.prefix(through: problem), speed: 1), to: directory + "/" + player)
            } catch {
                wrotePlayer = false
                notes.append(error.message)
            }
            problems.append(
                TestReportPage.Problem(
                    diagnostic: diagnostic, time: problem.time.fixedSeconds,
                    picture: wrotePicture ? picture : nil,
                    walkthrough: wrotePlayer ? player : nil,
                    context: report.context(atLine: diagnostic.line)))
        }
        return TestReportPage.Entry(file: file, report: report, note: notes.first, problems: problems)
    }

    static func writeIndex(_ entries: [TestReportPage.Entry], in directory: String) throws(FileSystem.Failure) {
        try FileSystem.write(TestReportPage.page(entries), to: directory + "/index.html")
    }

    /// A script's path as one file name: `Scripts/a b.mbs` → `Scripts_a_b`.
    static func safeName(_ path: String) -> String {
        var name = path.hasSuffix(".mbs") ? String(path.dropLast(4)) : path
        while name.hasPrefix("./") { name.removeFirst(2) }
        return String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "_" })
    }
}
