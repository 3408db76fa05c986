import MailboxRaster
import MailboxScene
import MailboxScript

/// Draws what `snapshot` asks for and writes it: SVG as text, PNG through cairo (loaded on first use).
struct PictureFiles: PictureSink {
    func write(_ request: PictureRequest) throws(ScriptError) {
        let path = FileSystem.expandingTilde(request.target.file)
        let bytes: [UInt8]
        do throws(RasterError) {
            bytes = try PictureFiles.encode(Scene(screen: request.screen), as: request.target.format,
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
