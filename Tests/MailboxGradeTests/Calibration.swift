import Foundation
import MailboxFootage
import MailboxFootageDecoding
import MailboxGrade
import MailboxMovie
import Testing

@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxWalkthrough

/// A calibration script of `Tests/Fixtures/grade`: its text, the stories it performs (its `# grade:` line) and the
/// true thresholds (its `# thresholds:` line, `NAME VALUE [strict]` each).
struct CalibrationScript: CustomStringConvertible, Sendable {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/grade")

    let name: String
    let text: String
    let stories: Set<String>
    let thresholds: [String: Int]

    var description: String { name }

    init(_ name: String) {
        self.name = name
        let text = (try? String(contentsOf: Self.folder.appendingPathComponent("\(name).mbs"), encoding: .utf8)) ?? ""
        self.text = text
        var stories = Set<String>()
        var thresholds: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# grade: ") {
                stories = Set(line.dropFirst("# grade: ".count).split(separator: " ").map(String.init))
            }
            if line.hasPrefix("# thresholds: ") {
                for item in line.dropFirst("# thresholds: ".count).split(separator: ",") {
                    let parts = item.split(separator: " ")
                    thresholds[String(parts[0])] = Int(parts[1])
                }
            }
        }
        self.stories = stories
        self.thresholds = thresholds
    }

    /// Every script of the folder, by name.
    static var all: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".mbs") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// The script played in virtual time at `fps` and coded as `mailsim record` codes it (in this process).
    func walkthrough(fps: Int) -> Walkthrough {
        let recorder = Recorder(clock: FrameClock(framesPerSecond: fps))
        var session = Session()
        var runner = LineRunner(
            file: "\(name).mbs", sink: ReportingSink(file: "\(name).mbs", output: NoOutput(), observer: recorder))
        Array(text.utf8).withUnsafeBufferPointer { _ = runner.feed($0, session: &session) }
        runner.finish(session: &session, requiringFingerUp: true)
        var walkthrough = recorder.finish(file: "\(name).mbs", session: session)
        walkthrough.attach(runner.sink.report)
        return walkthrough
    }

    /// The script's GIF, as `mailsim record --fps FPS --scale SCALE` writes it.
    func gif(fps: Int, scale: Int) throws -> [UInt8] {
        try WalkthroughGIF.encode(walkthrough(fps: fps), scale: scale, speed: 1)
    }

    /// What is wrong with `report` against this script: a story missed or seen that it does not perform, a story
    /// left unsure, a bracket that does not hold the true threshold (in whole points: a row between two points is
    /// measured at the whole points it covers).
    func problems(_ report: GradeReport) -> [String] {
        var problems: [String] = []
        for finding in report.findings {
            let performed = stories.contains(finding.story.rawValue)
            switch finding.verdict {
            case .seen where !performed: problems.append("\(finding.story.rawValue) seen: \(finding.evidence)")
            case .notSeen where performed: problems.append("\(finding.story.rawValue) missed: \(finding.evidence)")
            case .unsure: problems.append("\(finding.story.rawValue) unsure: \(finding.evidence)")
            default: break
            }
        }
        for bracket in report.thresholds {
            guard let truth = thresholds[bracket.name] else { continue }
            if let below = bracket.below, below > truth { problems.append("\(bracket.name): \(below) before \(truth)") }
            if let above = bracket.above, above < truth { problems.append("\(bracket.name): \(above) past \(truth)") }
            if bracket.below == nil && bracket.above == nil { problems.append("\(bracket.name): no frame brackets it") }
        }
        return problems
    }
}

/// Reads `bytes` with the decoder `mailsim grade` uses and grades it.
func grade(_ bytes: [UInt8]) throws -> GradeReport {
    var grader = WalkthroughGrader()
    _ = try FootageReader.read(bytes: bytes) { frame throws(FootageError) in grader.add(frame) }
    return grader.report()
}

/// Reads `bytes` into frames, every one kept (the calibration walkthroughs are small).
func frames(_ bytes: [UInt8]) throws -> [FootageFrame] {
    var frames: [FootageFrame] = []
    _ = try FootageReader.read(bytes: bytes) { frames.append($0) }
    return frames
}

/// Grades frames already read.
func grade(_ frames: [FootageFrame]) -> GradeReport {
    var grader = WalkthroughGrader()
    for frame in frames { grader.add(frame) }
    return grader.report()
}
