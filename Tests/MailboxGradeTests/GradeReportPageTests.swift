import MailboxFootage
import MailboxGrade
import Testing

/// The evidence page draws a row's measured edge on the frame it was measured on, and on no other.
@Suite struct GradeReportPageTests {
    static func picture(_ index: Int) throws -> EvidencePicture {
        let frame = FootageFrame(
            index: index, start: Double(index) * 0.15, duration: 0.15, width: 320, height: 568,
            pixels: [UInt32](repeating: 0xFFFFFF, count: 320 * 568))
        return try EvidencePicture(frame, placement: ScreenPlacement(x: 0, y: 0, width: 320, height: 568, scale: 1))
    }

    static func page(_ finding: StoryFinding) throws -> String {
        let report = GradeReport(
            frames: 10, seconds: 1.5, screen: ScreenPlacement(x: 0, y: 0, width: 320, height: 568, scale: 1),
            findings: [finding], thresholds: [], colours: [], durations: [])
        var pictures: [Int: EvidencePicture] = [:]
        for i in 3...5 { pictures[i] = try picture(i) }
        return GradeReportPage.html([
            GradeReportPage.Entry(file: "w.gif", report: report, pictures: pictures, claims: nil)
        ])
    }

    @Test func theMarkIsDrawnOnTheDecidingFrameOnly() throws {
        let finding = StoryFinding(
            story: .leftGray, verdict: .seen, frame: 4, time: 0.6, evidence: "dragged left 57 pt",
            mark: EvidenceMark(side: .left, top: 145, bottom: 230, offset: 57))
        let html = try Self.page(finding)
        #expect(html.components(separatedBy: "<figure").count - 1 == 3)
        #expect(html.components(separatedBy: "<line ").count - 1 == 1)
        // The edge of a row moved 57 pt left is at x 263, drawn inside the deciding (second) figure.
        let decisive = try #require(html.range(of: "<figure class=\"decisive\">"))
        let edge = try #require(html.range(of: "x1=\"263\""))
        #expect(decisive.lowerBound < edge.lowerBound)
        #expect(html[decisive.lowerBound..<edge.lowerBound].components(separatedBy: "</figure>").count == 1)
    }

    @Test func aFindingWithoutAMarkDrawsNone() throws {
        let finding = StoryFinding(
            story: .leftSnapback, verdict: .seen, frame: 4, time: 0.6, evidence: "back at rest")
        #expect(try !Self.page(finding).contains("<line "))
    }
}
