/// Each entry of the command table, in the order `help` lists them. `CommandTable.all` is made of these cases, each
/// given its entry by `CommandTable.spec(_:)`, a switch over every case, and a `Command` finds its entry only through
/// its kind (`Command.kind`, a switch over every case of `Command`): the compiler refuses a new command until it has
/// a kind and the kind an entry, so no command can be left out of the table (CONTRIBUTING.md, "Adding a command").
public enum CommandKind: CaseIterable, Sendable {
    case pan, edgepan, release, flick, swipe, hold, tap, compose, choose, shake, type, advance, settle, reset, set
    case params, act, state, show, colors, timeline, render, snapshot, export, save, load, expect, bang, help, quit
}
