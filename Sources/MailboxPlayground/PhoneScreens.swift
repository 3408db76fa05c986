import MailboxScript
import MailboxSim

/// Each phone's screen now, taken at most once while the phones stay as they are: a `down`'s hit test, the screen
/// answer's picture and its state object all read the same snapshot, and a message takes one per phone.
struct PhoneScreens: Sendable {
    private var shown: [ScreenSnapshot?] = []
    /// How many snapshots were taken in all (what a message costs, counted by the tests).
    private(set) var taken = 0

    /// The phones changed: every screen must be taken again.
    mutating func forget() { shown.removeAll(keepingCapacity: true) }

    /// Phone `index`'s screen now, taken if it was not yet.
    mutating func screen(of phones: [Session], _ index: Int) -> ScreenSnapshot {
        if shown.count != phones.count { shown = Array(repeating: nil, count: phones.count) }
        if let screen = shown[index] { return screen }
        let screen = phones[index].screen.snapshot()
        shown[index] = screen
        taken += 1
        return screen
    }
}
