@preconcurrency import CEdit
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

    /// Writes the history to `path` through the one atomic writer, so a full disk leaves the old history whole
    /// (libedit's `write_history` opens the file itself, truncates it first and does not check its writes). The
    /// file is in libedit's own format, which `read_history` reads back: `_HiStOrY_V2_`, then a line an entry,
    /// each byte that is not a visible ASCII character (or is a backslash) written as a `strvis` escape. The
    /// folders above are made if missing; a new file is private to the user (0600). False when nothing was
    /// written.
    @discardableResult
    static func save(to path: String) -> Bool {
        guard createParent(of: path) else { return false }
        var lines: [String] = []
        for offset in 0..<Int(history_length) {
            guard let entry = history_get(history_base + Int32(offset)), let line = entry.pointee.line else { continue }
            lines.append(String(cString: line))
        }
        do throws(FileSystem.Failure) {
            try FileSystem.write(bytes: encoded(lines), to: path, newFileMode: 0o600)
            return true
        } catch {
            return false
        }
    }

    /// The history file's bytes for `lines`, oldest first.
    static func encoded(_ lines: [String]) -> [UInt8] {
        var bytes = Array("_HiStOrY_V2_\n".utf8)
        for line in lines {
            for byte in line.utf8 {
                switch byte {
                case UInt8(ascii: "\\"): bytes += [byte, byte]
                case 0x21...0x7E: bytes.append(byte)
                default:
                    bytes.append(UInt8(ascii: "\\"))
                    for shift in [6, 3, 0] { bytes.append(UInt8(ascii: "0") + (byte >> UInt8(shift)) & 7) }
                }
            }
            bytes.append(0x0A)
        }
        return bytes
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
