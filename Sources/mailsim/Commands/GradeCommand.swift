import ArgumentParser
import MailboxFootage
import MailboxFootageDecoding
import MailboxGrade
import MailboxJSON
import MailboxReports
import MailboxText

extension MailsimCommand {
    /// `mailsim grade FILE…`: reads students' walkthroughs and says which user stories each shows.
    struct Grade: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read walkthroughs (animated GIF, MP4, MOV, WebM) and say which user stories each shows.",
            discussion: """
                For each file: PASS when every required story is seen, FAIL otherwise, then each story's verdict \
                (seen, not seen, unsure) with the time and frame of its evidence, the thresholds as the frames \
                bracket them and each stage's colour (docs/grade.md). Exit status: 0 when every required story is \
                seen in every file, 1 when one is not, 2 when a file cannot be read.

                Examples:
                  mailsim grade walkthrough.gif
                  mailsim grade --readme README.md --report evidence.html walkthrough.gif
                      the README's claims against what was seen, and a page of the frames that show it
                  mailsim grade --json *.gif
                      a JSON object a line, one a file
                """
        )

        @Argument(help: "The walkthroughs to read.", completion: .file(extensions: ["gif", "mp4", "mov", "webm"]))
        var files: [String]

        @Flag(name: .long, help: "Print a JSON object a line, one a file, instead of text.")
        var json = false

        @Option(
            name: .long, help: ArgumentHelp("Also write a page of the evidence, frame by frame.", valueName: "file"),
            completion: .file(extensions: ["html"]))
        var report: String?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "A student's README: list the stories it claims and the walkthrough does not show, and the reverse.",
                valueName: "file"),
            completion: .file(extensions: ["md"]))
        var readme: String?

        @Option(help: "When to use colour: auto, always or never.")
        var color: ColorChoice?

        func validate() throws {
            if let report, !report.lowercased().hasSuffix(".html") {
                throw ValidationError("--report must name an .html file (got '\(report)')")
            }
        }

        func run() throws {
            let status = Grade.execute(
                files: files, json: json, report: report, readme: readme, style: Style.resolve(color))
            if status != 0 { throw ExitCode(status) }
        }

        /// Grades every file, prints, writes the page; the exit status.
        static func execute(files: [String], json: Bool, report: String?, readme: String?, style: Style) -> Int32 {
            for file in files { FileSystem.protectInput(file) }
            if let readme { FileSystem.protectInput(readme) }
            if let report {
                do throws(FileSystem.Failure) {
                    try FileSystem.refuseInput(report, for: "--report")
                } catch {
                    Console.error(style.error(errorLine(error.message)))
                    return 2
                }
            }
            var claims: ReadmeClaims?
            if let readme {
                do throws(FileSystem.Failure) {
                    claims = ReadmeClaims(text: String(decoding: try FileSystem.read(readme), as: UTF8.self))
                } catch {
                    Console.error(style.error(errorLine(error.message)))
                    return 2
                }
            }
            var passed = 0
            var failed = 0
            var unreadable = 0
            var entries: [GradeReportPage.Entry] = []
            for file in files {
                let graded: GradeReport
                do throws(FootageError) {
                    graded = try grade(file)
                } catch {
                    unreadable += 1
                    Console.error(style.error(errorLine("cannot read '\(file)': \(error.description)")))
                    continue
                }
                if graded.requiredSeen { passed += 1 } else { failed += 1 }
                if json {
                    Console.out(GradeJSON.object(graded, file: file, claims: claims).text)
                } else {
                    for line in GradeText.lines(graded, name: file) { Console.out(style.render(line)) }
                    if let claims { for line in claimLines(claims, graded) { Console.out(style.render(line)) } }
                }
                if report != nil {
                    // The page's frames: read again, only those kept (a few kilobytes each).
                    var pictures: [Int: EvidencePicture] = [:]
                    if let placement = graded.screen {
                        let needed = EvidencePicture.framesNeeded(graded)
                        _ = try? FootageReader.read(path: file) { frame throws(FootageError) in
                            guard needed.contains(frame.index) else { return }
                            pictures[frame.index] = try? EvidencePicture(frame, placement: placement)
                        }
                    }
                    entries.append(
                        GradeReportPage.Entry(file: file, report: graded, pictures: pictures, claims: claims))
                }
            }
            if !json { Console.out(GradeText.summary(passed: passed, failed: failed, unreadable: unreadable)) }
            if let report, !entries.isEmpty {
                do throws(FileSystem.Failure) {
                    try FileSystem.write(GradeReportPage.html(entries), to: report)
                    Console.error("wrote \(report)")
                } catch {
                    Console.error(style.error(errorLine(error.message)))
                    return 2
                }
            }
            return unreadable > 0 ? 2 : failed > 0 ? 1 : 0
        }

        /// The report of one file, read once, frame by frame.
        static func grade(_ file: String) throws(FootageError) -> GradeReport {
            var grader = WalkthroughGrader()
            _ = try FootageReader.read(path: file) { frame throws(FootageError) in grader.add(frame) }
            return grader.report()
        }

        /// The README's claims against the verdicts.
        static func claimLines(_ claims: ReadmeClaims, _ report: GradeReport) -> [StyledLine] {
            let (claimedNotShown, shownNotClaimed) = claims.compare(report)
            var lines: [StyledLine] = []
            let notShown = claimedNotShown.map { "\($0.story.rawValue) (\($0.verdict.rawValue))" }
            lines.append([
                Span("  README: ", .heading),
                Span(
                    notShown.isEmpty
                        ? "every story it claims is shown" : "claimed, not shown: " + notShown.joined(separator: ", "))
            ])
            if !shownNotClaimed.isEmpty {
                lines.append([
                    Span("  README: ", .heading),
                    Span("shown, not claimed: " + shownNotClaimed.map { $0.story.rawValue }.joined(separator: ", "))
                ])
            }
            return lines
        }
    }
}
