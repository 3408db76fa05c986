/// How long a GIF frame is shown: its delay as browsers show it. A delay under 2 centiseconds (0 and 1 mean "as
/// fast as you can") is shown for 10, as every browser slows it. mailsim grade's own decoder and the page's, which
/// hands on the browser's raw delays, both read delays through this one rule.
public enum GIFDelay {
    /// A delay under this many centiseconds is shown as `shortDelayShownAs`.
    public static let shortest = 2
    public static let shortDelayShownAs = 10

    /// The centiseconds a frame whose delay says `centiseconds` is shown.
    public static func shown(centiseconds: Int) -> Int { centiseconds < shortest ? shortDelayShownAs : centiseconds }
}
