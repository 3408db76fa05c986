import MailboxFootage
import MailboxJSON
import Testing

@testable import MailboxGrade

/// The page's grader: frames a browser decodes, handed on as RGBA with their raw delays, are graded exactly as
/// `mailsim grade` grades the file, and every size is refused in grade's words before anything is allocated.
@Suite struct HostDecodedGradingTests {
    /// A frame's pixels as a canvas's ImageData holds them: RGBA, opaque.
    static func rgba(_ frame: FootageFrame) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(frame.pixels.count * 4)
        for p in frame.pixels { bytes += [UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF), 255] }
        return bytes
    }

    /// `grading.add` of `rgba` (a typed-throws closure given to `withUnsafeBytes` crashes this compiler).
    static func add(_ grading: inout HostDecodedGrading, _ rgba: [UInt8], _ centiseconds: Int) throws(FootageError) {
        let result: Result<Void, FootageError> = rgba.withUnsafeBytes { p in
            do throws(FootageError) {
                try grading.add(rgba: p, centiseconds: centiseconds)
                return .success(())
            } catch { return .failure(error) }
        }
        try result.get()
    }

    /// `grading.addPicture` of `rgba`.
    static func picture(_ grading: inout HostDecodedGrading, _ index: Int, _ rgba: [UInt8]) throws(FootageError) {
        let result: Result<Void, FootageError> = rgba.withUnsafeBytes { p in
            do throws(FootageError) {
                try grading.addPicture(frame: index, rgba: p)
                return .success(())
            } catch { return .failure(error) }
        }
        try result.get()
    }

    /// `HostDecodedGrading.pixels` of `rgba`.
    static func pixels(_ rgba: [UInt8], width: Int, height: Int) throws(FootageError) -> [UInt32] {
        let result: Result<[UInt32], FootageError> = rgba.withUnsafeBytes { p in
            do throws(FootageError) {
                return .success(try HostDecodedGrading.pixels(p, width: width, height: height, frame: 0))
            } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// A GIF's first 16 bytes with a logical screen of `width` × `height`.
    static func head(width: Int, height: Int) -> [UInt8] {
        Array("GIF89a".utf8) + [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)]
            + [0xF7, 0, 0, 0, 0, 0]
    }

    static func refusal(_ result: Result<(width: Int, height: Int), FootageError>) -> String? {
        if case .failure(let error) = result { return error.description }
        return nil
    }

    @Test func theVerdictsAndThePageAreGradesOwn() throws {
        let bytes = try CalibrationScript("every-story").gif(fps: 7, scale: 1)
        let decoded = try frames(bytes)
        let native = try grade(bytes)

        let opened = try HostDecodedGrading.open(head: Array(bytes.prefix(16)), bytes: Int64(bytes.count)).get()
        var grading = try HostDecodedGrading(width: opened.width, height: opened.height, frames: decoded.count)
        for frame in decoded {
            let centiseconds = Int((frame.duration * 100).rounded())
            try Self.add(&grading, Self.rgba(frame), centiseconds)
        }
        let report = grading.report()
        #expect(report == native)
        #expect(GradeJSON.object(report, file: "w.gif").text == GradeJSON.object(native, file: "w.gif").text)
        // Every required story of the script is seen: the comparison is of a real grading, not of two empty ones.
        #expect(native.requiredSeen)

        // The evidence page: the frames it asks for again, each added, make `--report`'s page.
        let needed = grading.framesNeeded()
        let placement = try #require(native.screen)
        #expect(needed == EvidencePicture.framesNeeded(native).sorted())
        var pictures: [Int: EvidencePicture] = [:]
        for index in needed {
            pictures[index] = try EvidencePicture(decoded[index], placement: placement)
            try Self.picture(&grading, index, Self.rgba(decoded[index]))
        }
        let page = try #require(grading.page(file: "w.gif", claims: nil))
        #expect(page == GradeReportPage.html([.init(file: "w.gif", report: native, pictures: pictures, claims: nil)]))
        #expect(page.contains("data:image/gif;base64,"))
    }

    @Test func aReadmesClaimsAreInTheJSON() throws {
        let bytes = try CalibrationScript("reschedule-only").gif(fps: 7, scale: 1)
        let report = try grade(bytes)
        let claims = ReadmeClaims(text: "- [x] Optional: Tapping the menu button reveals the menu\n")
        let object = GradeJSON.object(report, file: "w.gif", claims: claims).text
        #expect(object.contains(#""readme":{"claimed":["menu"],"claimedNotShown":["menu"],"shownNotClaimed":["#))
        #expect(!GradeJSON.object(report, file: "w.gif").text.contains("readme"))
    }

    @Test func aFileThePageDoesNotGradeIsRefusedInWords() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        #expect(Self.refusal(HostDecodedGrading.open(head: png, bytes: 100))?.contains("PNG") == true)
        let mp4 = [0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 2, 0]
        #expect(
            Self.refusal(HostDecodedGrading.open(head: mp4, bytes: 100))
                == "the page grades animated GIFs; a MP4 walkthrough is graded by `mailsim grade FILE`")
        #expect(
            Self.refusal(HostDecodedGrading.open(head: Self.head(width: 65_535, height: 65_535), bytes: 100))
                == "the picture is 65,535 × 65,535 pixels; grade reads pictures up to 4,096 pixels a side and "
                + "4,194,304 pixels in all")
        #expect(
            Self.refusal(HostDecodedGrading.open(head: Self.head(width: 0, height: 568), bytes: 100))?
                .contains("it has no pixels") == true)
        #expect(
            Self.refusal(HostDecodedGrading.open(head: Array("GIF89a".utf8) + [1], bytes: 7))
                == "the GIF ends in its header")
        #expect(
            Self.refusal(HostDecodedGrading.open(head: Self.head(width: 320, height: 568), bytes: 300 << 20))?
                .contains("grade reads files up to 268,435,456 bytes") == true)
        #expect(Self.refusal(HostDecodedGrading.open(head: [], bytes: 0))?.contains("the file is empty") == true)
        let opened = try? HostDecodedGrading.open(head: Self.head(width: 320, height: 568), bytes: 100).get()
        #expect(opened?.width == 320 && opened?.height == 568)
    }

    @Test func framesAreBoundedInWords() throws {
        #expect(throws: FootageError("the GIF has no frames")) {
            try HostDecodedGrading(width: 320, height: 568, frames: 0)
        }
        #expect(
            throws: FootageError("the walkthrough has more than 20,000 frames; grade reads up to 20,000")
        ) { try HostDecodedGrading(width: 320, height: 568, frames: 20_001) }

        var grading = try HostDecodedGrading(width: 2, height: 1, frames: 3)
        let pixel: [UInt8] = [255, 0, 0, 255, 0, 0, 255, 255]
        #expect(throws: FootageError("frame 1 is 4 bytes; a 2 × 1 picture's RGBA is 8")) {
            try Self.add(&grading, Array(pixel.prefix(4)), 15)
        }
        // A refused frame changes nothing: the next is still frame 1, and a delay of 0 or 1 is shown for 10.
        for delay in [0, 1, 65_535] {
            try Self.add(&grading, pixel, delay)
        }
        #expect(grading.report().frames == 3)
        #expect(abs(grading.report().seconds - 655.55) < 1e-9)
        #expect(throws: FootageError("the walkthrough is already graded")) {
            try Self.add(&grading, pixel, 15)
        }

        var long = try HostDecodedGrading(width: 2, height: 1, frames: 4)
        for _ in 0..<2 { try Self.add(&long, pixel, 65_535) }
        #expect(throws: FootageError("the walkthrough is longer than 1,800 seconds; grade reads up to 1,800 seconds")) {
            try Self.add(&long, pixel, 65_535)
        }
    }

    @Test func aPixelsTransparencyIsComposedOverWhite() throws {
        let rgba: [UInt8] = [0, 0, 0, 0, 255, 0, 0, 128, 10, 20, 30, 255]
        let pixels = try Self.pixels(rgba, width: 3, height: 1)
        #expect(pixels == [0xFF_FFFF, 0xFF_7F7F, 0x0A_141E])
    }
}
