// Finding a piece of text in another, byte for byte in UTF-8. The standard library's `contains(_:)` and
// `firstRange(of:)` for text live in _StringProcessing, which the page's build (Embedded Swift) does not have.

extension Substring {
    /// Where `part` first occurs, compared as UTF-8 bytes (an empty `part` occurs at the start).
    public func firstTextRange(of part: some StringProtocol) -> Range<Index>? {
        let needle = Array(part.utf8)
        guard let first = needle.first else { return startIndex..<startIndex }
        let bytes = utf8
        var start = bytes.startIndex
        while let found = bytes[start...].firstIndex(of: first) {
            var end = found
            var matched = 0
            while matched < needle.count, end < bytes.endIndex, bytes[end] == needle[matched] {
                bytes.formIndex(after: &end)
                matched += 1
            }
            if matched == needle.count { return found..<end }
            start = bytes.index(after: found)
        }
        return nil
    }
}

extension StringProtocol {
    /// Whether `part` occurs in this text, compared as UTF-8 bytes.
    public func containsText(_ part: some StringProtocol) -> Bool {
        Substring(self).firstTextRange(of: part) != nil
    }
}
