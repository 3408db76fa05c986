import Glibc

/// Where `mailsim serve` looks for `mailsim-playground`, in order: beside the running mailsim (what `make install`
/// makes); when mailsim runs from this repository's build folder (`ROOT/.build/…/CONFIG/mailsim`), the playground
/// package's build folder (`ROOT/Playground/.build/CONFIG`, then the other configuration: what `make playground`
/// and `make playground-debug` make); then each folder of `PATH`.
struct ServerSearch {
    static let serverName = "mailsim-playground"

    /// The folders before `PATH`'s, for mailsim at `executable` (its path with links resolved).
    static func folders(executable: String?) -> [String] {
        guard let executable, let slash = executable.lastIndex(of: "/") else { return [] }
        let folder = String(executable[..<slash])
        let parts = folder.split(separator: "/", omittingEmptySubsequences: false)
        guard let build = parts.lastIndex(of: ".build"), let configuration = parts.last,
            configuration == "release" || configuration == "debug"
        else { return [folder] }
        let root = parts[..<build].joined(separator: "/")
        let other = configuration == "release" ? "debug" : "release"
        return [folder, root + "/Playground/.build/" + configuration, root + "/Playground/.build/" + other]
    }

    /// The folders of a `PATH` value (an empty entry is the current folder).
    static func pathFolders(_ path: String?) -> [String] {
        guard let path else { return [] }
        return path.split(separator: ":", omittingEmptySubsequences: false).map { $0.isEmpty ? "." : String($0) }
    }

    /// The first executable `mailsim-playground` in `folders`.
    static func find(in folders: [String]) -> String? {
        folders.lazy.map { $0 + "/" + serverName }.first { access($0, X_OK) == 0 }
    }

    /// The running program's path, links resolved (`/proc/self/exe`).
    static func runningExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The error's words when no folder has the server: where it looked, and what builds it.
    static func notFound(folders: [String]) -> String {
        "the playground server \(serverName) is not built: looked in "
            + (folders + ["the PATH"]).joined(separator: ", ") + "; run make playground"
    }
}
