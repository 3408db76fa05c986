import Glibc
import MailboxThreads
import Synchronization

/// The few file operations the front end needs, on the C library directly (no Foundation at start-up).
enum FileSystem {
    /// A file-system failure, worded like the C library's.
    struct Failure: Error {
        let message: String
    }

    /// Reads a file in pieces, handing each to `body` as it arrives, until the end or until `body` returns
    /// false: a long script is never held whole.
    static func stream(_ path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) throws(Failure) {
        if isDirectory(path) { throw Failure(message: "cannot read '\(path)': it is a directory") }
        // Opening a pipe waits for its writer: Ctrl-C (at the prompt) ends the wait.
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR && !interrupted
        if fd < 0 && errno == EINTR { throw Failure(message: "interrupted") }
        guard fd >= 0 else { throw Failure(message: "cannot read '\(path)': \(lastError())") }
        defer { close(fd) }
        try stream(fd, name: path, body)
    }

    /// Reads a file descriptor (standard input, say) in pieces, as `stream(_:_:)` does.
    static func stream(_ fd: Int32, name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) throws(Failure) {
        let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
        defer { chunk.deallocate() }
        while true {
            // Ctrl-C at the prompt (the flag its handler sets) ends any read, even one that waits: the handler
            // is installed without SA_RESTART, so a waiting read returns EINTR.
            if interrupted { throw Failure(message: "interrupted") }
            let count = Glibc.read(fd, chunk.baseAddress, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(message: "cannot read '\(name)': \(lastError())")
            }
            if count == 0 { return }
            guard body(UnsafeBufferPointer(rebasing: chunk[..<count])) else { return }
        }
    }

    /// Whether Ctrl-C was pressed at the prompt (never outside it: no handler is installed there).
    private static var interrupted: Bool { Interrupt.flag.load(ordering: .relaxed) }

    /// Writes `contents` to `path`, replacing it atomically (see `write(bytes:to:)`).
    static func write(_ contents: String, to path: String) throws(Failure) {
        try write(bytes: Array(contents.utf8), to: path)
    }

    /// The one way mailsim writes a file. The bytes go to a temporary created exclusively beside the target
    /// (`O_CREAT | O_EXCL | O_NOFOLLOW`, an unpredictable name), are flushed to the disk, and the temporary is
    /// renamed over the target: a reader sees the old file or the new one, never half of one. A symbolic link
    /// is written at its final target (beside it), an existing file keeps its mode, a new one gets 0644 less the
    /// umask. On any failure the old file is untouched, the temporary is gone, and the error names `path`.
    /// A file that is an input of this run (`protectInput`) is refused; so is a read-only one (no write bit).
    /// Devices and pipes (`/dev/null`, `/dev/stdout`) cannot be replaced: they are written in place.
    static func write(bytes contents: [UInt8], to path: String) throws(Failure) {
        try write(bytes: contents, to: path, replacingInput: false, check: nil)
    }

    /// `write(bytes:to:)` for a file whose new copy gets `newFileMode` (less the umask).
    static func write(bytes contents: [UInt8], to path: String, newFileMode: mode_t) throws(Failure) {
        try write(to: path, newFileMode: newFileMode) { fd, _ in writeAll(contents, to: fd) }
    }

    /// `write(bytes:to:)`, with `check` run on the final target just before the rename (it throws to leave the
    /// old file as it is); `replacingInput` lets `--update` rewrite its own script.
    static func write(
        bytes contents: [UInt8], to path: String, replacingInput: Bool,
        check: ((String) throws(Failure) -> Void)?
    ) throws(Failure) {
        try write(to: path, replacingInput: replacingInput, check: check) { fd, _ in writeAll(contents, to: fd) }
    }

