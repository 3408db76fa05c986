import MailboxSim
import MailboxText

/// What `snapshot` asks the front end to draw: the screen at that instant, where, in which format and scale.
public struct PictureRequest: Equatable, Sendable {
    public var target: Target
    public var screen: ScreenSnapshot

    public init(target: Target, screen: ScreenSnapshot) { self.target = target; self.screen = screen }

    /// The scales a PNG can be drawn at, and the default.
    public static let scales = 1...4
    public static let defaultScale = 2

    /// The picture formats, by file extension.
    public enum Format: String, CaseIterable, Sendable {
        case svg, png

        /// The format FILE's extension names (any case), if any.
        public init?(file: some StringProtocol) {
            guard let dot = file.lastIndex(of: "."), !file[file.index(after: dot)...].contains("/") else { return nil }
            self.init(rawValue: file[file.index(after: dot)...].lowercased())
        }
    }

    /// A file, its format and scale.
    public struct Target: Equatable, Sendable {
        public var file: String
        public var format: Format
        public var scale: Int

        /// Checks FILE's extension; `scale` (already in range) defaults to 2.
        public init(file: String, scale: Int?) throws(ScriptError) {
            guard let format = Format(file: file) else {
                let formats = Format.allCases.map { "." + $0.rawValue }.joined(separator: " or ")
                throw ScriptError("snapshot: \(quoted(file)) must end in \(formats)")
            }
            self.file = file
            self.format = format
            self.scale = scale ?? PictureRequest.defaultScale
        }
    }
}
