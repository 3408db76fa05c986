import Glibc

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
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw Failure(message: "cannot read '\(path)': \(lastError())") }
        defer { close(fd) }
        try stream(fd, name: path, body)
    }

    /// Reads a file descriptor (standard input, say) in pieces, as `stream(_:_:)` does.
    static func stream(_ fd: Int32, name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) throws(Failure) {
        let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
        defer { chunk.deallocate() }
        while true {
            let count = Glibc.read(fd, chunk.baseAddress, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(message: "cannot read '\(name)': \(lastError())")
            }
            if count == 0 { return }
            guard body(UnsafeBufferPointer(rebasing: chunk[..<count])) else { return }
        }
    }

    /// Writes `contents` to `path`, replacing it.
    static func write(_ contents: String, to path: String) throws(Failure) {
        try write(bytes: Array(contents.utf8), to: path)
    }

    /// Writes `bytes` to `path`, replacing it.
    static func write(bytes contents: [UInt8], to path: String) throws(Failure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw Failure(message: "cannot write '\(path)': \(lastError())") }
        defer { close(fd) }
        var bytes = contents[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(message: "cannot write '\(path)': \(lastError())")
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// The whole file.
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        try stream(path) { bytes.append(contentsOf: $0); return true }
        return bytes
    }

    /// Replaces the file at `path` (or the file a symbolic link there points to) with `bytes` in one step: they
    /// are written beside it and renamed over it, keeping its permissions, so a reader never sees half a file.
    static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
        var target = path
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        var info = stat()
        let mode = stat(target, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        let temporary = target + ".mailsim-\(getpid()).tmp"
        try write(bytes: bytes, to: temporary)
        guard chmod(temporary, mode) == 0, rename(temporary, target) == 0 else {
            let message = lastError()
            unlink(temporary)
            throw Failure(message: "cannot replace '\(path)': \(message)")
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
        guard exists(path) else { throw Failure(message: "no such file or directory '\(path)'") }
        guard isDirectory(path) else { return [path] }
        var info = stat()
        if stat(path, &info) == 0, !visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted { return [] }
        guard let names = names(in: path) else { throw Failure(message: "cannot list '\(path)': \(lastError())") }
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
        guard path == "~" || path.hasPrefix("~/"), let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty else {
            return path
        }
        return home + path.dropFirst()
    }

    /// The file's real path (links resolved), to recognise it however it is named.
    static func identity(of path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
