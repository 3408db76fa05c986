/// Placeholder replaced below.
public enum HTMLPlayer {
    public static func page(_ walkthrough: Walkthrough, speed: Double) -> String { "" }
}
