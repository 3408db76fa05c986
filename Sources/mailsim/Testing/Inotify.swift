import Glibc

/// Folders watched with Linux's inotify, for `mailsim test --watch`: which files in them were written,
/// moved in, created or removed.
final class Inotify {
    /// A name in a watched folder that changed: `folder/name`, and whether it is now gone; or a watched folder
    /// itself removed or moved away (`watchEnded`: its watch is over, `path` is the folder).
    struct Change: Hashable {
        let path: String
        let removed: Bool
        let isFolder: Bool
        var watchEnded = false
    }

    private let fd: Int32
    /// Each watch's folder, as it was named when added.
    private var folders: [Int32: String] = [:]

    /// What a watched folder reports: a file written and closed, moved in or out, created, removed.
    /// And the folder itself removed or moved away.
    private static let mask = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE
            | IN_DELETE_SELF | IN_MOVE_SELF)

    init() throws(FileSystem.Failure) {
        fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { throw FileSystem.Failure(message: "cannot watch for changes: \(FileSystem.lastError())") }
    }

    deinit { close(fd) }

    var count: Int { folders.count }

    /// Watches `folder` (not the folders inside it: add those too).
    func watch(_ folder: String) throws(FileSystem.Failure) {
        let wd = inotify_add_watch(fd, folder, Inotify.mask)
        guard wd >= 0 else { throw FileSystem.Failure(message: "cannot watch '\(folder)': \(FileSystem.lastError())") }
        folders[wd] = folder
    }

    /// Waits up to `milliseconds` (-1: for ever) for changes and returns those that came; empty on a timeout,
    /// or as soon as `wake` (a pipe, when given) can be read or a signal arrives.
    func changes(waiting milliseconds: Int32, wake: Int32 = -1) -> [Change] {
        var pollers = [
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)
        ]
        let ready = poll(&pollers, wake >= 0 ? 2 : 1, milliseconds)
        guard ready > 0, pollers[0].revents & Int16(POLLIN) != 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return [] }
        var changes: [Change] = []
        buffer.withUnsafeBytes { raw in
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                let nameBytes = raw[(offset + header)..<(offset + header + Int(event.len))]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += header + Int(event.len)
                guard let folder = folders[event.wd] else { continue }
                if name.isEmpty {
                    // The folder itself: removed or moved (its path no longer names it), or its watch dropped.
                    let ends = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED | IN_UNMOUNT)
                    guard event.mask & ends != 0 else { continue }
                    if event.mask & UInt32(IN_MOVE_SELF) != 0 { inotify_rm_watch(fd, event.wd) }
                    folders[event.wd] = nil
                    changes.append(Change(path: folder, removed: true, isFolder: true, watchEnded: true))
                    continue
                }
                let path = FileSystem.join(folder, name)
                let removed = event.mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0
                changes.append(Change(path: path, removed: removed, isFolder: event.mask & UInt32(IN_ISDIR) != 0))
            }
        }
        return changes
    }
}
