import MailboxJSON
import MailboxPlayground
import MailboxReports
import MailboxScene
import MailboxScript
import Testing

/// The screens a session writes from its last ones (`SVGDocumentCache`, the kept JSON texts of the SVG's nodes, the
/// parameters and the state's properties) are the bytes written from scratch: over a random session of drags, edge
/// drags, ticks, comparisons and resets. A patch applied to the screen the page holds, as the page applies it, makes
/// that document too.
@Suite struct PlaygroundRenderTests {
    /// A phone's screen as the page holds it: its number, and the document cut into its head, its top-level nodes'
    /// texts and its closing, cut here from the whole text as the page cuts its DOM (a node is an element and its
    /// children; a clip path belongs to the element after it).
    struct HeldScreen {
        var frame: Int64
        var head: String
        var nodes: [String]

        init(frame: Int64, document: String) throws {
            self.frame = frame
            let lines = document.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) + "\n" }
            // The XML declaration and the root's opening tag, the nodes, then `</svg>` and the empty last piece.
            try #require(lines.count >= 4 && lines[lines.count - 2] == "</svg>\n")
            head = lines[0] + lines[1]
            nodes = []
            var node = ""
            var depth = 0
            for line in lines[2..<(lines.count - 2)] {
                node += line
                if line.hasPrefix("<clipPath") { continue }
                if line.hasPrefix("<g") { depth += 1 }
                if line.hasPrefix("</g>") { depth -= 1 }
                if depth == 0 {
                    nodes.append(node)
                    node = ""
                }
            }
            try #require(node.isEmpty && depth == 0)
        }

        var document: String { head + nodes.joined() + "</svg>\n" }

        /// The phone's patch applied, to the screen it names as its base only: the nodes gone taken out and the
        /// new ones given their places, then each node's new text, or the lines of it that changed.
        mutating func apply(_ phone: JSON) throws {
            let frame = try #require(phone["frame"]?.integerValue)
            try #require(phone["base"]?.integerValue == self.frame, "a patch of the screen held")
            let count = try #require(phone["count"]?.integerValue)
            var nodes: [String?] = self.nodes
            for gone in (phone["removed"]?.arrayValue ?? []).reversed() {
                let index = Int(try #require(gone.integerValue))
                try #require(index >= 0 && index < nodes.count, "a node held is gone")
                nodes.remove(at: index)
            }
            for new in phone["inserted"]?.arrayValue ?? [] {
                let index = Int(try #require(new.integerValue))
                try #require(index >= 0 && index <= nodes.count, "a new node's place")
                nodes.insert(nil, at: index)
            }
            for node in phone["nodes"]?.arrayValue ?? [] {
                let pair = try #require(node.arrayValue)
                let index = Int(try #require(pair[0].integerValue))
                try #require(index >= 0 && index <= nodes.count)
                let text: String
                if let lines = pair[1].arrayValue {
                    // The lines that changed, [line, text] each, of the node's text held (as many lines now).
                    try #require(index < nodes.count, "lines of a node held")
                    let whole = try #require(nodes[index], "lines of a node held, not of a new one")
                    var held = whole.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
                    for line in lines {
                        let change = try #require(line.arrayValue)
                        let at = Int(try #require(change[0].integerValue))
                        try #require(at >= 0 && at < held.count)
                        held[at] = try #require(change[1].stringValue)
                    }
                    text = held.joined(separator: "\n")
                } else {
                    text = try #require(pair[1].stringValue)
                }
                if index == nodes.count { nodes.append(text) } else { nodes[index] = text }
            }
            nodes.removeLast(max(0, nodes.count - Int(count)))
            self.nodes = try nodes.map { try #require($0, "a new node's text") }
            self.frame = frame
        }
    }

    let never: @Sendable () -> Bool = { false }

    /// A small deterministic generator (the same session every run).
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        mutating func double(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() % 10_000) / 10_000
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    @Test func screensWrittenFromTheLastOnesAreTheDocumentWrittenFromScratch() throws {
        var p = PlaygroundSession(start: .empty)
        p.watchesState = true
        // Each phone's params as the page holds them: the last screen that carried them (the opening's first).
        var params: [JSON?] = [nil, nil]
        var held: [HeldScreen?] = [nil, nil]
        for text in p.opening() {
            let json = try JSON.parse(text, maxDepth: 64)
            guard json["type"] == .string("screen"), let phone = json["phones"]?.arrayValue?.first else { continue }
            params[0] = phone["params"]
            held[0] = try HeldScreen(
                frame: try #require(phone["frame"]?.integerValue), document: try #require(phone["svg"]?.stringValue))
        }
        #expect(params[0] != nil)
        var random = Random(state: 20)
        var t = 0.0
        var checked = 0
        var patches = 0
        func send(_ fields: [(String, JSON)]) throws {
            for text in p.receive(JSON.object(fields).text, isCancelled: never) {
                let json = try JSON.parse(text, maxDepth: 64)
                guard json["type"] == .string("screen") else { continue }
                // The text is the canonical JSON of what it holds (as `ServerMessage.json.text` writes it).
                #expect(json.text == text)
                let phones = json["phones"]?.arrayValue ?? []
                #expect(phones.count == p.phones.count)
                for (i, phone) in phones.enumerated() {
                    if let svg = phone["svg"]?.stringValue {
                        held[i] = try HeldScreen(frame: try #require(phone["frame"]?.integerValue), document: svg)
                    } else {
                        patches += 1
                        var screen = try #require(held[i], "a patch comes after a whole screen")
                        try screen.apply(phone)
                        held[i] = screen
                    }
                    // Phone B's clip paths are named clipB… (both phones' SVGs are in one page).
                    var fresh = SVGDocumentCache(clipPrefix: i == 0 ? "clip" : "clipB")
                    #expect(held[i]?.document == fresh.document(Scene(screen: p.phones[i].screen.snapshot())))
                    var copy = p.phones[i]
                    guard case .json(let machine)? = try copy.execute(.line("state --json")).report else {
                        Issue.record("no state")
                        continue
                    }
                    let state = try JSON.parse(JSONRenderer.value(machine).text, maxDepth: 64)
                    #expect(phone["state"] == state)
                    // What the page reads of the state, sent always.
                    #expect(phone["compose"] == state["properties"]?["compose"])
                    #expect(phone["haptics"]?.doubleValue == state["properties"]?["haptic.count"]?.doubleValue)
                    // The params when they changed; else the last ones sent are still in force.
                    if let sent = phone["params"] { params[i] = sent }
                    let settings = p.phones[i].screen.settings
                    #expect(
                        params[i]
                            == .object(
                                TunableTable.all.map { ($0.name, .string(TunableTable.shown($0, in: settings))) }))
                }
                checked += 1
            }
        }
        func pointer(_ type: String, _ x: Double, _ y: Double) throws {
            try send([("type", .string(type)), ("x", .number(x)), ("y", .number(y)), ("t", .number(t))])
        }
        for _ in 0..<40 {
            switch random.below(8) {
            case 0: try send([("type", .string("compare")), ("on", .bool(p.phones.count == 1))])
            case 1: try send([("type", .string("reset"))])
            case 2:
                let value = 40 + random.below(60)
                try send([
                    ("type", .string("set")), ("name", .string("threshold.near")), ("value", .string(String(value)))
                ])
            default:
                // A drag from anywhere (a row, the edge, a button), at 60 Hz, then the release settling a while.
                var x = random.below(3) == 0 ? 4 : random.double(0...320)
                let y = random.double(64...560)
                let dx = random.double(-12...12)
                try pointer("down", x, y)
                for _ in 0..<random.below(24) {
                    t += 1000.0 / 60
                    x = ((x + dx) * 100).rounded() / 100
                    try pointer("move", x, y)
                }
                t += 16
                try pointer("up", x, y)
                for _ in 0..<random.below(40) {
                    t += 1000.0 / 60
                    try send([("type", .string("tick")), ("t", .number(t))])
                }
            }
        }
        #expect(checked > 300)
        #expect(patches > 200)
    }
}
