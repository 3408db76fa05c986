/// The compose sheet: where it is, how dim the screen behind it is, and what was typed.
public struct ComposeSheet: Equatable, Sendable {
    /// Model values of the sheet's y and the dim layer's alpha.
    var y = Metrics.screenHeight
    var dim = 0.0
    /// The field with the keyboard: `to` when the sheet comes up, then whichever was tapped.
    public internal(set) var focus: Field?
    /// What was typed into each field (kept by Keep Draft).
    public internal(set) var to = ""
    public internal(set) var subject = ""
    public internal(set) var body = ""

    /// The sheet's fields, top to bottom (the seeds' sheet: To, a subject and a main body).
    public enum Field: String, CaseIterable, Sendable { case to, subject, body }

    /// What was typed into `field`.
    public func text(_ field: Field) -> String {
        switch field {
        case .to: to
        case .subject: subject
        case .body: body
        }
    }

    /// Whether anything was typed into any field: a draft the draft alert asks about.
    public var hasDraft: Bool { !to.isEmpty || !subject.isEmpty || !body.isEmpty }

    mutating func append(_ text: String, to field: Field) {
        switch field {
        case .to: to += text
        case .subject: subject += text
        case .body: body += text
        }
    }

    /// Empties every field (Delete Draft, or closing with the draft alert off).
    mutating func clear() {
        to = ""
        subject = ""
        body = ""
    }
}
