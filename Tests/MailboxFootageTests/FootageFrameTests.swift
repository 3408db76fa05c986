import MailboxFootage
import Testing

/// A frame's pixels are read row by row from the top.
@Test func aPixelIsReadRowByRow() {
    let frame = FootageFrame(
        index: 0, start: 0, duration: 0.15, width: 3, height: 2,
        pixels: [0x000000, 0x111111, 0x222222, 0x333333, 0x444444, 0x555555])
    #expect(frame.pixel(0, 0) == 0x000000)
    #expect(frame.pixel(2, 0) == 0x222222)
    #expect(frame.pixel(1, 1) == 0x444444)
}

/// The standard bounds hold a phone recorded at full resolution and refuse the 65,535-pixel screen a GIF can claim.
@Test func theStandardBoundsHoldAPhoneRecording() {
    let limits = FootageLimits.standard
    #expect(1_179 * 2_556 <= limits.pixels)
    #expect(2_556 <= limits.side)
    #expect(65_535 > limits.side)
}
