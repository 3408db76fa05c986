import MailboxSim
import MailboxText

/// What `snapshot` asks the front end to draw: the screen at that instant, where, in which format and scale.
/// A class, so that a command's `Outcome` stays small for the lines that draw nothing (every line carries one).
public final class PictureRequest: Equatable, Sendable {
    public let target: Target
    public let screen: ScreenSnapshot

    public init(target: Target, screen: ScreenSnapshot) {
        self.target = target
        self.screen = screen
    }

    public static func == (a: PictureRequest, b: PictureRequest) -> Bool {
        a.target == b.target && a.screen == b.screen
    }

    /// The picture's size in pixels (an SVG's in points).
    public var size: (width: Int, height: Int) {
        let scale = target.format == .svg ? 1 : target.scale
        return (clampedInt(Metrics.screenWidth) * scale, clampedInt(Metrics.screenHeight) * scale)
    }

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
                throw .pictureFormat(file: file)
            }
            self.file = file
            self.format = format
            self.scale = scale ?? PictureRequest.defaultScale
        }
    }
}
