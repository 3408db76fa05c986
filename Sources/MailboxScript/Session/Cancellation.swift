extension Session {
    /// The Ctrl-C check a session polls while one `execute` runs (nil between lines). It is not part of what a
    /// session holds: two sessions that differ only in it are equal, so `Session`'s synthesised `==` compares every
    /// stored property that is (a property added to `Session` is compared by the compiler, not by a list).
    struct Cancellation: Sendable, Equatable {
        var check: (@Sendable () -> Bool)?

        static func == (_: Cancellation, _: Cancellation) -> Bool { true }
    }
}
