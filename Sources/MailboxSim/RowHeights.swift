import MailboxText

/// The rows' model heights as prefix sums (a Fenwick tree of whole points), so that a row's y costs
/// O(log rows) instead of a sum over every row above it. Heights are whole numbers of points (0 or 86),
/// whose sums are exact in a Double, so a prefix equals the sum taken row by row; should a height ever
/// not be a whole, non-negative number, `prefix` answers nil and y is summed row by row.
struct RowHeights: Equatable, Sendable {
    /// 1-based Fenwick tree; `tree[0]` is unused.
    private var tree: [Int]
    /// How many heights are not whole, non-negative numbers below 2³².
    private var irregular = 0

    init(count: Int, height: Double) {
        tree = Array(repeating: 0, count: count + 1)
        for index in 0..<count { add(height, at: index, sign: 1) }
    }

    /// Records that row `index`'s model height changed from `old` to `new`.
    mutating func change(_ index: Int, from old: Double, to new: Double) {
        add(old, at: index, sign: -1)
        add(new, at: index, sign: 1)
    }

    /// The sum of the heights of rows `0..<count`, or nil when some height is not a whole number of points.
    func prefix(_ count: Int) -> Int? {
        guard irregular == 0 else { return nil }
        var sum = 0
        var position = count
        while position > 0 {
            sum += tree[position]
            position &= position - 1
        }
        return sum
    }

    private mutating func add(_ height: Double, at index: Int, sign: Int) {
        // A whole number of points up to 2²⁰: the sums of 500 such rows fit a 32-bit Int (the page's), so both
        // builds count alike.
        guard let whole = wholeNumber(height, in: 0...(1 << 20)) else {
            irregular += sign
            return
        }
        let points = whole * sign
        var position = index + 1
        while position < tree.count {
            tree[position] += points
            position += position & -position
        }
    }
}
