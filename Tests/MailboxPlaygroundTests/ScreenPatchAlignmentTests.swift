import MailboxJSON
import Testing

@testable import MailboxPlayground

/// A patch matches a screen's nodes to the last one's by the rows' names: a row gone is removed and a row new is
/// inserted, and the nodes after them are not sent again however their places moved.
@Suite struct ScreenPatchAlignmentTests {
    static let row2 =
        "<clipPath id=\"clip-msg2\"><rect/></clipPath>\n<g transform=\"translate(0 230)\">\n<rect/>\n</g>\n"
    static let row2Up =
        "<clipPath id=\"clip-msg2\"><rect/></clipPath>\n<g transform=\"translate(0 200)\">\n<rect/>\n</g>\n"

    @Test func aRowGoneIsRemovedAndTheRowsAfterItSendTheirLines() {
        let before = ["<rect id=\"bg\"/>\n", "<g id=\"msg1\">\n</g>\n", Self.row2, "<text>9:41</text>\n"]
        let after = ["<rect id=\"bg\"/>\n", Self.row2Up, "<g id=\"msg6\">\n</g>\n", "<text>9:41</text>\n"]
        let patch = ScreenPatch.between(
            before, after, keys: ([nil, "msg1", "msg2", nil], [nil, "msg2", "msg6", nil]), base: 7)
        #expect(patch.removed == [1])
        #expect(patch.inserted == [2])
        #expect(patch.count == 4)
        #expect(
            patch.nodes == [
                .init(
                    index: 1, text: Self.row2Up, lines: [.init(index: 1, text: "<g transform=\"translate(0 200)\">")]),
                .init(index: 2, text: "<g id=\"msg6\">\n</g>\n")
            ])
    }

    @Test func unnamedNodesAreTheSameWhileTheirTextIs() {
        // The finger's dot gone from the end, an overlay new at the end, the background changed in place.
        let patch = ScreenPatch.between(
            ["<rect fill=\"#FFF\"/>\n", "<circle/>\n"], ["<rect fill=\"#000\"/>\n", "<g opacity=\"0.1\">\n</g>\n"],
            keys: ([nil, nil], [nil, nil]), base: 1)
        #expect(patch.removed == [])
        #expect(patch.inserted == [])
        #expect(patch.nodes.map { $0.index } == [0, 1])
        let gone = ScreenPatch.between(["<a/>\n", "<b/>\n", "<c/>\n"], ["<a/>\n", "<c/>\n"], keys: ([], []), base: 1)
        #expect(gone.removed == [1] && gone.nodes.isEmpty && gone.count == 2)
        let new = ScreenPatch.between(["<a/>\n", "<c/>\n"], ["<a/>\n", "<b/>\n", "<c/>\n"], keys: ([], []), base: 1)
        #expect(new.inserted == [1] && new.nodes == [.init(index: 1, text: "<b/>\n")])
        let tail = ScreenPatch.between(["<a/>\n", "<b/>\n", "<c/>\n"], ["<a/>\n"], keys: ([], []), base: 1)
        #expect(tail.removed == [1, 2] && tail.count == 1)
    }

    /// Both phones' SVGs are in one page, where an id is the page's: phone B's clip paths are named apart, so that
    /// its rows are not clipped by phone A's.
    @Test func phoneBsClipPathsAreNamedApartFromPhoneAs() throws {
        var p = PlaygroundSession(start: .empty)
        _ = p.opening()
        var svgs: [String] = []
        for text in p.receive(#"{"type":"compare","on":true}"#, isCancelled: { false }) {
            let json = try JSON.parse(text, maxDepth: 64)
            guard json["type"] == .string("screen") else { continue }
            svgs = (json["phones"]?.arrayValue ?? []).compactMap { $0["svg"]?.stringValue }
        }
        try #require(svgs.count == 2)
        func ids(_ svg: String) -> Set<String> {
            Set(svg.components(separatedBy: "<clipPath id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) })
        }
        let (a, b) = (ids(svgs[0]), ids(svgs[1]))
        #expect(a.contains("clip-msg1") && b.contains("clipB-msg1"))
        #expect(a.isDisjoint(with: b))
        #expect(!b.isEmpty && b.allSatisfy { $0.hasPrefix("clipB") })
    }
}
