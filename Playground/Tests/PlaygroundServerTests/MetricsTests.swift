import Testing

@testable import PlaygroundServer

/// `/metrics`' figures in the server's own Prometheus registry: the names docs/playground.md lists, one `# TYPE` a
/// family, and the answer times' histogram cumulative with +Inf its count.
@Suite struct MetricsTests {
    static let families = [
        "mailsim_playground_sessions", "mailsim_playground_sessions_opened_total",
        "mailsim_playground_messages_total", "mailsim_playground_answer_seconds", "mailsim_playground_refusals_total",
        "mailsim_playground_connections", "mailsim_playground_connections_max",
        "mailsim_playground_connections_shed_total", "mailsim_playground_exports_total", "process_cpu_seconds_total",
        "process_resident_memory_bytes", "process_open_fds", "process_max_fds"
    ]

    @Test func everyFamilyIsDeclaredOnceWithItsHelp() {
        let text = Metrics().exposition(sessions: 2, connections: 5, maxConnections: 960)
        let lines = text.split(separator: "\n").map(String.init)
        let types = lines.filter { $0.hasPrefix("# TYPE ") }.map { $0.split(separator: " ")[2] }
        #expect(Set(types) == Set(Self.families.map { Substring($0) }))
        #expect(types.count == Self.families.count)
        #expect(lines.filter { $0.hasPrefix("# HELP ") }.count == Self.families.count)
        #expect(RouteTests.sample(text, "mailsim_playground_sessions") == 2)
        #expect(RouteTests.sample(text, "mailsim_playground_connections") == 5)
        #expect(text.hasSuffix("\n"))
    }

    @Test func theAnswerTimesAreACumulativeHistogramInSeconds() {
        let metrics = Metrics()
        for milliseconds in [0.5, 3, 3, 40, 3000] { metrics.answered(nanoseconds: Int(milliseconds * 1e6)) }
        let text = metrics.exposition(sessions: 0, connections: 0, maxConnections: 1)
        func bucket(_ bound: String) -> Double? {
            RouteTests.sample(text, "mailsim_playground_answer_seconds_bucket{le=\"\(bound)\"}")
        }
        #expect(bucket("0.001") == 1)
        #expect(bucket("0.005") == 3)
        #expect(bucket("0.05") == 4)
        #expect(bucket("2.5") == 4)
        #expect(bucket("+Inf") == 5)
        #expect(RouteTests.sample(text, "mailsim_playground_answer_seconds_count") == 5)
        let sum = RouteTests.sample(text, "mailsim_playground_answer_seconds_sum") ?? 0
        #expect(abs(sum - 3.0465) < 1e-9)
    }

    @Test func eachRefusalIsCountedUnderItsReason() {
        let metrics = Metrics()
        metrics.refused(.origin)
        metrics.refused(.origin)
        metrics.refused(.tooBig)
        #expect(metrics.refusalCount(.origin) == 2)
        #expect(metrics.refusalCount(.tooBig) == 1)
        #expect(metrics.refusalCount(.host) == 0)
        // Every reason has its line from the start, at 0.
        #expect(RefusalReason.allCases.allSatisfy { metrics.refusalCount($0) != nil })
    }

    @Test func theProcessCPUCounterOnlyGrows() {
        let metrics = Metrics()
        let first =
            RouteTests.sample(
                metrics.exposition(sessions: 0, connections: 0, maxConnections: 1), "process_cpu_seconds_total") ?? -1
        var spin = 0.0
        for index in 0..<2_000_000 { spin += Double(index).squareRoot() }
        #expect(spin > 0)
        let second =
            RouteTests.sample(
                metrics.exposition(sessions: 0, connections: 0, maxConnections: 1), "process_cpu_seconds_total") ?? -1
        #expect(first > 0)
        #expect(second >= first)
    }
}
