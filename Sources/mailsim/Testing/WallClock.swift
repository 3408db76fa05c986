import Glibc

/// Seconds on the monotonic clock: how long a script took in `mailsim test` (the simulation never reads it).
enum WallClock {
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
