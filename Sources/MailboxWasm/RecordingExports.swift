// The page's Record: a session's walkthrough made in the page (docs/playground.md, "Recording in the page"). The
// script is played here as `mailsim record` plays it (PlaygroundRecording); the page draws each frame's SVG on a
// canvas and hands its pixels back; mailsim's own GIF coder (MailboxGIF) makes the file, and the HTML player is
// the same Swift that writes it natively. Like Exports.swift, this only moves bytes.
import MailboxGIF
import MailboxJSON
import MailboxPlayground
import MailboxScript
import MailboxSim
import MailboxWalkthrough

/// A recording behind a handle: the GIF being drawn, and the walkthrough for its player.
final class RecordingBox {
    var gif: HostDrawnGIF?
    let walkthrough: Walkthrough
    let speed: Double
    init(_ gif: HostDrawnGIF, speed: Double) {
        self.gif = gif
        walkthrough = gif.walkthrough
        self.speed = speed
    }
}

/// Plays lines `first`…`last` of the script (`last` 0: to the end), named `file` as `mailsim record FILE` names it,
/// for a GIF at `scale` pixels a point shown at
/// `speed`: status 0, the handle and the recording's figures as JSON (frames, width, height, fps, status, summary),
/// or status 2 and why not.
@_expose(wasm, "mailsim_recording_new")
@_cdecl("mailsim_recording_new")
func recordingNew(
    _ script: UnsafeMutableRawPointer?, _ count: Int32, _ file: UnsafeMutableRawPointer?, _ fileCount: Int32,
    _ first: Int32, _ last: Int32, _ scale: Int32,
    _ speed: Double
) -> UnsafeMutableRawPointer? {
    let text = takeText(script, count)
    let name = takeText(file, fileCount)
    guard first >= 1, last == 0 || last >= first else {
        return answer(status: 2, ["the lines to record run from \(first) to \(last)"])
    }
    guard scale >= 1 && scale <= 4 else { return answer(status: 2, ["the scale is 1 to 4 pixels a point"]) }
    guard speed.isFinite && Walkthrough.speeds.contains(speed) else {
        return answer(status: 2, ["the speed is from 0.01 to 100"])
    }
    let end = hostMilliseconds() + PlaygroundLimits.exportSeconds * 1000
    let played = PlaygroundRecording.walkthrough(
        text, file: name.isEmpty ? "playground.mbs" : name, from: Int(truncatingIfNeeded: first),
        through: last == 0 ? nil : Int(truncatingIfNeeded: last),
        isCancelled: { hostMilliseconds() > end })
    switch played {
    case .failure(let error): return answer(status: 2, [error.message])
    case .success(let walkthrough):
        let gif: HostDrawnGIF
        do {
            gif = try HostDrawnGIF(
                walkthrough, scale: Int(truncatingIfNeeded: scale), speed: speed, maxBytes: PlaygroundLimits.exportBytes
            )
        } catch {
            return answer(status: 2, [error.message])
        }
        let report = walkthrough.report
        let figures = JSON.object([
            ("frames", .int(gif.frameCount)), ("width", .int(gif.width)), ("height", .int(gif.height)),
            ("fps", .int(walkthrough.clock.framesPerSecond)), ("speed", .number(speed)),
            ("exitCode", .int(Int(truncatingIfNeeded: report.exitCode))),
            ("summary", .string(HTMLPlayer.statusText(walkthrough)))
        ])
        return answer(
            status: 0, handle: Unmanaged.passRetained(RecordingBox(gif, speed: speed)).toOpaque(), [figures.text])
    }
}

/// What the page draws for frame `frame`: status 0 with the SVG and its place as JSON (frame, top, width, height,
/// strip), or status 1 past the last frame.
@_expose(wasm, "mailsim_recording_drawing")
@_cdecl("mailsim_recording_drawing")
func recordingDrawing(_ handle: UnsafeMutableRawPointer, _ frame: Int32) -> UnsafeMutableRawPointer? {
    let box = Unmanaged<RecordingBox>.fromOpaque(handle).takeUnretainedValue()
    guard let gif = box.gif, frame >= 0 && Int(truncatingIfNeeded: frame) < gif.frameCount else {
        return answer(status: 1, [])
    }
    let drawing = gif.drawing(ofFrame: Int(truncatingIfNeeded: frame))
    let place = JSON.object([
        ("frame", .int(Int(truncatingIfNeeded: frame))), ("top", .int(drawing.top)), ("width", .int(drawing.width)),
        ("height", .int(drawing.height)), ("strip", .bool(drawing.isStrip))
    ])
    return answer(status: 0, [drawing.svg, place.text])
}

/// The pixels of the drawing (`count` bytes at `pixels`, RGBA, freed here): status 0, or 2 and why not.
@_expose(wasm, "mailsim_recording_add")
@_cdecl("mailsim_recording_add")
func recordingAdd(_ handle: UnsafeMutableRawPointer, _ pixels: UnsafeMutableRawPointer?, _ count: Int32)
    -> UnsafeMutableRawPointer?
{
    defer { free(pixels) }
    let box = Unmanaged<RecordingBox>.fromOpaque(handle).takeUnretainedValue()
    guard box.gif != nil else { return answer(status: 2, ["the GIF is finished"]) }
    do {
        try box.gif!.add(rgba: UnsafeRawBufferPointer(start: pixels, count: Int(truncatingIfNeeded: max(0, count))))
    } catch {
        return answer(status: 2, [error.message])
    }
    return answer(status: 0, [])
}

/// The GIF file, once every frame is drawn: status 0 and its bytes, or 2 and why not.
@_expose(wasm, "mailsim_recording_gif")
@_cdecl("mailsim_recording_gif")
func recordingGIF(_ handle: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    let box = Unmanaged<RecordingBox>.fromOpaque(handle).takeUnretainedValue()
    guard let gif = box.gif else { return answer(status: 2, ["the GIF is finished"]) }
    box.gif = nil
    do { return answer(status: 0, bytes: try gif.finish()) } catch { return answer(status: 2, [error.message]) }
}

/// The walkthrough's HTML player, what `mailsim record -o FILE.html` writes of the same script.
@_expose(wasm, "mailsim_recording_player")
@_cdecl("mailsim_recording_player")
func recordingPlayer(_ handle: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    let box = Unmanaged<RecordingBox>.fromOpaque(handle).takeUnretainedValue()
    return answer(status: 0, [HTMLPlayer.page(box.walkthrough, speed: box.speed)])
}

@_expose(wasm, "mailsim_recording_release")
@_cdecl("mailsim_recording_release")
func recordingRelease(_ handle: UnsafeMutableRawPointer) { Unmanaged<RecordingBox>.fromOpaque(handle).release() }

/// An answer block as `answer` writes it, its one part raw bytes (a file) rather than text.
func answer(status: Int, bytes: [UInt8]) -> UnsafeMutableRawPointer? {
    place(AnswerBlock.bytes(status: status, parts: [bytes]))
}
