/// What the routes, their middleware and the upgrade check share, made once by `buildApplication` and passed as one
/// value (as Hummingbird's own examples pass one context or services value), not as a list of parameters each.
struct PlaygroundServices: Sendable {
    /// The address served, and which `Host` and `Origin` values name it.
    let address: ServedAddress
    /// The port listened on, known once the server listens (`--port 0` picks one).
    let port: @Sendable () -> Int
    /// The session places, taken by the upgrade check and given back when a session ends.
    let gate: SessionGate
    /// Where walkthrough exports wait their turn and run.
    let exports: ExportLane
    /// Whether the server is stopping, and the sockets it closes then.
    let stopping: Stopping
    /// Whose forwarded headers are believed (`--trusted-proxy`), and how a client is keyed.
    let forwarding: Forwarding
    /// The figures of `GET /metrics`.
    let metrics: Metrics
    /// The page's WebAssembly simulation and its files (`--site`), read at start.
    let site: SiteFiles
    /// The answers to `/healthz` and `/metrics` (the exposition the routes serve too).
    let probes: ProbeAnswers
    /// Where the server's lines are written.
    let log: Log
}
