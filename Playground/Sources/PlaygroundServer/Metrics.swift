import Foundation
import Synchronization

/// Why the server refused something: one label value of `mailsim_playground_refusals_total` a kind
/// (docs/playground.md, "Behind a proxy" lists them with what the client sees).
enum RefusalReason: String, CaseIterable, Sendable {
    /// A `Host` that does not name the server (403).
    case host
    /// An upgrade's or an export's `Origin` that is not the page's own (403).
    case origin
    /// A trusted proxy's forwarded header that cannot be read (400).
    case forwarded
    /// Every session place taken (503, or the full page).
    case full
    /// Every place of one client address taken (429, or the full page).
    case address
    /// A client address's connections (or the trusted proxies') at their bound (503).
    case connections
    /// An upgrade while the server is stopping (503).
    case stopping
    /// A message over a socket's budget ("too many messages; slow down").
    case rate
    /// A binary frame (answered with an error).
    case binary
    /// A message over 128 KiB (1009) or an export's body over 1 MiB (413).
    case tooBig = "too_big"
    /// A session closed after its idle time.
    case idle
    /// A request that is not HTTP/1.1 as RFC 9112 says, or a bad upgrade (400, 405, 426, 404 for /ws elsewhere).
    case badRequest = "bad_request"
    /// A request head not complete within 10 s (408).
    case headTimeout = "head_timeout"
    /// A request head over 32 KiB (431).
    case headTooBig = "head_too_big"
    /// A request body not complete within its bound (408).
    case bodyTimeout = "body_timeout"
    /// `/healthz` or `/metrics` asked more often than `ProbeAnswers.perSecond` from one client (429).
    case probeRate = "probe_rate"
    /// An export that found the queue full, or waited its bound for its turn (503).
    case exportBusy = "export_busy"
    /// An export from a client address that has `ExportLane.perAddress` made or waiting already (429).
    case exportAddress = "export_address"
    /// An export whose script the walkthrough refuses (400: an error, too long, too big).
    case exportRefused = "export_refused"
    /// `/metrics` asked from an address that is neither loopback nor a trusted proxy (403).
    case metrics
}

/// Counters that several threads add to without a lock: one `Atomic` each, in memory of their own.
final class AtomicCounters: @unchecked Sendable {
    // @unchecked: the storage is written only through the atomics it holds, and freed when nothing can use it.
    private let storage: UnsafeMutablePointer<Atomic<Int>>
    let count: Int

    init(count: Int) {
        self.count = count
        storage = .allocate(capacity: count)
        for index in 0..<count { (storage + index).initialize(to: Atomic(0)) }
    }

    deinit {
        _ = storage.deinitialize(count: count)
        storage.deallocate()
    }

    func add(_ index: Int, _ amount: Int = 1) { _ = storage[index].add(amount, ordering: .relaxed) }

    func load(_ index: Int) -> Int { storage[index].load(ordering: .relaxed) }
}

/// The server's figures for `GET /metrics`, counted as things happen: lock-free adds, nothing per message but two
/// counters and a bucket.
final class Metrics: Sendable {
    /// The answer-time histogram's upper bounds, in seconds (the last bucket, +Inf, is the count).
    static let bounds: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    let sessionsOpened = Atomic<Int>(0)
    let messages = Atomic<Int>(0)
    let exports = Atomic<Int>(0)
    /// Connections closed to make room when the server held its most (`ConnectionTable`).
    let shed = Atomic<Int>(0)
    /// The histogram's buckets (not cumulative: each counts the answers in its own range; the last past 2.5 s),
    /// and its sum in nanoseconds.
    private let buckets = AtomicCounters(count: Metrics.bounds.count + 1)
    private let answerNanoseconds = Atomic<Int>(0)
    private let refusals = AtomicCounters(count: RefusalReason.allCases.count)
    private static let reasonIndex = Dictionary(
        uniqueKeysWithValues: RefusalReason.allCases.enumerated().map { ($1, $0) })

    func refused(_ reason: RefusalReason) { refusals.add(Self.reasonIndex[reason]!) }

    /// The refusals counted for `reason`.
    func refusalCount(_ reason: RefusalReason) -> Int { refusals.load(Self.reasonIndex[reason]!) }

    /// One message answered `nanoseconds` after it was received.
    func answered(nanoseconds: Int) {
        let seconds = Double(nanoseconds) * 1e-9
        let bucket = Self.bounds.firstIndex { seconds <= $0 } ?? Self.bounds.count
        buckets.add(bucket)
        _ = answerNanoseconds.add(nanoseconds, ordering: .relaxed)
    }

