@preconcurrency import CEdit
import Glibc
import Synchronization

/// The terminal's own signals while a line is read: its window resized (SIGWINCH), and the program continued after
/// Ctrl-Z (SIGCONT). libedit handles the first of each in a line, then leaves them to the program until the next
/// line (its own read put its handlers back; `LineEditor.character(from:)`, which reads instead of it, cannot).
/// These handlers note them and wake the read, which has libedit take the new size, or put the terminal back in raw
/// mode and draw the line again, as libedit's own read did.
enum TerminalSignals {
    static let resized = Atomic<Bool>(false)
    static let continued = Atomic<Bool>(false)

    /// Installs the handlers (after `Interrupt.install`, whose pipe they write to).
    static func install() {
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        action.__sigaction_handler.sa_handler = { _ in
            TerminalSignals.resized.store(true, ordering: .relaxed)
            Interrupt.wake()
        }
        sigaction(SIGWINCH, &action, nil)
        action.__sigaction_handler.sa_handler = { _ in
            TerminalSignals.continued.store(true, ordering: .relaxed)
            Interrupt.wake()
        }
        sigaction(SIGCONT, &action, nil)
    }

    /// Forgets what came before this line (its prompt is drawn at the size and in the mode of now).
    static func clear() {
        resized.store(false, ordering: .relaxed)
        continued.store(false, ordering: .relaxed)
    }

    /// Acts on what came since the last call, from inside libedit's read.
    static func handle() {
        if resized.exchange(false, ordering: .relaxed) { rl_resize_terminal() }
        if continued.exchange(false, ordering: .relaxed) {
            rl_prep_terminal(1)
            rl_forced_update_display()
        }
    }
}
