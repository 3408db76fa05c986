import MailboxSim

/// One stored property of a value, read and written through two closures: what a writable key path would be. The
/// page's WebAssembly build (Embedded Swift) has no key paths, so the parameter table names its fields this way.
struct Field<Root, Value>: Sendable {
    let get: @Sendable (Root) -> Value
    let set: @Sendable (inout Root, Value) -> Void

    init(_ get: @escaping @Sendable (Root) -> Value, _ set: @escaping @Sendable (inout Root, Value) -> Void) {
        self.get = get
        self.set = set
    }
}

extension Thresholds {
    /// The thresholds of one side.
    subscript(side: Side) -> SideThresholds {
        get { side == .left ? left : right }
        set {
            if side == .left { left = newValue } else { right = newValue }
        }
    }
}
