import MailboxJSON

/// What changed of a phone's SVG since its screen numbered `base`: the document is the head, one text for each
/// top-level node, and the closing (`SVGDocumentCache.parts`); a patch gives the node count now, the nodes gone and
/// the nodes new (a row hidden, a row come up from below the screen, an overlay shown: matched by the rows' names, so
/// the nodes after them are not sent again), and for each node that differs, its text (during a drag, the dragged
/// row and the finger) or, when that is smaller, the lines of it that changed (SVGWriter writes one element a line:
/// an overlay fading in changes its group's opening line; a row moving up, its translation). The page rebuilds
/// those nodes' texts from the ones it holds and changes them in the DOM it has (docs/playground.md, Protocol).
public struct ScreenPatch: Equatable, Sendable {
    /// The screen this one is written against: the page applies it only to the screen it holds under that number.
    public var base: Int
    /// How many top-level nodes the document has now (those past it are gone).
    public var count: Int
    /// Each changed node: its place, from 0, and its text; in increasing order.
    public var nodes: [Node]
    /// The nodes of screen `base` that are gone, by their place in it, in increasing order.
    public var removed: [Int] = []
    /// The nodes that are new, by their place now, in increasing order (each is in `nodes`, whole).
    public var inserted: [Int] = []

    /// One node's new text, and what of it is sent.
    public struct Node: Equatable, Sendable {
        public var index: Int
        /// The node's text now.
        public var text: String
        /// The lines that changed, when the node had as many lines before and they are fewer bytes than `text`:
        /// what is sent instead of it (nil: the text is sent).
        public var lines: [Line]?

        public init(index: Int, text: String, lines: [Line]? = nil) {
            self.index = index
            self.text = text
            self.lines = lines
        }

        /// What is sent of the node, in bytes (before JSON's escaping).
        var bytes: Int {
            guard let lines else { return text.utf8.count }
            return lines.reduce(0) { $0 + $1.bytes }
        }
    }

    /// One line of a node's text, from 0, without its line break.
    public struct Line: Equatable, Sendable {
        public var index: Int
        public var text: String

        public init(index: Int, text: String) {
            self.index = index
            self.text = text
        }

        /// Its bytes sent: the text and about what its `[N,"…"],` adds.
        var bytes: Int { text.utf8.count + Line.overhead }
        static let overhead = 8
    }

    public init(base: Int, count: Int, nodes: [Node], removed: [Int] = [], inserted: [Int] = []) {
        self.base = base
        self.count = count
        self.nodes = nodes
        self.removed = removed
        self.inserted = inserted
    }

    /// The changes from the node texts `before` to `after`, against screen `base`. `keys` names the nodes that
    /// are named groups (nil: another node): a named node is the same node while its name is, wherever it moved
    /// and whatever its text; another node is the same while its text is. Walking both lists, a node of `before`
    /// that is the next of `after` is kept (its lines sent if it changed); one whose next is is gone; one that is
    /// the next after one new of `after` stays, that one inserted; else the node at the place changed.
    static func between(
        _ before: [String], _ after: [String], keys: (before: [String?], after: [String?]), base: Int
    ) -> ScreenPatch {
        func key(_ keys: [String?], _ i: Int) -> String? { i < keys.count ? keys[i] : nil }
        func same(_ i: Int, _ j: Int) -> Bool {
            let (a, b) = (key(keys.before, i), key(keys.after, j))
            if a != nil || b != nil { return a == b }
            return before[i] == after[j]
        }
        var patch = ScreenPatch(base: base, count: after.count, nodes: [])
        var (i, j) = (0, 0)
        while j < after.count {
            if i < before.count && same(i, j) {
                if before[i] != after[j] { patch.nodes.append(changed(before[i], after[j], at: j)) }
                (i, j) = (i + 1, j + 1)
            } else if i + 1 < before.count && same(i + 1, j) {
                patch.removed.append(i)
                i += 1
            } else if i >= before.count || (j + 1 < after.count && same(i, j + 1)) {
                patch.inserted.append(j)
                patch.nodes.append(Node(index: j, text: after[j]))
                j += 1
            } else {
                patch.nodes.append(changed(before[i], after[j], at: j))
                (i, j) = (i + 1, j + 1)
            }
        }
        while i < before.count {
            patch.removed.append(i)
            i += 1
        }
        return patch
    }

    /// Node `index`'s new text, with the lines that changed when they are fewer bytes.
    private static func changed(_ old: String, _ new: String, at index: Int) -> Node {
        Node(index: index, text: new, lines: changedLines(old, new, under: new.utf8.count))
    }

    /// The lines of `new` that differ from `old`'s at the same place, or nil when the two have not as many lines
    /// (split at each line feed, as the page splits them: a text ending with one has an empty last line) or the
    /// lines are not fewer bytes than `limit`. One pass over the bytes of both, given up at the limit (rows moved up
    /// change every line): in the page's module (`-Osize`), splitting them into arrays of slices and comparing those
    /// tripled the module's time for a tick.
    static func changedLines(_ old: String, _ new: String, under limit: Int) -> [Line]? {
        var (old, new) = (old, new)
        return old.withUTF8 { a in new.withUTF8 { b in changedLines(a, b, under: limit) } }
    }

    private static func changedLines(
        _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, under limit: Int
    ) -> [Line]? {
        let newline: UInt8 = 10
        var lines: [Line] = []
        var bytes = 0
        var (i, j, line) = (0, 0, 0)
        while true {
            // The common start of the two lines, then each one's end.
            var k = 0
            while i + k < a.count, j + k < b.count, a[i + k] == b[j + k], a[i + k] != newline { k += 1 }
            var (endA, endB) = (i + k, j + k)
            let same = (endA == a.count || a[endA] == newline) && (endB == b.count || b[endB] == newline)
            while endA < a.count, a[endA] != newline { endA += 1 }
            while endB < b.count, b[endB] != newline { endB += 1 }
            if !same {
                bytes += endB - j + Line.overhead
                if bytes >= limit { return nil }
                lines.append(
                    Line(index: line, text: String(decoding: UnsafeBufferPointer(rebasing: b[j..<endB]), as: UTF8.self))
                )
            }
            // Both texts end here, or one does and the other has more lines.
            if endA == a.count || endB == b.count { return endA == a.count && endB == b.count ? lines : nil }
            (i, j, line) = (endA + 1, endB + 1, line + 1)
        }
    }

    /// The bytes of what is sent of the nodes.
    var textBytes: Int { nodes.reduce(0) { $0 + $1.bytes } }

    /// The patch's members of a phone's screen object: each node as [index, text] or [index, [[line, text]…]].
    var members: [(String, JSON)] {
        var members: [(String, JSON)] = [("base", .int(base)), ("count", .int(count))]
        if !removed.isEmpty { members.append(("removed", .array(removed.map { .int($0) }))) }
        if !inserted.isEmpty { members.append(("inserted", .array(inserted.map { .int($0) }))) }
        return members + [
            (
                "nodes",
                .array(
                    nodes.map { node in
                        guard let lines = node.lines else { return .array([.int(node.index), .string(node.text)]) }
                        return .array([
                            .int(node.index), .array(lines.map { .array([.int($0.index), .string($0.text)]) })
                        ])
                    })
            )
        ]
    }
}
