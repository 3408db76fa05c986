import Foundation
import Prometheus
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

/// The server's figures for `GET /metrics`, counted as things happen in a Prometheus registry of the server's own
/// (swift-prometheus): nothing per message but two counters and a histogram, each lock-free. The registry is this
/// server's, not a process-wide `MetricsSystem`, so that each server, and each test's, counts only its own.
final class Metrics: Sendable {
    /// The answer-time histogram's upper bounds, in seconds (the last bucket, +Inf, is the count).
    static let bounds: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    let registry: PrometheusCollectorRegistry
    let sessionsOpened: Counter
    let messages: Counter
    let exports: Counter
    /// Connections closed to make room when the server held its most (`ConnectionTable`).
    let shed: Counter
    private let answers: ValueHistogram
    /// One counter a reason, in `RefusalReason.allCases`' order.
    private let refusals: [Counter]
    private let sessions: Gauge
    private let connections: Gauge
    private let connectionsMax: Gauge
    private let process: ProcessMetrics

    init() {
        let registry = PrometheusCollectorRegistry()
        self.registry = registry
        func counter(_ name: String, _ help: String) -> Counter {
            registry.makeCounter(descriptor: Metrics.named(name, helpText: help))
        }
        func gauge(_ name: String, _ help: String) -> Gauge {
            registry.makeGauge(descriptor: Metrics.named(name, helpText: help))
        }
        sessions = gauge("mailsim_playground_sessions", "Playground sessions open now.")
        sessionsOpened = counter(
            "mailsim_playground_sessions_opened_total", "Playground sessions opened since the start.")
        messages = counter("mailsim_playground_messages_total", "WebSocket messages received from pages.")
        answers = registry.makeValueHistogram(
            descriptor: Metrics.named(
                "mailsim_playground_answer_seconds",
                helpText: "Time from a message received to its answer written, in seconds."),
            buckets: Self.bounds)
        let refused = Metrics.named(
            "mailsim_playground_refusals_total",
            helpText: "Requests, connections and messages refused, by reason.")
        refusals = RefusalReason.allCases.map {
            registry.makeCounter(descriptor: refused, labels: [("reason", $0.rawValue)])
        }
        connections = gauge("mailsim_playground_connections", "Connections open now (HTTP and WebSocket).")
        connectionsMax = gauge("mailsim_playground_connections_max", "The most connections held at once.")
        shed = counter(
            "mailsim_playground_connections_shed_total", "Idle or slow connections closed to make room for new ones.")
        exports = counter("mailsim_playground_exports_total", "Walkthroughs (HTML players and GIFs) made.")
        process = ProcessMetrics(registry)
    }

    /// A family's name and help (the whole name given: no namespace, subsystem or unit of the descriptor's own).
    static func named(_ name: String, helpText: String) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: name, unitName: "", helpText: helpText)
    }

    private static let reasonIndex = Dictionary(
        uniqueKeysWithValues: RefusalReason.allCases.enumerated().map { ($1, $0) })

    func refused(_ reason: RefusalReason) { refusals[Self.reasonIndex[reason]!].increment() }

    /// One message answered `nanoseconds` after it was received.
    func answered(nanoseconds: Int) { answers.record(Double(nanoseconds) * 1e-9) }

    /// The exposition (Prometheus text format 0.0.4), with `sessions` and `connections` open now, and the bound of
    /// the connections.
    func exposition(sessions: Int, connections: Int, maxConnections: Int) -> String {
        self.sessions.set(to: Double(sessions))
        self.connections.set(to: Double(connections))
        connectionsMax.set(to: Double(maxConnections))
        process.update()
        return registry.emitToString()
    }
}

/// The process's own figures (`process_cpu_seconds_total`, `process_resident_memory_bytes`, `process_open_fds`,
/// `process_max_fds`, as Prometheus' own clients name them), read from the kernel when `/metrics` is asked.
final class ProcessMetrics: Sendable {
    private let cpu: Counter
    private let resident: Gauge
    private let openFiles: Gauge
    private let maxFiles: Gauge
    /// The CPU seconds counted so far: the counter only adds, so each read adds what was spent since.
    private let counted = Mutex(0.0)

    init(_ registry: PrometheusCollectorRegistry) {
        cpu = registry.makeCounter(
            descriptor: Metrics.named(
                "process_cpu_seconds_total", helpText: "User and system CPU time spent, in seconds."))
        resident = registry.makeGauge(
            descriptor: Metrics.named("process_resident_memory_bytes", helpText: "Resident memory size, in bytes."))
        openFiles = registry.makeGauge(
            descriptor: Metrics.named("process_open_fds", helpText: "Open file descriptors."))
        maxFiles = registry.makeGauge(
            descriptor: Metrics.named("process_max_fds", helpText: "The most file descriptors the process may open."))
    }

    func update() {
        let figures = ProcessFigures.now()
        counted.withLock { counted in
            if figures.cpuSeconds > counted {
                cpu.increment(by: figures.cpuSeconds - counted)
                counted = figures.cpuSeconds
            }
        }
        resident.set(to: Double(figures.residentBytes))
        openFiles.set(to: Double(figures.openFiles))
        maxFiles.set(to: Double(figures.maxFiles))
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
