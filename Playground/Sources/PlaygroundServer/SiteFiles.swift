import Glibc
import NIOCore

/// The page's WebAssembly simulation and its files: the folder `make site` writes (`--site`, or the first default
/// folder that holds `site.json`), read once at start, each file checked against `site.json` (`SiteManifest`), and
/// served from memory at `/PATH` (docs/playground.md, "The server"): the site's own page at `/`, its version folder
/// `v/BUILD/`, its service worker and list. Without it the page is the one compiled in, whose
/// `import("./mailsim.mjs")` fails, and the page uses the server's session.
public struct SiteFiles: Sendable {
    /// One file served at `/PATH`, its bytes as they were at start.
    struct File: Sendable {
        let path: String
        let type: String
        let cacheControl: String
        let bytes: ByteBuffer
    }

    /// The most bytes one file may have (the simulation is about 1.3 MiB).
    static let fileBytes = 8 << 20

    /// The folder read, nil when there is none.
    let folder: String?
    /// The version the site holds (its `v/BUILD/`) and the mailsim it was made from; nil without a site.
    let build: String?
    let mailsim: String?
    /// Every file served: those `site.json` lists, the worker and the list itself.
    let files: [File]

    /// No site: the page uses the server's session.
    public static let none = SiteFiles(folder: nil, build: nil, mailsim: nil, files: [])

    /// The site's page (`index.html`), served at `/`; nil without a site.
    var page: File? { files.first { $0.path == SiteManifest.page } }

    /// Why the site cannot be served: the words of an `error:` line.
    struct Failure: Error {
        let reason: String
    }

    /// The site of `--site FOLDER`, or else of the first default folder for the server at `executable` that holds
    /// `site.json` (`none` when none does). A named folder must hold it; a file it lists that is missing, too big,
    /// unreadable or not as listed fails (a site copied halfway, or changed after make site).
    static func load(named folder: String?, executable: String?) -> Result<SiteFiles, Failure> {
        if let folder {
            guard let kind = fileKind(folder) else {
                return .failure(Failure(reason: "--site '\(folder)': no such folder (make site writes .build/site)"))
            }
            guard kind == S_IFDIR else { return .failure(Failure(reason: "--site '\(folder)' is not a folder")) }
            guard fileKind(folder + "/" + SiteManifest.name) == S_IFREG else {
                return .failure(
                    Failure(
                        reason:
                            """
                            --site '\(folder)' has no \(SiteManifest.name): name the folder make site wrote \
                            (.build/site), or run make site
                            """
                    ))
            }
            return read(folder)
        }
        guard let found = defaultFolders(executable: executable).first(where: { holdsManifest($0) }) else {
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

    private static func holdsManifest(_ folder: String) -> Bool {
        fileKind(folder) == S_IFDIR && fileKind(folder + "/" + SiteManifest.name) == S_IFREG
    }

    /// The type bits of `path`'s mode (`S_IFDIR`, `S_IFREG`, …), links followed; nil when nothing is there.
    private static func fileKind(_ path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    /// The files `folder`'s `site.json` lists, the worker and the list, read and checked against it.
    private static func read(_ folder: String) -> Result<SiteFiles, Failure> {
        let place = "site '\(folder)'"
        let listed: [UInt8]
        switch contents(of: folder + "/" + SiteManifest.name) {
        case .success(let bytes?): listed = bytes
        case .success(nil): return .failure(Failure(reason: "\(place) has no \(SiteManifest.name)"))
        case .failure(let failure): return .failure(failure)
        }
        let manifest: SiteManifest
        switch SiteManifest.decode(listed) {
        case .success(let decoded): manifest = decoded
        case .failure(let failure): return .failure(Failure(reason: "\(place): " + failure.reason))
        }
        var files = [
            File(
                path: SiteManifest.name, type: SiteManifest.type(of: SiteManifest.name), cacheControl: "no-cache",
                bytes: ByteBuffer(bytes: listed))
        ]
        for entry in manifest.files + [manifest.worker] {
            switch checked(entry, in: folder) {
            case .success(let bytes):
                files.append(
                    File(
                        path: entry.path, type: SiteManifest.type(of: entry.path),
                        cacheControl: SiteManifest.cacheControl(of: entry.path), bytes: ByteBuffer(bytes: bytes)))
            case .failure(let failure):
                return .failure(Failure(reason: "\(place): " + failure.reason))
            }
        }
        return .success(SiteFiles(folder: folder, build: manifest.build, mailsim: manifest.mailsim, files: files))
    }

    /// The bytes of `entry`'s file in `folder`, when they are the ones `site.json` lists.
    private static func checked(_ entry: SiteManifest.Entry, in folder: String) -> Result<[UInt8], Failure> {
        let bytes: [UInt8]
        switch contents(of: folder + "/" + entry.path) {
        case .success(let read?): bytes = read
        case .success(nil):
            return .failure(
                Failure(
                    reason: """
                        \(entry.path), which \(SiteManifest.name) lists, is missing: copy the folder whole, or run \
                        make site
                        """))
        case .failure(let failure): return .failure(failure)
        }
        guard bytes.count == entry.size else {
            return .failure(
                Failure(
                    reason: """
                        \(entry.path) is \(bytes.count) bytes, \(SiteManifest.name) says \(entry.size): the folder is \
                        not whole (copied while it was written, or cut short); copy it again, or run make site
                        """))
        }
        let sha256 = SiteManifest.sha256(bytes)
        guard sha256 == entry.sha256 else {
            return .failure(
                Failure(
                    reason: """
                        \(entry.path) is not the file \(SiteManifest.name) lists (SHA-256 \(sha256), listed \
                        \(entry.sha256)): it changed after make site wrote it; run make site again
                        """))
        }
        return .success(bytes)
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
