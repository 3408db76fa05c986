/// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
public func nearest(_ word: String, in candidates: some Sequence<String>) -> String? {
    let target = Array(word.lowercased().utf8.prefix(64))
    guard !target.isEmpty else { return nil }
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(target, Array(candidate.lowercased().utf8))
        if distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    guard let best else { return nil }
    let allowed = max(1, min(3, (target.count + 1) / 3))
    return best.distance <= allowed ? best.name : nil
}

/// ` (did you mean 'x'?)` for the nearest candidate, or nothing: the tail of an "unknown …" error.
public func didYouMean(_ word: some StringProtocol, in candidates: some Sequence<String>) -> String {
    nearest(String(word), in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
}

/// Levenshtein distance with adjacent transpositions counted as one edit.
package func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], previous2[j - 2] + 1)
            }
        }
        (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
}
