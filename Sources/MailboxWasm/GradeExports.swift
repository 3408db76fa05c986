// The page's grader (docs/grade.md, "In the page"): a walkthrough GIF the browser decodes (ImageDecoder), graded
// by the same Swift as `mailsim grade` (HostDecodedGrading). The page hands on each frame's RGBA pixels and raw
// delay; this gives back the verdicts as `mailsim grade --json` prints them, and the evidence page as `--report`
// writes it. Like Exports.swift, this only moves bytes.
import MailboxFootage
import MailboxGrade
import MailboxJSON

/// A grading behind a handle, and the README read with it.
final class GradingBox {
    var grading: HostDecodedGrading
    var claims: ReadmeClaims?
    init(_ grading: HostDecodedGrading) { self.grading = grading }
}

/// Whether a file of `bytes` bytes that starts with the `count` bytes at `head` can be graded in the page:
/// status 0 and its picture's size as JSON (`{"width", "height"}`), or 2 and why not (a PNG, a video, a file or
/// picture over the bounds).
@_expose(wasm, "mailsim_grade_open")
@_cdecl("mailsim_grade_open")
func gradeOpen(_ head: UnsafeMutableRawPointer?, _ count: Int32, _ bytes: Double) -> UnsafeMutableRawPointer? {
    let first = takeBytes(head, count)
    let size = bytes.isFinite && bytes >= 0 && bytes < 9e15 ? Int64(bytes) : Int64.max
    switch HostDecodedGrading.open(head: first, bytes: size) {
    case .failure(let problem): return answer(status: 2, [problem.description])
    case .success(let picture):
        return answer(status: 0, [JSON.object([("width", .int(picture.width)), ("height", .int(picture.height))]).text])
    }
}

/// A walkthrough of `frames` frames of `width` × `height` pixels: status 0 and the handle, or 2 and why not.
@_expose(wasm, "mailsim_grade_new")
@_cdecl("mailsim_grade_new")
func gradeNew(_ width: Int32, _ height: Int32, _ frames: Int32) -> UnsafeMutableRawPointer? {
    do {
        let grading = try HostDecodedGrading(
            width: Int(truncatingIfNeeded: width), height: Int(truncatingIfNeeded: height),
            frames: Int(truncatingIfNeeded: frames))
        return answer(status: 0, handle: Unmanaged.passRetained(GradingBox(grading)).toOpaque(), [])
    } catch {
        return answer(status: 2, [error.description])
    }
}

/// The next frame's pixels (`count` bytes at `pixels`, RGBA, freed here), shown `centiseconds`: status 0, or 2
/// and why not.
@_expose(wasm, "mailsim_grade_add")
@_cdecl("mailsim_grade_add")
func gradeAdd(
    _ handle: UnsafeMutableRawPointer, _ pixels: UnsafeMutableRawPointer?, _ count: Int32, _ centiseconds: Int32
)
    -> UnsafeMutableRawPointer?
{
    defer { free(pixels) }
    let box = Unmanaged<GradingBox>.fromOpaque(handle).takeUnretainedValue()
    do {
        try box.grading.add(
            rgba: UnsafeRawBufferPointer(start: pixels, count: Int(truncatingIfNeeded: max(0, count))),
            centiseconds: Int(truncatingIfNeeded: centiseconds))
    } catch {
        return answer(status: 2, [error.description])
    }
    return answer(status: 0, [])
}

/// The verdicts: status 0 with `mailsim grade --json`'s object for `file` (with the README's claims when `readme`
/// is given, `hasReadme` 1) and the frames the evidence page shows, as a JSON array.
@_expose(wasm, "mailsim_grade_report")
@_cdecl("mailsim_grade_report")
func gradeReport(
    _ handle: UnsafeMutableRawPointer, _ file: UnsafeMutableRawPointer?, _ fileCount: Int32,
    _ readme: UnsafeMutableRawPointer?, _ readmeCount: Int32, _ hasReadme: Int32
) -> UnsafeMutableRawPointer? {
    let box = Unmanaged<GradingBox>.fromOpaque(handle).takeUnretainedValue()
    let name = takeText(file, fileCount)
    let text = takeText(readme, readmeCount)
    box.claims = hasReadme != 0 ? ReadmeClaims(text: text) : nil
    let report = box.grading.report()
    let needed = JSON.array(box.grading.framesNeeded().map { .int($0) })
    return answer(status: 0, [GradeJSON.object(report, file: name, claims: box.claims).text, needed.text])
}

/// Frame `frame` again (`count` bytes at `pixels`, RGBA, freed here), for the evidence page: status 0, or 2 and
/// why not.
@_expose(wasm, "mailsim_grade_picture")
@_cdecl("mailsim_grade_picture")
func gradePicture(_ handle: UnsafeMutableRawPointer, _ frame: Int32, _ pixels: UnsafeMutableRawPointer?, _ count: Int32)
    -> UnsafeMutableRawPointer?
{
    defer { free(pixels) }
    let box = Unmanaged<GradingBox>.fromOpaque(handle).takeUnretainedValue()
    do {
        try box.grading.addPicture(
            frame: Int(truncatingIfNeeded: frame),
            rgba: UnsafeRawBufferPointer(start: pixels, count: Int(truncatingIfNeeded: max(0, count))))
    } catch {
        return answer(status: 2, [error.description])
    }
    return answer(status: 0, [])
}

/// The evidence page for `file`, what `mailsim grade --report` writes: status 0 and its HTML, or 2 before the report.
@_expose(wasm, "mailsim_grade_page")
@_cdecl("mailsim_grade_page")
func gradePage(_ handle: UnsafeMutableRawPointer, _ file: UnsafeMutableRawPointer?, _ fileCount: Int32)
    -> UnsafeMutableRawPointer?
{
    let box = Unmanaged<GradingBox>.fromOpaque(handle).takeUnretainedValue()
    let name = takeText(file, fileCount)
    guard let page = box.grading.page(file: name, claims: box.claims) else {
        return answer(status: 2, ["the walkthrough is not graded yet: every frame first"])
    }
    return answer(status: 0, [page])
}

@_expose(wasm, "mailsim_grade_release")
@_cdecl("mailsim_grade_release")
func gradeRelease(_ handle: UnsafeMutableRawPointer) { Unmanaged<GradingBox>.fromOpaque(handle).release() }

/// The bytes JavaScript wrote at `pointer` (freed here).
func takeBytes(_ pointer: UnsafeMutableRawPointer?, _ count: Int32) -> [UInt8] {
    defer { free(pointer) }
    guard let pointer, count > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: pointer, count: Int(truncatingIfNeeded: count)))
}
