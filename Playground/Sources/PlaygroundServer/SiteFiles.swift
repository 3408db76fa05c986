import Glibc
import NIOCore

/// The page's WebAssembly simulation and its files: the folder `make site` writes (`--site`, or the first default
/// folder that holds `mailsim.wasm`), read once at start and served from memory at `/NAME` (docs/playground.md,
/// "The server"). Without it the page's `import("./mailsim.mjs")` fails and the page uses the server's session.
public struct SiteFiles: Sendable {
    /// One file served at `/NAME`, its bytes as they were at start.
    struct File: Sendable {
        let name: String
        let type: String
        let bytes: ByteBuffer
    }

    /// The files of the folder that are served, and their types; any other file of it is not (the page, its script
    /// and its style are the server's own, compiled in). A missing one is not served.
    static let served: [(name: String, type: String)] = [
        ("mailsim.mjs", "text/javascript; charset=utf-8"), ("mailsim.wasm", "application/wasm"),
        ("manifest.webmanifest", "application/manifest+json"), ("sw.js", "text/javascript; charset=utf-8"),
        ("icon.svg", "image/svg+xml"), ("icon-192.png", "image/png"), ("icon-512.png", "image/png"),
        ("apple-touch-icon.png", "image/png")
    ]
    /// The file a site folder must hold: the simulation itself.
    static let simulation = "mailsim.wasm"
    /// The most bytes one file may have (the simulation is about 1.3 MiB).
    static let fileBytes = 8 << 20

    /// The folder read, nil when there is none.
    let folder: String?
    let files: [File]

    /// No site: the page uses the server's session.
    public static let none = SiteFiles(folder: nil, files: [])

    /// Why the site cannot be served: the words of an `error:` line.
    struct Failure: Error {
        let reason: String
    }

    /// The site of `--site FOLDER`, or else of the first default folder for the server at `executable` that holds
    /// `mailsim.wasm` (`none` when none does). A named folder must hold it; any file too big or unreadable fails.
    static func load(named folder: String?, executable: String?) -> Result<SiteFiles, Failure> {
        if let folder {
            guard let kind = fileKind(folder) else {
                return .failure(Failure(reason: "--site '\(folder)': no such folder (make site writes .build/site)"))
            }
            guard kind == S_IFDIR else { return .failure(Failure(reason: "--site '\(folder)' is not a folder")) }
            guard fileKind(folder + "/" + simulation) == S_IFREG else {
                return .failure(
                    Failure(
                        reason:
                            """
                            --site '\(folder)' has no \(simulation): name the folder make site wrote \
                            (.build/site), or run make site
                            """
                    ))
            }
            return read(folder)
        }
        guard let found = defaultFolders(executable: executable).first(where: { holdsSimulation($0) }) else {
            return .success(.none)
        }
        return read(found)
    }

    /// The folders looked in without `--site`, in order, for the server at `executable` (its path, links resolved):
    /// `../share/mailsim/site` beside it (what an install makes: `/usr/bin` and `/usr/share/mailsim/site`); and
    /// for a server in this repository's `ROOT/Playground/.build/…/CONFIG`, `ROOT/.build/site` (`make site`).
    static func defaultFolders(executable: String?) -> [String] {
        guard let executable, let slash = executable.lastIndex(of: "/") else { return [] }
        let folder = executable[..<slash]
        // The path is absolute: the parent of `/usr/bin` is `/usr`, that of `/bin` the root.
        let parent = folder.lastIndex(of: "/").map { String(folder[..<$0]) } ?? ""
        var folders = [parent + "/share/mailsim/site"]
        let parts = folder.split(separator: "/", omittingEmptySubsequences: false)
        if let build = parts.lastIndex(of: ".build"), build > 0, parts[build - 1] == "Playground",
            let configuration = parts.last, configuration == "release" || configuration == "debug"
        {
            folders.append(parts[..<(build - 1)].joined(separator: "/") + "/.build/site")
        }
        return folders
    }

    /// The running server's path, links resolved (`/proc/self/exe`).
    static func runningExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func holdsSimulation(_ folder: String) -> Bool {
        fileKind(folder) == S_IFDIR && fileKind(folder + "/" + simulation) == S_IFREG
    }

    /// The type bits of `path`'s mode (`S_IFDIR`, `S_IFREG`, …), links followed; nil when nothing is there.
    private static func fileKind(_ path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    /// The served files `folder` holds, read.
    private static func read(_ folder: String) -> Result<SiteFiles, Failure> {
        var files: [File] = []
        for (name, type) in served {
            switch contents(of: folder + "/" + name) {
            case .success(nil): continue
            case .success(let bytes?): files.append(File(name: name, type: type, bytes: ByteBuffer(bytes: bytes)))
            case .failure(let failure): return .failure(failure)
            }
        }
        return .success(SiteFiles(folder: folder, files: files))
    }

    /// The bytes of the file at `path`: nil when there is none, a failure when it is not a file, cannot be read or
    /// holds more than `fileBytes`.
    private static func contents(of path: String) -> Result<[UInt8]?, Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return .success(nil) }
            return .failure(Failure(reason: "cannot read '\(path)': \(String(cString: strerror(errno)))"))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return .failure(Failure(reason: "cannot read '\(path)': it is not a file"))
        }
        guard status.st_size <= fileBytes else {
            return .failure(Failure(reason: "'\(path)' is over \(fileBytes >> 20) MiB, the most a site file may be"))
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if read == 0 { break }
            if read < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(reason: "cannot read '\(path)': \(String(cString: strerror(errno)))"))
            }
            count += read
        }
        return .success(Array(bytes[..<count]))
    }
}
