import Glibc
import MailboxReports
import MailboxText

/// `mailsim test --watch`: runs the selected scripts once, then reruns each script whenever it is saved (or moved into
/// a watched folder), printing its result and the totals of the rerun, until Ctrl-C (then it says so and exits 130).
/// Folders made under a watched one are watched too. Saves that come together (an editor writing a file twice, a
/// checkout) are gathered for a tenth of a second and run as one batch.
enum WatchMode {
    static let quietMilliseconds: Int32 = 100

    static func run(_ options: TestOptions) -> Int32 {
        // Ctrl-C is taken here, whatever the disposition inherited (a background job, nohup: ignored).
        Interrupt.install()
        guard runStopping(options, items: nil) else { return stopped() }
        let watcher: Inotify
        var roots: [String] = []
        do throws(FileSystem.Failure) {
            watcher = try Inotify()
            for path in options.paths {
                let root = FileSystem.isDirectory(path) ? path : folder(of: path)
                roots.append(root)
                try watchTree(root, watcher)
            }
        } catch {
            Console.error(errorLine("--watch: \(error.message)"))
            return 2
        }
        Console.out("watching \(counted(watcher.count, "folder")) for saved scripts (Ctrl-C to stop)")
        /// Watched folders that went away, looked for again every `absentMilliseconds`.
        var absent: [String] = []
        while true {
            fflush(nil)
            var batch = watcher.changes(
                waiting: absent.isEmpty ? -1 : absentMilliseconds, wake: Interrupt.wakeDescriptor)
            if Interrupt.take() { return stopped() }
            // Gather what comes with it, until a moment passes with nothing new.
            while !batch.isEmpty {
                let more = watcher.changes(waiting: quietMilliseconds, wake: Interrupt.wakeDescriptor)
                if Interrupt.take() { return stopped() }
                if more.isEmpty { break }
                batch += more
            }
            Interrupt.drainWakes()
            // A watched folder given on the command line (or a script's folder) that went away is waited for.
            for change in batch where change.watchEnded && roots.contains(change.path) && !absent.contains(change.path)
            {
                absent.append(change.path)
                Console.out("")
                Console.out("\(displayName(change.path)) is gone: watching for it to come back")
            }
            // One that is back is watched again, and its scripts are run.
            for root in absent where FileSystem.isDirectory(root) {
                absent.removeAll { $0 == root }
                if (try? watchTree(root, watcher)) != nil {
                    Console.out("")
                    Console.out("\(displayName(root)) is back: watching it again")
                    batch.append(Inotify.Change(path: root, removed: false, isFolder: true))
                }
            }
            // A new folder is watched from now on; what was saved in it before the watch began is run too.
            for change in batch where change.isFolder && !change.removed {
                try? watchTree(change.path, watcher)
                let saved = (try? FileSystem.scripts(under: change.path)) ?? []
                batch += saved.map { Inotify.Change(path: $0, removed: false, isFolder: false) }
            }
            guard rerun(batch, options) else { return stopped() }
        }
    }

    static let absentMilliseconds: Int32 = 250

    /// Ctrl-C: the watch ends with the shell's status for it (128 + SIGINT).
    private static func stopped() -> Int32 {
        Console.out("")
        Console.out("stopped watching (Ctrl-C)")
        return 130
    }

    /// Runs the selection (or `items`) on a thread of its own, so that Ctrl-C ends the watch at once; false
    /// when it did.
    private static func runStopping(_ options: TestOptions, items: [TestSelection.Item]?) -> Bool {
        Interrupt.run { TestRun.execute(options, items: items) } != nil
    }

    /// Reruns the selected scripts that `batch` touched; says which ones went away (a script renamed is
    /// removed under its old name, changed under its new one). False when Ctrl-C stopped the run.
    static func rerun(_ batch: [Inotify.Change], _ options: TestOptions) -> Bool {
        let touched = Set(batch.filter { !$0.isFolder && $0.path.hasSuffix(".mbs") }.map { key($0.path) })
        guard !touched.isEmpty else { return true }
        let gone = Set(touched.filter { !FileSystem.exists($0) })
        let selected = TestSelection(options).items.filter {
            touched.contains(key($0.path)) && !gone.contains(key($0.path))
        }
        Console.out("")
        for path in gone.sorted() { Console.out("removed: \(displayName(path))") }
        guard !selected.isEmpty else { return true }
        Console.out("changed: " + selected.map { displayName($0.path) }.joined(separator: ", "))
        return runStopping(options, items: selected)
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
