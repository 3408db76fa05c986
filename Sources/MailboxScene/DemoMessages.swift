import MailboxSim

/// The fixed demo content of each message's face: who sent it, its subject, a snippet and a time. `msgN`
/// always shows the same words, so pictures are reproducible.
public struct DemoMessage: Equatable, Sendable {
    public var sender: String
    public var subject: String
    public var snippet: String
    public var time: String

    /// The content of `msgN` (numbered from 1); the ten messages repeat past `msg10`.
    public static func content(of number: Int) -> DemoMessage {
        let base = all[(number - 1) % all.count]
        guard number > all.count else { return base }
        var message = base
        message.subject += " (\(number))"
        return message
    }

    static let all: [DemoMessage] = [
        DemoMessage(
            sender: "Ellen Lupton", subject: "Type on screen: chapter 3",
            snippet: "Here are the notes on grids I promised", time: "9:41 AM"),
        DemoMessage(
            sender: "Bret Victor", subject: "Re: Inventing on principle",
            snippet: "Creators need an immediate connection", time: "9:12 AM"),
        DemoMessage(
            sender: "Jony Ive", subject: "Friday design review", snippet: "Bring the prototypes, not the slides",
            time: "8:57 AM"),
        DemoMessage(
            sender: "Dieter Rams", subject: "Less, but better", snippet: "Good design is as little design as",
            time: "8:30 AM"),
        DemoMessage(
            sender: "Susan Kare", subject: "Icons for the new build", snippet: "Attached: clock, list, check, cross",
            time: "Yesterday"),
        DemoMessage(
            sender: "Don Norman", subject: "Affordances, again", snippet: "A swipe needs a signifier, or nobody",
            time: "Yesterday"),
        DemoMessage(
            sender: "Orchestra Team", subject: "Mailbox is launching", snippet: "Thank you for waiting in line with us",
            time: "Tuesday"),
        DemoMessage(
            sender: "Muriel Cooper", subject: "Information landscapes",
            snippet: "Type that moves through space and time", time: "Monday"),
        DemoMessage(
            sender: "Paul Rand", subject: "Logo sketches", snippet: "Simplicity is not the goal. It is the",
            time: "Sunday"),
        DemoMessage(
            sender: "Ladislav Sutnar", subject: "Catalog design process",
            snippet: "Visual design in action, second draft", time: "May 4")
    ]
}

/// The words the options overlay, the menu and the sheets show.
enum DrawingWords {
    /// How the reschedule overlay names an option (`this-evening` → "This Evening").
    static func title(ofOption option: String) -> String {
        option.split(separator: "-").map { word in word.prefix(1).uppercased() + word.dropFirst() }.joined(
            separator: " ")
    }

    /// Each overlay's options' titles, in its order, made once: the overlay is drawn again at every frame of its fade.
    static let rescheduleTitles = OverlayKind.reschedule.options.map(title(ofOption:))
    static let listTitles = OverlayKind.list.options.map(title(ofOption:))

    static let menuItems = ["Inbox", "Later", "Archive", "Lists", "Settings"]
    static let helpLabel = "Swipe right to archive, left to snooze"
}
