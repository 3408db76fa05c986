import Glibc

/// Where the prompt's history lives between sessions.
enum HistoryFile {
    /// How many lines are kept (`stifle_history`).
    static let capacity: Int32 = 1000

    /// `MAILSIM_HISTORY` if set (empty: no history file), else `$XDG_STATE_HOME/mailsim/history` when
    /// XDG_STATE_HOME is an absolute path, else `~/.mailsim_history`; nil when there is nowhere to keep it.
    static func path(environment: (String) -> String? = HistoryFile.environment) -> String? {
        if let explicit = environment("MAILSIM_HISTORY") { return explicit.isEmpty ? nil : explicit }
        if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") {
            return (state.hasSuffix("/") ? state : state + "/") + "mailsim/history"
        }
        guard let home = environment("HOME") ?? homeFromPasswd(), !home.isEmpty else { return nil }
        return (home.hasSuffix("/") ? home : home + "/") + ".mailsim_history"
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    private static func homeFromPasswd() -> String? {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return nil }
        return String(cString: dir)
    }

    /// Creates the folders above `path` (mode 0700, like `mkdir -p`); false when that fails.
    @discardableResult
    static func createParent(of path: String) -> Bool {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return true }
        let parent = String(path[..<slash])
        var current = parent.hasPrefix("/") ? "/" : ""
        for part in parent.split(separator: "/") {
            current += (current.isEmpty || current.hasSuffix("/") ? "" : "/") + part
            if mkdir(current, 0o700) != 0 && errno != EEXIST { return false }
        }
        return FileSystem.isDirectory(parent)
    }
}
