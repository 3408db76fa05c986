import MailboxText

/// The stories a student's README says are done: its checklist read line by line in the assignment's own words
/// (the seeds write them as `- [x] Required: …`, `* ✓ …`, `- Required: …` or plain lines under "Required stories").
/// A line struck through (`~~…~~`) or left unchecked (`[ ]`) claims nothing.
public struct ReadmeClaims: Sendable, Equatable {
    /// Each story claimed, with the README's line number (from 1) that claims it first.
    public var claims: [Story: Int]

    public init(claims: [Story: Int]) { self.claims = claims }

    /// The claims of a README's text.
    public init(text: String) {
        var claims: [Story: Int] = [:]
        var side: DragSide?
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = String(rawLine)
            let words = ReadmeClaims.words(line)
            if words.isEmpty { continue }
            // "On dragging the message left…" sets the side of the gray and snap-back lines under it.
            if words.contains("dragging") || words.contains("drag") {
                if words.contains("left") { side = .left } else if words.contains("right") { side = .right }
            }
            if line.containsText("~~") || line.containsText("[ ]") { continue }
            guard let story = ReadmeClaims.story(words, side: side) else { continue }
            if claims[story] == nil { claims[story] = number }
        }
        self.claims = claims
    }

    /// The lower-case words of a line (letters and digits), punctuation and markup dropped.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        for c in line.lowercased() {
            if c.isLetter || c.isNumber {
                word.append(c)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// The story a line's words state, by the assignment's wording; nil for a line that states none (a heading, the
    /// time spent, a credit).
    static func story(_ words: [String], side: DragSide?) -> Story? {
        let has = { (word: String) in words.contains(word) }
        if has("shake") || has("undo") { return .undo }
        if has("segmented") || has("segment") { return .segments }
        if has("compose") { return .compose }
        if has("menu") { return .menu }
        if has("dismiss") || has("dismissing") || has("dismissed") { return .optionsDismiss }
        let released = has("release") || has("released")
        if has("yellow") { return released ? .leftReschedule : .leftYellow }
        if has("brown") { return released ? .leftList : .leftBrown }
        if has("green") { return released ? .rightArchive : .rightGreen }
        if has("red") { return released ? .rightDelete : .rightRed }
        if has("reschedule") && has("revealed") || has("later") && has("icon") && has("return") {
            return .leftSnapback
        }
        if has("archive") && has("revealed") { return .rightSnapback }
        if has("gray") || has("grey") {
            switch side {
            case .left: return .leftGray
            case .right: return .rightGray
            case nil: return nil
            }
        }
        if has("initial") && has("position"), let side { return side == .left ? .leftSnapback : .rightSnapback }
        return nil
    }

    /// Stories claimed that the walkthrough does not show (not seen, or unsure), and stories it shows that are not
    /// claimed.
    public func compare(_ report: GradeReport) -> (claimedNotShown: [StoryFinding], shownNotClaimed: [StoryFinding]) {
        let claimedNotShown = report.findings.filter { claims[$0.story] != nil && $0.verdict != .seen }
        let shownNotClaimed = report.findings.filter { claims[$0.story] == nil && $0.verdict == .seen }
        return (claimedNotShown, shownNotClaimed)
    }
}