    /// The exposition (Prometheus text format 0.0.4), with `sessions` and `connections` open now, and the bound of
    /// the connections.
    func exposition(sessions: Int, connections: Int, maxConnections: Int) -> String {
        var text = ""
        func family(_ name: String, _ type: String, _ help: String) {
            text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
        }
        func sample(_ name: String, _ value: String, _ labels: String = "") {
            text += "\(name)\(labels.isEmpty ? "" : "{\(labels)}") \(value)\n"
        }
        family("mailsim_playground_sessions", "gauge", "Playground sessions open now.")
        sample("mailsim_playground_sessions", String(sessions))
        family("mailsim_playground_sessions_opened_total", "counter", "Playground sessions opened since the start.")
        sample("mailsim_playground_sessions_opened_total", String(sessionsOpened.load(ordering: .relaxed)))
        family("mailsim_playground_messages_total", "counter", "WebSocket messages received from pages.")
        sample("mailsim_playground_messages_total", String(messages.load(ordering: .relaxed)))
        family(
            "mailsim_playground_answer_seconds", "histogram",
            "Time from a message received to its answer written, in seconds.")
        var cumulative = 0
        for (index, bound) in Self.bounds.enumerated() {
            cumulative += buckets.load(index)
            sample("mailsim_playground_answer_seconds_bucket", String(cumulative), "le=\"\(Self.number(bound))\"")
        }
        cumulative += buckets.load(Self.bounds.count)
        sample("mailsim_playground_answer_seconds_bucket", String(cumulative), "le=\"+Inf\"")
        sample(
            "mailsim_playground_answer_seconds_sum",
            Self.number(Double(answerNanoseconds.load(ordering: .relaxed)) * 1e-9))
        sample("mailsim_playground_answer_seconds_count", String(cumulative))
        family("mailsim_playground_refusals_total", "counter", "Requests, connections and messages refused, by reason.")
        for (index, reason) in RefusalReason.allCases.enumerated() {
            sample("mailsim_playground_refusals_total", String(refusals.load(index)), "reason=\"\(reason.rawValue)\"")
        }
        family("mailsim_playground_connections", "gauge", "Connections open now (HTTP and WebSocket).")
        sample("mailsim_playground_connections", String(connections))
        family("mailsim_playground_connections_max", "gauge", "The most connections held at once.")
        sample("mailsim_playground_connections_max", String(maxConnections))
        family(
            "mailsim_playground_connections_shed_total", "counter",
            "Idle or slow connections closed to make room for new ones.")
        sample("mailsim_playground_connections_shed_total", String(shed.load(ordering: .relaxed)))
        family("mailsim_playground_exports_total", "counter", "Walkthroughs (HTML players and GIFs) made.")
        sample("mailsim_playground_exports_total", String(exports.load(ordering: .relaxed)))
        let process = ProcessFigures.now()
        family("process_cpu_seconds_total", "counter", "User and system CPU time spent, in seconds.")
        sample("process_cpu_seconds_total", Self.number(process.cpuSeconds))
        family("process_resident_memory_bytes", "gauge", "Resident memory size, in bytes.")
        sample("process_resident_memory_bytes", String(process.residentBytes))
        family("process_open_fds", "gauge", "Open file descriptors.")
        sample("process_open_fds", String(process.openFiles))
        family("process_max_fds", "gauge", "The most file descriptors the process may open.")
        sample("process_max_fds", String(process.maxFiles))
        return text
    }

    /// A number as the exposition writes it: shortest form that reads back the same.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}

/// The process's own figures, read from the kernel when `/metrics` is asked.
struct ProcessFigures {
    var cpuSeconds = 0.0
    var residentBytes = 0
    var openFiles = 0
    var maxFiles = 0

    static func now() -> ProcessFigures {
        var figures = ProcessFigures()
        var usage = rusage()
        if getrusage(RUSAGE_SELF.rawValue, &usage) == 0 {
            figures.cpuSeconds =
                Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6 + Double(usage.ru_stime.tv_sec)
                + Double(usage.ru_stime.tv_usec) * 1e-6
        }
        // /proc/self/statm: size, resident, … in pages.
        if let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) {
            let fields = statm.split(separator: " ")
            if fields.count > 1, let pages = Int(fields[1]) {
                figures.residentBytes = pages * Int(sysconf(Int32(_SC_PAGESIZE)))
            }
        }
        if let folder = opendir("/proc/self/fd") {
            while let entry = readdir(folder) {
                if entry.pointee.d_name.0 != UInt8(ascii: ".") { figures.openFiles += 1 }
            }
            closedir(folder)
            figures.openFiles -= 1  // the folder being read
        }
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 { figures.maxFiles = Int(limit.rlim_cur) }
        return figures
    }
}
