/// One parsed line of the script language.
public indirect enum Command: Equatable, Sendable {
    case pan(PanTarget, translation: Double, duration: Ticks?)
    case edgePan(translation: Double, duration: Ticks?)
    case release(velocity: Double?)
    case tap(TapTarget?)
    case choose(String)
    case shake
    case type(String)
    case advance(Ticks)
    case settle
    case reset(messages: Int?)
    case setFramesPerSecond(Int)
    case state
    case show(String)
    case colors
    case timeline(filter: String?)
    case render
    case save(file: String, withExpectations: Bool)
    case expect(Expectation)
    /// `! COMMAND`: the command must be refused.
    case mustFail(Command, text: String)
    /// A line inside `!` that did not parse: running it raises the parse error.
    case invalid(String)
    case help(topic: String?)
    case quit
}

/// The settings `set` changes; kept by `reset`.
public enum Setting: String, CaseIterable, Sendable {
    /// The frame rate at which pans are sampled.
    case fps
}