    /// The one writer, filled by `fill` (given the temporary's descriptor and path; false, with `errno` set,
    /// when it fails): for a writer that insists on opening its file itself (libedit's history). A new file
    /// gets `newFileMode` less the umask.
    static func write(
        to path: String, replacingInput: Bool = false, newFileMode: mode_t = 0o644,
        check: ((String) throws(Failure) -> Void)? = nil,
        fill: (Int32, String) -> Bool
    ) throws(Failure) {
        if let fd = descriptor(named: path) {
            // `--junit /dev/stdout`: the descriptor mailsim already holds (a pipe, a terminal, a file opened for
            // appending), after what stdout holds; never a file replaced behind the shell's back.
            Console.flushOutput()
            guard fill(fd, path) else { throw Failure(message: "cannot write '\(path)': \(lastError())") }
            return
        }
        let target = try finalTarget(path)
        if !replacingInput, let input = input(at: target) {
            throw Failure(message: inputRefusal(path, input))
        }
        var info = stat()
        let exists = lstat(target, &info) == 0
        if exists {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: throw Failure(message: "cannot write '\(path)': it is a directory")
            case S_IFREG: break
            default: return try writeInPlace(to: target, name: path, fill: fill)
            }
            if info.st_mode & 0o222 == 0 { throw Failure(message: "cannot write '\(path)': it is read-only") }
            if access(target, W_OK) != 0 { throw Failure(message: "cannot write '\(path)': \(lastError())") }
        } else if errno != ENOENT {
            throw Failure(message: "cannot write '\(path)': \(lastError())")
        }
        let (fd, temporary) = try createTemporary(beside: target, mode: exists ? 0o600 : newFileMode, name: path)
        var closed = false
        func fail(_ message: String) -> Failure {
            if !closed { close(fd) }
            unlink(temporary)
            return Failure(message: "cannot write '\(path)': \(message)")
        }
        if exists {
            _ = fchown(fd, info.st_uid, info.st_gid)
            guard fchmod(fd, info.st_mode & 0o7777) == 0 else { throw fail(lastError()) }
        }
        guard fill(fd, temporary) else { throw fail(lastError()) }
        guard fsync(fd) == 0 || errno == EINVAL else { throw fail(lastError()) }
        closed = true
        guard close(fd) == 0 else { throw fail(lastError()) }
        if let check {
            do throws(Failure) {
                try check(target)
            } catch {
                unlink(temporary)
                throw error
            }
        }
        guard rename(temporary, target) == 0 else { throw fail(lastError()) }
    }

    /// Creates the temporary for `target` in its folder: `.NAME.mailsim-XXXXXXXXXXXX`, hidden (a suite never
    /// lists it), its name random, opened only if nothing of that name exists (a planted link is never followed).
    /// Mode `mode` less the umask (0600 when an existing file's mode will be set on it).
    private static func createTemporary(beside target: String, mode: mode_t, name: String) throws(Failure) -> (
        Int32, String
    ) {
        let folder: String
        let base: String
        if let slash = target.lastIndex(of: "/") {
            folder = String(target[...slash])
            base = String(target[target.index(after: slash)...])
        } else {
            folder = ""
            base = target
        }
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let random = String((0..<12).map { _ in letters[Int(generator.next(upperBound: UInt64(letters.count)))] })
            let temporary = folder + "." + String(base.prefix(40)) + ".mailsim-" + random
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if fd >= 0 { return (fd, temporary) }
            if errno == EEXIST || errno == EINTR { continue }
            throw Failure(message: "cannot write '\(name)': \(lastError())")
        }
        throw Failure(message: "cannot write '\(name)': no free temporary name beside it")
    }

    /// A device or a pipe: written as it is (nothing to replace).
    private static func writeInPlace(to target: String, name: String, fill: (Int32, String) -> Bool) throws(Failure) {
        var fd: Int32
        repeat { fd = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC) } while fd < 0 && errno == EINTR && !interrupted
        guard fd >= 0 else { throw Failure(message: "cannot write '\(name)': \(lastError())") }
        guard fill(fd, target) else {
            let message = lastError()
            close(fd)
            throw Failure(message: "cannot write '\(name)': \(message)")
        }
        guard close(fd) == 0 || errno == EINTR else { throw Failure(message: "cannot write '\(name)': \(lastError())") }
    }

    /// Writes every byte; false (errno says why) when the system refuses one.
    private static func writeAll(_ contents: [UInt8], to fd: Int32) -> Bool {
        var bytes = contents[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            if written == 0 {
                errno = EIO
                return false
            }
            bytes = bytes.dropFirst(written)
        }
        return true
    }

    /// The descriptor a path such as `/dev/stdout`, `/dev/fd/3` or `/proc/self/fd/3` names, if it is open.
    static func descriptor(named path: String) -> Int32? {
        let number: Int32?
        switch path {
        case "/dev/stdout": number = STDOUT_FILENO
        case "/dev/stderr": number = STDERR_FILENO
        default:
            let prefix = ["/dev/fd/", "/proc/self/fd/"].first { path.hasPrefix($0) }
            number = prefix.flatMap { Int32(path.dropFirst($0.count)) }
        }
        guard let number, number >= 0, fcntl(number, F_GETFD) != -1 else { return nil }
        return number
    }

    /// Where a write to `path` lands: the path itself, or the final target of the symbolic links there
    /// (which need not exist yet).
    static func finalTarget(_ path: String) throws(Failure) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = buffer.withUnsafeMutableBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) { readlink(current, $0.baseAddress!, $0.count - 1) }
            }
            guard count >= 0 else { throw Failure(message: "cannot write '\(path)': \(lastError())") }
            let link = String(decoding: buffer[..<count], as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else if let slash = current.lastIndex(of: "/") {
                current = String(current[...slash]) + link
            } else {
                current = link
            }
        }
        throw Failure(message: "cannot write '\(path)': \(String(cString: strerror(ELOOP)))")
    }

    // MARK: - The run's inputs

    /// A file as the system knows it, however it is named: its device and inode.
    struct Identity: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64
    }

    /// The identity of the file at `path` (links followed); `-` is standard input. Nil when there is none.
    static func identity(ofFile path: String) -> Identity? {
        var info = stat()
        guard (path == "-" ? fstat(STDIN_FILENO, &info) : stat(path, &info)) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// The files this run reads (scripts), by identity, with the name they were given: no output may replace one.
    /// A list, not a dictionary: a dictionary keyed by `Identity` would have its metadata instantiated at
    /// start-up, checking `Hashable` by scanning every conformance (0.3 M instructions); a run reads few files.
    private static let inputs = Locked<[(identity: Identity, name: String)]>([])

    /// Marks `path` (a script, `-` for standard input) as an input of this run.
    static func protectInput(_ path: String) {
        guard let identity = identity(ofFile: path) else { return }
        inputs.withLock { list in
            if !list.contains(where: { $0.identity == identity }) {
                list.append((identity, path == "-" ? "<stdin>" : path))
            }
        }
    }

    /// Forgets an input (before it is removed: its inode may then be reused). For tests in one long process.
    static func releaseInput(_ path: String) {
        guard let identity = identity(ofFile: path) else { return }
        inputs.withLock { list in list.removeAll { $0.identity == identity } }
    }

    /// The name of the input of this run at `path`, if it is one.
    static func input(at path: String) -> String? {
        guard let identity = identity(ofFile: path) else { return nil }
        return inputs.withLock { list in list.first { $0.identity == identity }?.name }
    }

    /// Throws when writing `output` would replace an input of this run; `option` names who asked
    /// (`--junit`), for the message.
    static func refuseInput(_ output: String, for option: String) throws(Failure) {
        guard output != "-", let input = input(at: output) else { return }
        throw Failure(
            message: "\(option) \(output): " + inputRefusal(output, input).dropFirst("cannot write '\(output)': ".count)
        )
    }

    private static func inputRefusal(_ path: String, _ input: String) -> String {
        let script = input == path ? "the script" : "the script '\(input)'"
        return "cannot write '\(path)': it is \(script) this run reads; nothing was written"
    }

    /// The whole file.
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        try stream(path) {
            bytes.append(contentsOf: $0)
            return true
        }
        return bytes
    }

    // MARK: - Replacing a file that was read

    /// What a file was when it was read: its identity, size and modification time.
    struct Stamp: Equatable, Sendable {
        let identity: Identity
        let size: Int64
        let modified: [Int]
    }

    /// The whole file with its stamp, read through one descriptor (the stamp is taken before the bytes).
    static func readStamped(_ path: String) throws(Failure) -> ([UInt8], Stamp) {
        if isDirectory(path) { throw Failure(message: "cannot read '\(path)': it is a directory") }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(message: "cannot read '\(path)': \(lastError())") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(message: "cannot read '\(path)': \(lastError())") }
        var bytes: [UInt8] = []
        try stream(fd, name: path) {
            bytes.append(contentsOf: $0)
            return true
        }
        return (bytes, stamp(info))
    }

    private static func stamp(_ info: stat) -> Stamp {
        Stamp(
            identity: Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)), size: Int64(info.st_size),
            modified: [info.st_mtim.tv_sec, info.st_mtim.tv_nsec])
    }

    /// Replaces the file at `path` (or the file a symbolic link there points to) with `bytes` in one step,
    /// keeping its mode, but only if it is still what was read (`original`, `stamp`): checked just before the
    /// rename, so an edit made meanwhile is never lost (the file is then left as it is, and the error says so).
    static func replace(_ path: String, with bytes: [UInt8], original: [UInt8], stamp expected: Stamp) throws(Failure) {
        try write(bytes: bytes, to: path, replacingInput: true) { target throws(Failure) in
            let changed = Failure(message: "'\(path)' changed since it was read: left as it is (run --update again)")
            var info = stat()
            guard stat(target, &info) == 0, stamp(info) == expected else { throw changed }
            let now: [UInt8]
            do throws(Failure) { now = try FileSystem.read(target) } catch { throw changed }
            guard now == original else { throw changed }
        }
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Makes `path` and its missing parents, as `mkdir -p` does.
    static func makeDirectories(_ path: String) throws(Failure) {
        if isDirectory(path) { return }
        if let slash = path.dropLast().lastIndex(of: "/"), slash != path.startIndex {
            try makeDirectories(String(path[..<slash]))
        }
        guard mkdir(path, 0o755) == 0 || (errno == EEXIST && isDirectory(path)) else {
            if errno == EEXIST {
                throw Failure(message: "cannot make the folder '\(path)': it exists and is not a folder")
            }
            throw Failure(message: "cannot make the folder '\(path)': \(lastError())")
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The `.mbs` files at or below `path`, sorted; a file path is returned as it is.
    static func scripts(under path: String) throws(Failure) -> [String] {
        var visited = Set<[UInt64]>()
        return try scripts(under: path, visited: &visited)
    }

    /// Each directory is listed once, however many links lead to it: a symbolic link to a parent folder would
    /// otherwise be followed again and again (two of them, exponentially: a hang).
    private static func scripts(under path: String, visited: inout Set<[UInt64]>) throws(Failure) -> [String] {
        // In `run`'s words for a file it cannot open (`cannot read 'X': No such file or directory`).
        guard exists(path) else {
            throw Failure(message: "cannot read '\(path)': \(String(cString: strerror(ENOENT)))")
        }
        guard isDirectory(path) else { return [path] }
        var info = stat()
        if stat(path, &info) == 0, !visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted { return [] }
        guard let names = names(in: path) else { throw Failure(message: "cannot read '\(path)': \(lastError())") }
        var found: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let child = join(path, name)
            if isDirectory(child) {
                found += try scripts(under: child, visited: &visited)
            } else if name.hasSuffix(".mbs") {
                found.append(child)
            }
        }
        return found
    }

    /// The folders directly in `path`, sorted, hidden ones left out (as `scripts(under:)` leaves them out).
    static func folders(in path: String) -> [String] {
        (names(in: path) ?? []).filter { !$0.hasPrefix(".") }.map { join(path, $0) }.filter(isDirectory).sorted()
    }

    /// The names in the folder `path`, in the order the system lists them, without `.` and `..`; nil when it
    /// cannot be listed (`errno` says why).
    static func names(in path: String) -> [String]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// `folder/name` (`folder` + `name` when the folder already ends with a slash).
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    static func lastError() -> String {
        String(cString: strerror(errno))
    }

    /// `~/x.mbs` → `$HOME/x.mbs` (as a shell would), for paths typed at the prompt and in scripts.
    static func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty
        else {
            return path
        }
        return home + path.dropFirst()
    }

    /// The one rule for a FILE named on a line (`snapshot FILE`, `load FILE`, `save FILE`): a line of a script
    /// file names it relative to that script's folder (`mailsim run dir/a.mbs` with `snapshot a.png` writes
    /// dir/a.png, wherever mailsim was started); a line typed at the prompt or read from standard input
    /// (`script` nil, `-` or `<stdin>`), relative to the current directory. `~/` is the home folder; an
    /// absolute path is itself.
    static func path(_ written: String, inScript script: String?) -> String {
        let path = expandingTilde(written)
        guard !path.hasPrefix("/"), let script, script != "-", script != "<stdin>",
            let slash = script.lastIndex(of: "/")
        else { return path }
        return String(script[...slash]) + path
    }

    /// A path's folder resolved (links, `..`) and its last name: two names of one file to be written, however
    /// they are spelled, give one answer (a file not written yet has no identity of its own to compare).
    static func canonicalTarget(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return identity(of: ".") + "/" + path }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        let folderPath = identity(of: folder)
        return (folderPath.hasSuffix("/") ? folderPath : folderPath + "/") + path[path.index(after: slash)...]
    }

    /// The file's real path (links resolved), to recognise it however it is named.
    static func identity(of path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
