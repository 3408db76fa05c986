import ArgumentParser
import Glibc
import MailboxText
import Synchronization

/// Which scripts a `mailsim test` call runs: every `.mbs` under its paths (sorted, as `FileSystem.scripts`
/// lists them), those whose path matches `--filter`, then the part `--shard` names. A path that cannot be
/// searched is kept as a problem to report.
struct TestSelection {
    /// One line of the report: a script to run, or a path that could not be searched.
    enum Item: Sendable, Equatable {
        case script(String)
        case unreadable(path: String, message: String)

        var path: String {
            switch self {
            case .script(let path), .unreadable(let path, _): path
            }
        }
    }

    let items: [Item]

    /// A failure to read `--filter`.
    struct BadPattern: Error {
        let message: String
    }

    /// The selection of `options`; `--filter` must already have been checked.
    init(_ options: TestOptions) {
        var items: [Item] = []
        for path in options.paths {
            do {
                items += try FileSystem.scripts(under: path).map { found in
                    // A FIFO (or a device) found in a folder would block the whole run on its first read:
                    // it is reported instead. A path named on the command line is read, whatever it is.
                    if found != path, let kind = TestSelection.irregularKind(found) {
                        return .unreadable(path: found, message: "not a regular file (\(kind)): not run")
                    }
                    return .script(found)
                }
            } catch {
                items.append(.unreadable(path: path, message: error.message))
            }
        }
        self.init(items, filter: options.filter, shard: options.shard)
    }

    /// `items` narrowed by the filter and the shard (a path that could not be searched is kept in the first
    /// shard only, so a CI matrix reports it once).
    init(_ items: [Item], filter: String?, shard: Shard?) {
        var selected = items
        if let filter, let regex = try? TestSelection.regex(filter) {
            // Swift's regular expressions backtrack: a pattern that checks passed can still be slow on some
            // name. The matching is bounded: past `matchSeconds` the run ends with a clear error (exit 2).
            let deadline = Deadline(
                seconds: TestSelection.matchSeconds,
                message:
                    errorLine(
                        """
                        --filter: \(quoted(filter)) took more than \(TestSelection.matchSeconds) s to match the \
                        scripts' paths: simplify it\n
                        """
                    ))
            defer { deadline.cancel() }
            func matches(_ path: String) -> Bool { (try? regex.firstMatch(in: path)) != nil }
            selected = selected.filter { item in
                guard case .script(let path) = item else { return !item.path.hasSuffix(".mbs") || matches(item.path) }
                return matches(path)
            }
        }
        if let shard {
            var scripts = 0
            selected = selected.filter { item in
                guard case .script = item else { return shard.index == 1 }
                defer { scripts += 1 }
                return scripts % shard.count == shard.index - 1
            }
        }
        self.items = selected
    }

    /// What a file is when it is not a regular file (following symbolic links): "a FIFO", "a socket", "a
    /// device"; nil for a regular file, or one that cannot be examined (its read then says why).
    static func irregularKind(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "neither a file nor a folder"
        }
    }

    /// How long `--filter` may take to match every path of a run, in seconds.
    static let matchSeconds: UInt32 = 2

    /// `--filter`'s pattern compiled, or why it is not a regular expression or not one that is safe to match:
    /// a repeated group that itself repeats (`(a*)*c`, `(a+)+`, `(x?){3,}`) or a back-reference, which a
    /// backtracking matcher can take exponential time over.
    static func regex(_ pattern: String) throws(BadPattern) -> Regex<AnyRegexOutput> {
        let regex: Regex<AnyRegexOutput>
        do {
            regex = try Regex(pattern)
        } catch {
            throw BadPattern(message: "--filter: \(quoted(pattern)) is not a regular expression (\(error))")
        }
        if let reason = PatternCost.exponential(pattern) {
            throw BadPattern(
                message:
                    """
                    --filter: \(quoted(pattern)) \(reason), which can take exponential time to match: write it \
                    without that
                    """
            )
        }
        return regex
    }
}

