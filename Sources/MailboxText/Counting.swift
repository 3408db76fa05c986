/// `1 check`, `3 checks`, `0 commands`: a count and its noun, in the plural unless the count is 1.
/// `plural` is for nouns that do not just take an `s`.
public func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
}

/// A whole number with its thousands grouped by commas: `65,536`, `5,000,000`, `-1,200`.
public func grouped(_ n: Int) -> String {
    let digits = Array(String(n.magnitude))
    var out = n < 0 ? "-" : ""
    for (i, digit) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
        out.append(digit)
    }
    return out
}

/// The most characters of a value a message prints (`shortened`).
public let messageValueLimit = 200

/// `text` as a message prints a value: whole up to `limit` characters; past it, its first `limit`, an ellipsis
/// and its full length (`xxxx… (5,000,000 characters)`), so that a failure on a 10 MB value is one short line.
public func shortened(_ text: String, limit: Int = messageValueLimit) -> String {
    guard let cut = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), cut < text.endIndex else {
        return text
    }
    return String(text[..<cut]) + "… (" + grouped(text.count) + " characters)"
}
