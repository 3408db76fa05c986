import Testing

@testable import MailboxLanguageServer

/// `LineStore`: the document's lines in chunks, so that an edit costs about its size.
@Suite struct LineStoreTests {
    /// A small deterministic generator (xorshift), so that a failure can be replayed.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(max(1, bound)))
        }
    }

    @Test func splittingCountsAndCutsAsTheArrayDoes() {
        // Texts of random lines with every kind of line end: the chunks made while reading equal those of the
        // split array, and the memory counted without splitting equals what the lines then hold.
        var generator = Generator(state: 0x2545_F491_4F6C_DD1D)
        let pieces = ["", "a", "settle", String(repeating: "x", count: 15), String(repeating: "y", count: 16), "é🙂"]
        let ends = ["\n", "\r\n", "\r", "\n\n"]
        for round in 0..<200 {
            var text = ""
            for _ in 0..<generator.next(round % 20 == 0 ? 5000 : 40) {
                text += pieces[generator.next(pieces.count)] + ends[generator.next(ends.count)]
            }
            if generator.next(2) == 0 { text += pieces[generator.next(pieces.count)] }
            let split = Document.split(text)
            let store = LineStore(splitting: text)
            #expect(Array(store) == split, "round \(round)")
            #expect(store == LineStore(split), "round \(round)")
            #expect(
                store.held == LineStore(split).held && store.held == LineStore.held(splitting: text), "round \(round)")
        }
        #expect(LineStore.held(lineOf: 0) == 16 && LineStore.held(lineOf: 15) == 16)
        #expect(LineStore.held(lineOf: 16) == 16 + 64)
    }

    @Test func randomEditsMatchAnArray() {
        var generator = Generator(state: 0x9E37_79B9_7F4A_7C15)
        var model = (0..<5000).map { "line \($0)" }
        var store = LineStore(model)
        for step in 0..<3000 {
            let before = store
            let modelBefore = model
            let low = generator.next(model.count + 1)
            let high = low + generator.next(min(3000, model.count - low) + 1)
            let inserted = (0..<generator.next(step % 7 == 0 ? 2500 : 4)).map { "new \(step).\($0)" }
            model.replaceSubrange(low..<high, with: inserted)
            store.replaceSubrange(low..<high, with: inserted)
            #expect(store.count == model.count, "step \(step)")
            #expect(store.bytes == model.reduce(0) { $0 + $1.utf8.count + 1 }, "step \(step)")
            #expect(store.held == model.reduce(0) { $0 + LineStore.held(lineOf: $1.utf8.count) }, "step \(step)")
            let changed = high > low || !inserted.isEmpty
            #expect(
                store.firstDifference(from: before) == (changed ? low : nil),
                "step \(step)")
            if step % 100 == 0 { #expect(Array(store) == model, "step \(step)") }
            if step % 10 == 0 {
                // The lines both end with, counted one by one on the arrays.
                var suffix = 0
                while suffix < min(model.count, modelBefore.count),
                    model[model.count - 1 - suffix] == modelBefore[modelBefore.count - 1 - suffix]
                {
                    suffix += 1
                }
                #expect(store.commonSuffix(with: before) == suffix, "step \(step)")
            }
        }
        #expect(Array(store) == model)
        #expect(store == LineStore(model))
        // Emptied, then filled again.
        store.replaceSubrange(0..<store.count, with: [])
        #expect(store.isEmpty)
        store.replaceSubrange(0..<0, with: ["a", "b"])
        #expect(store == ["a", "b"])
    }

    /// 2,000 one-character edits in the middle of a document of `count` lines, each with the previous version still
    /// held (as the analysis holds it); the document after them, and the time they took.
    static func edits(lines count: Int) -> (Document, Duration) {
        var document = Document(
            uri: "file:///big.mbs", version: 1, text: String(repeating: "advance 0.01\n", count: count))
        var held = document.lines
        let took = ContinuousClock().measure {
            for k in 0..<2000 {
                document.replace(TextRange(line: count / 2, from: k, to: k), with: "x")
                #expect(document.lines.firstDifference(from: held) == count / 2)
                held = document.lines
            }
        }
        return (document, took)
    }

    @Test func anEditCostsAboutItsSizeNotTheDocuments() {
        // Before, each edit copied every line: 27.9 s on 1,000,000 lines, a thousand times the same edits on 1,000.
        // Compared with the same edits on a small document in the same run, so that a slow build (a sanitizer's)
        // slows both alike.
        let (_, small) = Self.edits(lines: 1_000)
        let (document, took) = Self.edits(lines: 1_000_000)
        #expect(
            took < small * 20 + .milliseconds(300), "2,000 edits took \(took) on 1,000,000 lines, \(small) on 1,000")
        #expect(document.lines.count == 1_000_001)
        #expect(document.lines[500_000] == String(repeating: "x", count: 2000) + "advance 0.01")
        #expect(document.lines[499_999] == "advance 0.01" && document.lines[1_000_000] == "")
    }
}