/// Which regular expressions a backtracking matcher can take exponential time over, read from the pattern's
/// text: a group repeated without bound (`*`, `+`, `{n,}`) that holds a repetition itself (star height 2: `(a*)*`,
/// `(a+b?)+`), and back-references. Alternatives under a repetition (`(ab|cd)+`) are allowed: the time limit
/// catches what this does not.
enum PatternCost {
    static func exponential(_ pattern: String) -> String? {
        let chars = Array(pattern.unicodeScalars)
        // For each open group: whether a quantifier was met inside it.
        var groups: [Bool] = []
        var i = 0
        /// Whether a quantifier starts at `j`, and where it ends; `unbounded` for `*`, `+` and `{n,}`.
        func quantifier(at j: Int) -> (end: Int, unbounded: Bool)? {
            guard j < chars.count else { return nil }
            switch chars[j] {
            case "*", "+": return (j + 1, true)
            case "?": return (j + 1, false)
            case "{":
                var k = j + 1
                var text = ""
                while k < chars.count, chars[k] != "}" {
                    text.unicodeScalars.append(chars[k])
                    k += 1
                }
                guard k < chars.count, !text.isEmpty, text.allSatisfy({ $0.isNumber || $0 == "," }) else { return nil }
                let parts = text.split(separator: ",", omittingEmptySubsequences: false)
                let unbounded = parts.count == 2 && (parts[1].isEmpty || (Int(parts[1]) ?? 0) > 10)
                return (k + 1, unbounded)
            default: return nil
            }
        }
        func skipModifier(_ j: Int) -> Int { j < chars.count && (chars[j] == "?" || chars[j] == "+") ? j + 1 : j }
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "\\":
                if i + 1 < chars.count, ("1"..."9").contains(chars[i + 1]) || chars[i + 1] == "k" || chars[i + 1] == "g"
                {
                    return "has a back-reference"
                }
                i += 2
                if let q = quantifier(at: i) {
                    if !groups.isEmpty { groups[groups.count - 1] = true }
                    i = skipModifier(q.end)
                }
                continue
            case "[":
                // A character class: skip to its closing bracket (a `]` first, or after `^`, is literal).
                var k = i + 1
                if k < chars.count, chars[k] == "^" { k += 1 }
                if k < chars.count, chars[k] == "]" { k += 1 }
                while k < chars.count, chars[k] != "]" { k += chars[k] == "\\" ? 2 : 1 }
                i = k + 1
            case "(":
                groups.append(false)
                i += 1
                if i < chars.count, chars[i] == "?" { i += 1 }  // (?:, (?i), (?<name>: not a quantifier
                continue
            case ")":
                let inner = groups.popLast() ?? false
                i += 1
                if let q = quantifier(at: i) {
                    if inner && q.unbounded { return "repeats a group that repeats itself" }
                    i = skipModifier(q.end)
                    if !groups.isEmpty { groups[groups.count - 1] = true }
                } else if inner, !groups.isEmpty {
                    groups[groups.count - 1] = true
                }
                continue
            default:
                i += 1
            }
            if let q = quantifier(at: i) {
                if !groups.isEmpty { groups[groups.count - 1] = true }
                i = skipModifier(q.end)
            }
        }
        return nil
    }
}

/// A time limit on the calling thread's work: past it, `message` is written to standard error and the
/// process ends with status 2 (from a SIGALRM handler, with only async-signal-safe calls).
struct Deadline {
    /// The message's address (a `strdup`ed C string), swapped atomically: the handler only loads it.
    private static let message = Atomic<UInt>(0)

    init(seconds: UInt32, message text: String) {
        let copy = UInt(bitPattern: strdup(text))
        free(UnsafeMutableRawPointer(bitPattern: Deadline.message.exchange(copy, ordering: .acquiringAndReleasing)))
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            if let message = UnsafePointer<CChar>(bitPattern: Deadline.message.load(ordering: .acquiring)) {
                _ = write(STDERR_FILENO, message, strlen(message))
            }
            _exit(2)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGALRM, &action, nil)
        alarm(seconds)
    }

    func cancel() { alarm(0) }
}

extension Shard {
    /// `--shard K/N` read with a reason when it is wrong: "-1/2" is out of range, not a missing value (it
    /// is read even though it starts with a dash).
    static func parse(_ argument: String) throws -> Shard {
        if let shard = Shard(argument: argument) { return shard }
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw ValidationError("write K/N, two whole numbers: the K-th of N parts (--shard 2/4)")
        }
        if n < 1 { throw ValidationError("N is out of range: there must be at least 1 part (got \(n))") }
        throw ValidationError("K is out of range: K must be from 1 to \(n) (got \(k))")
    }
}
