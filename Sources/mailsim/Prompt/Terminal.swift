import Glibc

/// The terminal's modes between two prompts.
///
/// libedit puts the terminal in raw mode while it reads a line and back in cooked mode when it returns (and
/// it draws the prompt a moment before it switches). Keys typed while a command runs or the next prompt is
/// drawn would meet the cooked mode: echoed twice, and a Ctrl-D turned into a stray NUL. So between
/// prompts the terminal stays quiet: no echo, no line discipline, signals on (Ctrl-C still interrupts);
/// libedit takes what was typed meanwhile as typed at the prompt.
enum Terminal {
    nonisolated(unsafe) private static var original: termios?

    /// Remembers the terminal's modes as the program found them, and gives them back if a signal ends
    /// the program (SIGTERM, SIGHUP, SIGQUIT) while they are changed.
    static func start() {
        var modes = termios()
        guard tcgetattr(STDIN_FILENO, &modes) == 0 else { return }
        original = modes
        for signal in [SIGTERM, SIGHUP, SIGQUIT] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                Terminal.restore()
                Glibc.signal(number, SIG_DFL)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }

    /// Between prompts: keys are kept for the next prompt, not echoed or edited by the terminal.
    static func quiet() {
        guard var modes = original else { return }
        modes.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &modes.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &modes)
    }

    /// Gives the terminal back as the program found it.
    static func restore() {
        guard var modes = original else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &modes)
    }
}
