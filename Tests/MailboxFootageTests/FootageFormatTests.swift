import MailboxFootage
import Testing

/// The format is told by the first bytes; anything else is named in words, with what grade reads.
@Test func theFirstBytesTellTheFormat() throws {
    #expect(try FootageFormat.sniff(Array("GIF89a\u{1}\u{0}".utf8)).get() == .gif)
    #expect(try FootageFormat.sniff(Array("GIF87a".utf8)).get() == .gif)
    #expect(try FootageFormat.sniff([0, 0, 0, 32] + Array("ftypisom\0\0\0\0".utf8)).get() == .mp4)
    #expect(try FootageFormat.sniff([0, 0, 0, 20] + Array("ftypqt  \0\0\0\0".utf8)).get() == .mov)
    #expect(try FootageFormat.sniff([0, 0, 0, 8] + Array("wide\0\0\0\0".utf8)).get() == .mov)
    #expect(try FootageFormat.sniff([0x1A, 0x45, 0xDF, 0xA3, 0x9F]).get() == .webm)
}

@Test func otherFilesAreNamed() {
    func words(_ head: [UInt8]) -> String? {
        if case .failure(let error) = FootageFormat.sniff(head) { return error.description }
        return nil
    }
    let reads = "grade reads animated GIFs (GIF87a, GIF89a) and MP4, MOV and WebM videos"
    #expect(words([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]) == "this is a PNG picture, not a walkthrough; \(reads)")
    #expect(words([0, 0, 0, 24] + Array("ftypheic\0\0\0\0".utf8))?.hasPrefix("this is an HEIF or AVIF picture") == true)
    #expect(words(Array("RIFF\0\0\0\0WEBPVP8 ".utf8))?.hasPrefix("this is a WebP picture") == true)
    #expect(words(Array("GIF89".utf8))?.hasPrefix("this is a GIF cut off in its first bytes") == true)
    #expect(words(Array("GIF88a".utf8))?.hasPrefix("this is a GIF of an unknown version") == true)
    #expect(words([]) == "the file is empty; \(reads)")
    #expect(words([0x00, 0xFE, 0x13, 0x37])?.hasPrefix("this is a file of an unknown format") == true)
}

/// Each bound's words, with its number grouped; the side is checked before the product, so no product overflows.
@Test func theBoundsAreWordedWithTheirNumbers() {
    let limits = FootageLimits.standard
    #expect(limits.pictureProblem(width: 320, height: 568) == nil)
    #expect(
        limits.pictureProblem(width: 65_535, height: 65_535)?.description
            == "the picture is 65,535 × 65,535 pixels; grade reads pictures up to 4,096 pixels a side and 4,194,304 "
            + "pixels in all")
    #expect(limits.pictureProblem(width: 4_096, height: 1_025, frame: 2)?.description.hasPrefix("frame 3's") == true)
    #expect(limits.pictureProblem(width: 4_096, height: 1_024) == nil)
    #expect(
        limits.fileProblem(bytes: 268_435_457)?.description
            == "the file is 268,435,457 bytes; grade reads files up to 268,435,456 bytes")
    #expect(limits.fileProblem(bytes: 268_435_456) == nil)
    #expect(limits.frameProblem(index: 19_999) == nil)
    #expect(
        limits.frameProblem(index: 20_000)?.description
            == "the walkthrough has more than 20,000 frames; grade reads up to 20,000")
    #expect(limits.lengthProblem(end: 1_800) == nil)
    #expect(
        limits.lengthProblem(end: 1_800.01)?.description
            == "the walkthrough is longer than 1,800 seconds; grade reads up to 1,800 seconds")
    #expect(limits.lengthProblem(end: .nan) != nil)
}
