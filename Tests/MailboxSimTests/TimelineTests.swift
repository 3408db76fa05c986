import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxSim
@testable import MailboxText

/// The timeline keeps the newest `capacity` entries, counts the rest, and hands back what a command added.
@Suite struct TimelineTests {
    static func entry(_ n: Int) -> TimelineEntry {
        TimelineEntry(
            time: ms(Int64(n)), subject: .view(.row(MessageID(n))), kind: .event(.messageRestored), gesture: n)
    }

    @Test func keepsEverythingUpToCapacity() {
        var timeline = Timeline(capacity: 4)
        for n in 1...4 { timeline.append(Self.entry(n)) }
        #expect(timeline.entries.map(\.gesture) == [1, 2, 3, 4])
        #expect(timeline.total == 4 && timeline.dropped == 0)
    }

    @Test(arguments: [5, 6, 7, 8, 9, 12, 100, 1001])
    func dropsTheOldestPastCapacity(count: Int) {
        var timeline = Timeline(capacity: 4)
        for n in 1...count { timeline.append(Self.entry(n)) }
        #expect(timeline.entries.map(\.gesture) == Array((count - 3)...count).map(Optional.some))
        #expect(timeline.total == count && timeline.dropped == count - 4)
    }

    @Test func entriesSinceAMark() {
        var timeline = Timeline(capacity: 4)
        for n in 1...3 { timeline.append(Self.entry(n)) }
        let mark = timeline.total
        #expect(timeline.entries(since: mark).isEmpty)
        timeline.append(Self.entry(4))
        timeline.append(Self.entry(5))
        #expect(timeline.entries(since: mark).map(\.gesture) == [4, 5])
        // More added than kept: what is still there.
        for n in 6...20 { timeline.append(Self.entry(n)) }
        #expect(timeline.entries(since: mark).map(\.gesture) == [17, 18, 19, 20])
        #expect(timeline.entries(since: timeline.total - 2).map(\.gesture) == [19, 20])
    }

    /// Past a chunk's size (256): the newest `capacity` kept across chunks, the storage within capacity and a chunk.
    @Test(arguments: [300, 600, 1_000])
    func keepsTheNewestAcrossChunks(capacity: Int) {
        var timeline = Timeline(capacity: capacity)
        for n in 1...2_345 { timeline.append(Self.entry(n)) }
        #expect(timeline.entries.map(\.gesture) == Array((2_346 - capacity)...2_345).map(Optional.some))
        #expect(timeline.entries(since: 2_300).map(\.gesture) == Array(2_301...2_345).map(Optional.some))
        #expect(timeline.total == 2_345 && timeline.dropped == 2_345 - capacity)
        #expect(timeline.storedCount <= capacity + 256)
    }

    /// A copy shares the entries: appending to it copies the last chunk only, and leaves the original as it was.
    @Test func aCopySharesAllButTheLastChunk() {
        var timeline = Timeline()
        for n in 1...1_000 { timeline.append(Self.entry(n)) }
        var copy = timeline
        copy.append(Self.entry(1_001))
        #expect(timeline.entries.count == 1_000 && copy.entries.count == 1_001)
        func addresses(_ t: Timeline) -> [UnsafeRawPointer?] {
            t.chunks.map { $0.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        }
        #expect(addresses(copy).dropLast() == addresses(timeline).dropLast())
        #expect(addresses(copy).last != addresses(timeline).last)
    }

    @Test func theDefaultCapacity() {
        #expect(Timeline().capacity == 10_000)
    }

    @Test func summaries() {
        let animation = TimelineEntry(
            time: ms(100), subject: .view(.row(m1)),
            kind: .animation(
                property: PropertyKey(.row(m1), .x), from: .scalar(-180), to: .scalar(-320),
                duration: ms(300), curve: .easeInOut), gesture: 1)
        #expect(animation.summary == "msg1.x -180 → -320 over 0.3s easeInOut")
        #expect(TimelineText.line(animation) == "   0.100  msg1.x -180 → -320 over 0.3s easeInOut")
        let crossing = TimelineEntry(
            time: ms(100), subject: .view(.row(m1)),
            kind: .event(.thresholdCrossed(from: .laterPeek, to: .later, x: -60)), gesture: 1)
        #expect(crossing.summary == "msg1 threshold crossed at x -60: gray later → yellow later")
    }
}
