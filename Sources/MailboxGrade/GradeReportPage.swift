import MailboxText

/// `mailsim grade --report FILE.html`: one self-contained page (no script, no file beside it) that shows a teacher,
/// story by story, the verdict, the frame that decides it with the row's measured edge drawn on it, and the frames
/// on either side; then the thresholds and colours measured, and the README's claims against what was seen.
public enum GradeReportPage {
    /// One walkthrough's part of the page.
    public struct Entry: Sendable {
        public var file: String
        public var report: GradeReport
        public var pictures: [Int: EvidencePicture]
        public var claims: ReadmeClaims?

        public init(file: String, report: GradeReport, pictures: [Int: EvidencePicture], claims: ReadmeClaims?) {
            self.file = file
            self.report = report
            self.pictures = pictures
            self.claims = claims
        }
    }

    /// The page of `entries`.
    public static func html(_ entries: [Entry]) -> String {
        var out = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>mailsim grade: \(xmlEscaped(entries.map { $0.file }.joined(separator: ", ")))</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
            h1 { font-size: 1.3em; } h2 { font-size: 1.1em; margin-top: 2em; }
            .story { border-top: 1px solid #ddd; padding: .6em 0; }
            .verdict { display: inline-block; min-width: 5.5em; font-weight: 600; }
            .seen { color: #1a7f37; } .not-seen { color: #b42318; } .unsure { color: #9a6700; }
            .frames { display: flex; gap: .5em; flex-wrap: wrap; margin-top: .4em; }
            figure { margin: 0; } figcaption { font-size: 12px; color: #555; }
            svg { border: 1px solid #ccc; max-width: 100%; height: auto; }
            .decisive svg { border: 2px solid #0969da; }
            table { border-collapse: collapse; } td, th { padding: .2em .8em .2em 0; text-align: left; }
            code { font-size: 13px; }
            </style>
            </head>
            <body>
            <h1>mailsim grade</h1>

            """
        for entry in entries { section(entry, to: &out) }
        out += "</body>\n</html>\n"
        return out
    }

    private static func section(_ entry: Entry, to out: inout String) {
        let report = entry.report
        let required = report.findings.filter { $0.story.isRequired }
        let seen = required.filter { $0.verdict == .seen }.count
        out += "<h2>\(xmlEscaped(entry.file))</h2>\n"
        out += "<p>\(xmlEscaped(GradeText.describe(report))). \(seen) of \(required.count) required stories seen.</p>\n"
        if let claims = entry.claims {
            let (claimedNotShown, shownNotClaimed) = claims.compare(report)
            out += "<p><b>README:</b> "
            out +=
                claimedNotShown.isEmpty
                ? "every story it claims is shown."
                : "claimed, not shown: "
                    + claimedNotShown.map { "<code>\($0.story.rawValue)</code> (\($0.verdict.rawValue))" }
                    .joined(separator: ", ") + "."
            if !shownNotClaimed.isEmpty {
                out +=
                    " Shown, not claimed: "
                    + shownNotClaimed.map { "<code>\($0.story.rawValue)</code>" }.joined(separator: ", ") + "."
            }
            out += "</p>\n"
        }
        measures(report, to: &out)
        let width = report.screen?.pointWidth ?? 0
        for finding in report.findings {
            let css = finding.verdict == .seen ? "seen" : finding.verdict == .unsure ? "unsure" : "not-seen"
            out += "<div class=\"story\" id=\"\(xmlEscaped(entry.file, attribute: true))-\(finding.story.rawValue)\">"
            out += "<span class=\"verdict \(css)\">\(finding.verdict.rawValue)</span> "
            out += "<code>\(finding.story.rawValue)</code>\(finding.story.isRequired ? "" : " (optional)"): "
            out += xmlEscaped(finding.evidence)
            if let time = finding.time, let frame = finding.frame {
                out += " <small>(frame \(frame), \(formatNumber(time, decimals: 2)) s)</small>"
                out += "<div class=\"frames\">"
                for f in (frame - 1)...(frame + 1) {
                    guard let picture = entry.pictures[f] else { continue }
                    figure(picture, mark: f == frame ? finding.mark : nil, width: width, decisive: f == frame, to: &out)
                }
                out += "</div>"
            }
            out += "</div>\n"
        }
    }

    private static func measures(_ report: GradeReport, to out: inout String) {
        out += "<table><tr><th>threshold</th><th>largest before</th><th>smallest past</th></tr>\n"
        for b in report.thresholds {
            out += "<tr><td><code>\(b.name)</code></td><td>\(b.below.map { "\($0) pt" } ?? "–")</td>"
            out += "<td>\(b.above.map { "\($0) pt" } ?? "–")</td></tr>\n"
        }
        out += "</table>\n"
        if !report.colours.isEmpty {
            out += "<p>Colours: "
            out += report.colours.map { c in
                "<span style=\"display:inline-block;width:1em;height:1em;vertical-align:middle;background:\(c.colour.hex)\"></span> "
                    + "\(c.stage) <code>\(c.colour.hex)</code>"
            }.joined(separator: ", ")
            out += "</p>\n"
        }
    }

    /// A frame as an SVG holding the GIF, with the row's band outlined and its edge drawn where it was measured.
    private static func figure(
        _ picture: EvidencePicture, mark: EvidenceMark?, width: Int, decisive: Bool, to out: inout String
    ) {
        let w = picture.width
        let h = picture.height
        out += "<figure\(decisive ? " class=\"decisive\"" : "")>"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">"
        out += "<image width=\"\(w)\" height=\"\(h)\" href=\"data:image/gif;base64,\(Base64.encode(picture.gif))\"/>"
        if let mark {
            let edge = mark.edge(width: width)
            out += "<rect x=\"0.5\" y=\"\(mark.top)\" width=\"\(w - 1)\" height=\"\(mark.bottom - mark.top)\" "
            out += "fill=\"none\" stroke=\"#0969da\" stroke-dasharray=\"4 3\"/>"
            out += "<line x1=\"\(edge)\" y1=\"\(mark.top - 6)\" x2=\"\(edge)\" y2=\"\(mark.bottom + 6)\" "
            out += "stroke=\"#d1242f\" stroke-width=\"2\"/>"
            out += "<text x=\"\(min(max(edge + 4, 4), w - 60))\" y=\"\(max(mark.top - 8, 10))\" font-size=\"11\" "
            out += "fill=\"#d1242f\">\(mark.offset) pt</text>"
        }
        out += "</svg><figcaption>frame \(picture.index), \(formatNumber(picture.time, decimals: 2)) s</figcaption>"
        out += "</figure>"
    }
}
