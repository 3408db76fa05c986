/// `1 check`, `3 checks`, `0 commands`: a count and its noun, in the plural unless the count is 1.
/// `plural` is for nouns that do not just take an `s`.
public func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
}
