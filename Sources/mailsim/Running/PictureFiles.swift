import MailboxGIF
import MailboxRaster
import MailboxScene
import MailboxScript
import MailboxThreads

/// Draws what `snapshot` asks for and writes it: SVG as text, PNG through cairo (loaded on first use). FILE
/// is relative to the folder of `script` (nil at the prompt and for standard input: the current directory),
/// as `FileSystem.path(_:inScript:)` says; with `claims`, no other script of the run may write the same file.
final class PictureFiles: PictureSink {
    let script: String?
    let claims: PictureClaims?

    init(script: String? = nil, claims: PictureClaims? = nil) {
        self.script = script
        self.claims = claims
    }

    func write(_ request: PictureRequest, line: Int) throws(ScriptError) {
        let path = FileSystem.path(request.target.file, inScript: script)
        if let claims, let script, let other = claims.claim(path, by: script, line: line) {
            throw .cannotWrite(
                command: "snapshot",
                reason: "\(path) is also written by \(other.script):\(other.line) in "
                    + "this run (mailsim test runs scripts in parallel: give each script files of its own)")
        }
        let bytes: [UInt8]
        do throws(RasterError) {
            bytes = try PictureFiles.encode(
                Scene(screen: request.screen), as: request.target.format,
                scale: request.target.scale)
        } catch {
            throw .cannotWrite(command: "snapshot", reason: error.message)
        }
        do throws(FileSystem.Failure) {
            try FileSystem.write(bytes: bytes, to: path)
        } catch {
            throw .cannotWrite(command: "snapshot", reason: error.message)
        }
    }

    /// A scene as the bytes of a file in `format`.
    static func encode(_ scene: Scene, as format: PictureRequest.Format, scale: Int) throws(RasterError) -> [UInt8] {
        switch format {
        case .svg: Array(SVGWriter.document(scene).utf8)
        case .png: try Raster(scene, scale: Double(scale)).pngBytes()
        }
    }
}

/// The files a run's scripts write their pictures to, for `mailsim test`, which runs scripts in parallel: the
/// first script to write a file owns it for the run, and a second script's `snapshot` of that file fails
/// before anything is written (which of two scripts comes second is a race, so the file would be either's).
/// One script may write its own file again.
final class PictureClaims: Sendable {
    struct Owner: Sendable {
        let script: String
        let line: Int
    }
    private let owners = Locked<[String: Owner]>([:])

    /// Claims `path` for `script` (at `line`); the other script that owns it, or nil when it is this one's.
    func claim(_ path: String, by script: String, line: Int) -> Owner? {
        let key = FileSystem.canonicalTarget(path)
        return owners.withLock { owners -> Owner? in
            if let owner = owners[key], owner.script != script { return owner }
            if owners[key] == nil { owners[key] = Owner(script: script, line: line) }
            return nil
        }
    }
}
