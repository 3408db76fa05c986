/// The refusals of `FootageLimits`, checked before anything is allocated for what is refused: each returns nil
/// when the value is within its bound, else the words a person reads (docs/grade.md, "Bounds").
extension FootageLimits {
    /// A file of `bytes` bytes (nil: within the bound).
    public func fileProblem(bytes: Int64) -> FootageError? {
        guard bytes > Int64(fileBytes) else { return nil }
        return FootageError(
            "the file is \(grouped(bytes)) bytes; grade reads files up to \(grouped(Int64(fileBytes))) bytes")
    }

    /// A picture (or, with `frame`, that frame's rectangle) of `width` × `height` pixels. The side is checked
    /// before the product, so the product cannot overflow even where Int is 32 bits.
    public func pictureProblem(width: Int, height: Int, frame: Int? = nil) -> FootageError? {
        let what = frame.map { "frame \($0 + 1)'s rectangle" } ?? "the picture"
        if width <= 0 || height <= 0 {
            return FootageError(
                "\(what) is \(grouped(Int64(width))) × \(grouped(Int64(height))) pixels: it has no pixels")
        }
        guard width > side || height > side || width * height > pixels else { return nil }
        return FootageError(
            "\(what) is \(grouped(Int64(width))) × \(grouped(Int64(height))) pixels; grade reads pictures up to "
                + "\(grouped(Int64(side))) pixels a side and \(grouped(Int64(pixels))) pixels in all")
    }

    /// The frame numbered `index` (from 0) about to be read.
    public func frameProblem(index: Int) -> FootageError? {
        guard index >= frames else { return nil }
        return FootageError(
            "the walkthrough has more than \(grouped(Int64(frames))) frames; grade reads up to \(grouped(Int64(frames)))"
        )
    }

    /// A walkthrough that has reached `end` seconds.
    public func lengthProblem(end: Double) -> FootageError? {
        guard !(end <= seconds) else { return nil }
        let most = secondsText(seconds)
        return FootageError("the walkthrough is longer than \(most) seconds; grade reads up to \(most) seconds")
    }

    /// `value` seconds in words: grouped whole seconds and up to three decimals, without trailing zeros (digits
    /// worked out here, not by the Double's description, which Embedded Swift lacks).
    private func secondsText(_ value: Double) -> String {
        guard value >= 0 && value < 9e15 else { return "0" }
        let thousandths = Int64(exactly: (value * 1000).rounded()) ?? 0
        var text = grouped(thousandths / 1000)
        var fraction = thousandths % 1000
        guard fraction > 0 else { return text }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let written = String(fraction)
        text += "." + String(repeating: "0", count: digits - written.count) + written
        return text
    }

    /// `value` with commas between groups of three digits.
    private func grouped(_ value: Int64) -> String {
        let digits = Array(String(value.magnitude))
        var text = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return value < 0 ? "-" + text : text
    }
}
