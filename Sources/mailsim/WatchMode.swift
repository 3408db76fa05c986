import MailboxText
import Glibc

/// `mailsim test --watch`: runs the selected scripts once, then reruns each script whenever it is saved (or
/// moved into a watched folder), printing its result and the totals of the rerun, until Ctrl-C. Folders made
/// under a watched one are watched too. Saves that come together (an editor writing a file twice, a
/// checkout) are gathered for a tenth of a second and run as one batch.
enum WatchMode {
    static let quietMilliseconds: Int32 = 100

    static func run(_ options: TestOptions) -> Int32 {
        _ = TestRun.execute(options)
        let watcher: Inotify
        do throws(FileSystem.Failure) {
            watcher = try Inotify()
            for path in options.paths {
                if FileSystem.isDirectory(path) {
                    try watchTree(path, watcher)
                } else {
                    try watcher.watch(folder(of: path))
                }
            }
        } catch {
            Console.error("mailsim: test --watch: \(error.message)")
            return 2
        }
        Console.out("watching \(counted(watcher.count, "folder")) for saved scripts (Ctrl-C to stop)")
        while true {
            fflush(nil)
            var batch = watcher.changes(waiting: -1)
            // Gather what comes with it, until a moment passes with nothing new.
            while true {
                let more = watcher.changes(waiting: quietMilliseconds)
                if more.isEmpty { break }
                batch += more
            }
            // A new folder is watched from now on; what was saved in it before the watch began is run too.
            for change in batch where change.isFolder && !change.removed {
                try? watchTree(change.path, watcher)
                let saved = (try? FileSystem.scripts(under: change.path)) ?? []
                batch += saved.map { Inotify.Change(path: $0, removed: false, isFolder: false) }
            }
            rerun(batch, options)
        }
    }

    /// Reruns the selected scripts that `batch` touched; says which ones went away.
    static func rerun(_ batch: [Inotify.Change], _ options: TestOptions) {
        let touched = Set(batch.filter { !$0.isFolder && $0.path.hasSuffix(".mbs") }.map { key($0.path) })
        guard !touched.isEmpty else { return }
        let selected = TestSelection(options).items.filter { touched.contains(key($0.path)) }
        let gone = touched.filter { !FileSystem.exists($0) }.sorted()
        Console.out("")
        for path in gone { Console.out("removed: \(path)") }
        guard !selected.isEmpty else { return }
        Console.out("changed: " + selected.map(\.path).joined(separator: ", "))
        _ = TestRun.execute(options, items: selected)
    }

    /// A path as both a watched folder's events and the scripts' search name it: `./a.mbs` is `a.mbs`.
    static func key(_ path: String) -> String {
        var key = Substring(path)
        while key.hasPrefix("./") { key = key.dropFirst(2) }
        return String(key)
    }

    /// Watches `folder` and every folder under it (hidden ones aside, as the scripts' search skips them).
    static func watchTree(_ folder: String, _ watcher: Inotify) throws(FileSystem.Failure) {
        try watcher.watch(folder)
        for child in FileSystem.folders(in: folder) { try watchTree(child, watcher) }
    }

    /// The folder a script is in (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
