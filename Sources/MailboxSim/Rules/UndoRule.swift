// Embedded in every exported Swift file between the markers, as ZoneRule.swift is (its first comment says how);
// Sources/MailboxHandoff/Embedded/UndoRule.swift.txt is the link. It names `UndoReturn`, which the exported file
// declares with the model's cases.
// BEGIN EXPORTED RULE
/// Shake to undo (SPEC §2): the last message that left comes back to its place, its height opening while its row
/// slides back in from the side it left by (or is put at x 0 at once); the stack keeps a bounded number of actions.
enum UndoRule {
    /// Whether the row slides back in from its side (`.slide`), rather than being put at x 0 at once (`.place`).
    static func slidesBack(_ undoReturn: UndoReturn) -> Bool { undoReturn != .place }

    /// How many of the oldest actions a stack of `count` drops to keep `depth` (0 keeps them all).
    static func dropped(count: Int, depth: Int) -> Int { depth > 0 && count > depth ? count - depth : 0 }
}
// END EXPORTED RULE
