import MailboxJSON

/// What changed of a phone's SVG since its screen numbered `base`: the document is the head, one text for each
/// top-level node, and the closing (`SVGDocumentCache.parts`); a patch gives the node count now and the text of each
/// node that differs (during a drag, the dragged row and the finger). The page replaces those nodes in the DOM it has
/// (docs/playground.md, Protocol).
public struct ScreenPatch: Equatable, Sendable {
    /// The screen this one is written against: the page applies it only to the screen it holds under that number.
    public var base: Int
    /// How many top-level nodes the document has now (those past it are gone).
    public var count: Int
    /// Each changed node: its place, from 0, and its text; in increasing order.
    public var nodes: [Node]

    /// One node's new text.
    public struct Node: Equatable, Sendable {
        public var index: Int
        public var text: String

        public init(index: Int, text: String) {
            self.index = index
            self.text = text
        }
    }

    public init(base: Int, count: Int, nodes: [Node]) {
        self.base = base
        self.count = count
        self.nodes = nodes
    }

    /// The changes from the node texts `before` to `after`, against screen `base`.
    static func between(_ before: [String], _ after: [String], base: Int) -> ScreenPatch {
        var nodes: [Node] = []
        for (i, text) in after.enumerated() where i >= before.count || before[i] != text {
            nodes.append(Node(index: i, text: text))
        }
        return ScreenPatch(base: base, count: after.count, nodes: nodes)
    }

    /// The bytes of the nodes' texts.
    var textBytes: Int { nodes.reduce(0) { $0 + $1.text.utf8.count } }

    /// The patch's members of a phone's screen object.
    var members: [(String, JSON)] {
        [
            ("base", .int(base)), ("count", .int(count)),
            ("nodes", .array(nodes.map { .array([.int($0.index), .string($0.text)]) }))
        ]
    }
}
