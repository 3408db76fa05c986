import MailboxFootage

/// A walkthrough graded from frames a host decodes: the page hands on each frame the browser's `ImageDecoder`
/// gives, composed and drawn on an opaque canvas, as RGBA pixels with the frame's raw delay; the verdicts, the
/// measures and the evidence page are `mailsim grade`'s, by the same Swift (docs/grade.md, "In the page").
///
/// The host opens it with the file's first bytes and size (`open`), then the picture's size and frame count
/// (`init`), adds every frame in order (`add`), reads the `report`, then adds again only the frames the evidence
/// page shows (`framesNeeded`, `addPicture`) and asks for the `page`. Every size is checked against the limits
/// before anything is allocated for it, in the words `mailsim grade` uses.
public struct HostDecodedGrading: Sendable {
    /// The picture's size in pixels: every frame's.
    public let width: Int
    public let height: Int
    /// The frames the host said the walkthrough has.
    public let frameCount: Int
    /// The frame `add` takes next.
    public private(set) var next = 0
    private let limits: FootageLimits
    private var grader = WalkthroughGrader()
    /// Centiseconds shown before frame `next`, as a GIF counts them, and before each frame added.
    private var elapsed: Int64 = 0
    private var starts: [Int64] = []
    private var graded: GradeReport?
    private var pictures: [Int: EvidencePicture] = [:]

    /// The picture size of a file that starts with `head` (its first `FootageFormat.sniffLength` bytes) and is
    /// `bytes` long, read from the GIF's header before the browser decodes anything; or the words why the page does
    /// not grade it (not a GIF, a video, which is `mailsim grade`'s, or a file or picture over the bounds).
    public static func open(head: [UInt8], bytes: Int64, limits: FootageLimits = .standard)
        -> Result<(width: Int, height: Int), FootageError>
    {
        if let problem = limits.fileProblem(bytes: bytes) { return .failure(problem) }
        switch FootageFormat.sniff(head) {
        case .failure(let error): return .failure(error)
        case .success(.gif): break
        case .success(let format):
            return .failure(
                FootageError(
                    "the page grades animated GIFs; a \(format.name) walkthrough is graded by `mailsim grade FILE`"))
        }
        // The logical screen: two little-endian 16-bit words after the six-byte signature.
        guard head.count >= 10 else { return .failure(FootageError("the GIF ends in its header")) }
        let width = Int(truncatingIfNeeded: head[6]) | Int(truncatingIfNeeded: head[7]) << 8
        let height = Int(truncatingIfNeeded: head[8]) | Int(truncatingIfNeeded: head[9]) << 8
        if let problem = limits.pictureProblem(width: width, height: height) { return .failure(problem) }
        return .success((width, height))
    }

    /// A walkthrough of `frames` frames of `width` × `height` pixels, or the words why it is not read.
    public init(width: Int, height: Int, frames: Int, limits: FootageLimits = .standard) throws(FootageError) {
        if let problem = limits.pictureProblem(width: width, height: height) { throw problem }
        guard frames > 0 else { throw FootageError("the GIF has no frames") }
        if let problem = limits.frameProblem(index: frames - 1) { throw problem }
        self.width = width
        self.height = height
        self.limits = limits
        frameCount = frames
    }

    /// The next frame: `rgba` its pixels row by row (width × height × 4 bytes, as a canvas's ImageData holds them),
    /// shown for `centiseconds` as its GIF says (a delay under 2 is shown for 10, as by `mailsim grade`).
    public mutating func add(rgba: UnsafeRawBufferPointer, centiseconds: Int) throws(FootageError) {
        guard graded == nil else { throw FootageError("the walkthrough is already graded") }
        guard next < frameCount else {
            throw FootageError("the GIF has \(frameCount) frames; frame \(next + 1) is one more")
        }
        let pixels = try Self.pixels(rgba, width: width, height: height, frame: next)
        let shown = Int64(truncatingIfNeeded: GIFDelay.shown(centiseconds: max(0, centiseconds)))
        let start = elapsed
        starts.append(start)
        elapsed += shown
        if let problem = limits.lengthProblem(end: Double(elapsed) / 100) { throw problem }
        grader.add(
            FootageFrame(
                index: next, start: Double(start) / 100, duration: Double(shown) / 100, width: width, height: height,
                pixels: pixels))
        next += 1
    }

    /// The verdicts, once every frame is added (the frames added so far, before).
    public mutating func report() -> GradeReport {
        if let graded { return graded }
        let made = grader.report()
        if next == frameCount { graded = made }
        return made
    }

    /// The frames the evidence page shows, in order: each finding's and those on either side.
    public func framesNeeded() -> [Int] {
        guard let graded, graded.screen != nil else { return [] }
        return EvidencePicture.framesNeeded(graded).sorted()
    }

    /// Frame `index` again, for the evidence page (the same pixels `add` took for it); a frame it does not show is
    /// ignored.
    public mutating func addPicture(frame index: Int, rgba: UnsafeRawBufferPointer) throws(FootageError) {
        guard let graded, let placement = graded.screen else { return }
        guard index >= 0 && index < starts.count && EvidencePicture.framesNeeded(graded).contains(index) else { return }
        let frame = FootageFrame(
            index: index, start: Double(starts[index]) / 100, duration: 0, width: width, height: height,
            pixels: try Self.pixels(rgba, width: width, height: height, frame: index))
        pictures[index] = try? EvidencePicture(frame, placement: placement)
    }

    /// The evidence page, what `mailsim grade --report` writes for this file.
    public func page(file: String, claims: ReadmeClaims?) -> String? {
        guard let graded else { return nil }
        return GradeReportPage.html([
            GradeReportPage.Entry(file: file, report: graded, pictures: pictures, claims: claims)
        ])
    }

    /// Pixels 0xRRGGBB of RGBA bytes, a pixel's transparency composed over white (the page's canvas is opaque, so
    /// there is none).
    static func pixels(_ rgba: UnsafeRawBufferPointer, width: Int, height: Int, frame: Int) throws(FootageError)
        -> [UInt32]
    {
        let count = width * height
        guard rgba.count == count * 4 else {
            throw FootageError(
                "frame \(frame + 1) is \(rgba.count) bytes; a \(width) × \(height) picture's RGBA is \(count * 4)")
        }
        var pixels = [UInt32](repeating: 0, count: count)
        pixels.withUnsafeMutableBufferPointer { out in
            for i in 0..<count {
                let a = UInt32(truncatingIfNeeded: rgba[i &* 4 &+ 3])
                var rgb: UInt32 = 0
                for channel in 0..<3 {
                    let c = UInt32(truncatingIfNeeded: rgba[i &* 4 &+ channel])
                    let composed = a == 255 ? c : (c &* a &+ 255 &* (255 &- a) &+ 127) / 255
                    rgb = rgb << 8 | composed
                }
                out[i] = rgb
            }
        }
        return pixels
    }
}
