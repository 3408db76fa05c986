/// The set of running animations, at most one per property; completion data is handed back, never run here.
///
/// Each animation keeps the slot it starts in until it ends or is stopped (an animation is costly to move:
/// its completion carries strings), and a binary heap of end times gives the next to complete. A key's
/// slot is found by a scan while a handful run, by a dictionary past that: starting, stopping and
/// completing cost O(log n) in the animations running, so an `advance` costs O(n log n) whatever its length.
public struct Animator<Key: Hashable & Sendable, Completion: Sendable>: Sendable {
    public typealias Running = Animation<Key, Completion>

    /// The animations, by slot (nil: a free slot, listed in `freeSlots`), and their keys by slot: keys are
    /// plain values, so scanning them costs nothing next to reading an animation.
    private var slots: [Running?] = []
    private var slotKeys: [Key?] = []
    private var freeSlots: [Int] = []
    private var live = 0
    /// Each key's slot, kept while more than a few animations run (hashing costs more than a short scan).
    private var slotOfKey: [Key: Int]?
    /// End times, earliest (then oldest) first, as a binary heap. An entry whose animation was stopped early
    /// stays until it reaches the top, where it is dropped: the top is always a running animation's.
    private var ends: [AnimationEnd] = []
    private var nextSerial = 0

    public init() {}

    /// Running animations in creation order.
    public var running: [Running] {
        slots.compactMap { $0 }.sorted { $0.serial < $1.serial }
    }

    public var isEmpty: Bool { live == 0 }

    /// Above this many running animations keys are looked up in `slotOfKey`; below `scanBelow`, scanned.
    private static var indexAbove: Int { 16 }
    private static var scanBelow: Int { 8 }

    /// Starts an animation, replacing (and dropping the completion of) any other on the same key.
    @discardableResult
    public mutating func start(
        _ key: Key, from: AnimatableValue, to: AnimatableValue, at start: Ticks,
        duration: Ticks, curve: TimingCurve, completion: Completion? = nil
    ) -> Running {
        begin(key, from: from, to: to, at: start, duration: duration, curve: curve, completion: completion)
        return animation(for: key)!
    }

    /// Starts an animation as `start` does, and hands back only how long it runs (the curve's duration for the
    /// one requested): the animation is moved into its slot, not copied out again.
    @discardableResult
    public mutating func begin(
        _ key: Key, from: AnimatableValue, to: AnimatableValue, at start: Ticks,
        duration: Ticks, curve: TimingCurve, completion: consuming Completion? = nil
    ) -> Ticks {
        remove(key)
        let serial = nextSerial
        let runs = curve.duration(requested: duration)
        let end = start.adding(runs) ?? .max
        let animation = Running(
            serial: serial, key: key, from: from, to: to, start: start,
            duration: runs, curve: curve, completion: completion)
        nextSerial += 1
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = consume animation
            slotKeys[slot] = key
        } else {
            slot = slots.count
            slots.append(consume animation)
            slotKeys.append(key)
        }
        live += 1
        if slotOfKey != nil {
            slotOfKey![key] = slot
        } else if live > Self.indexAbove {
            slotOfKey = Dictionary(
                uniqueKeysWithValues: slotKeys.indices.compactMap { i in slotKeys[i].map { ($0, i) } })
        }
        push(AnimationEnd(end: end, serial: serial, slot: slot))
        return runs
    }

    /// The key of every running animation, in no particular order (read in place, without copying them).
    public func forEachKey(_ body: (Key) -> Void) {
        for slot in slotKeys.indices { if let key = slotKeys[slot] { body(key) } }
    }

    public func animation(for key: Key) -> Running? {
        slot(of: key).flatMap { slots[$0] }
    }

    /// The presentation value of `key` at `now`, or nil when nothing animates it.
    public func value(for key: Key, at now: Ticks) -> AnimatableValue? {
        guard let slot = slot(of: key) else { return nil }
        return slots[slot]?.value(at: now)
    }

    /// Whether an animation of `key` runs (without copying it out).
    public func isAnimating(_ key: Key) -> Bool {
        slot(of: key) != nil
    }

    /// Stops the animation of `key` where it is; returns it so the caller can log it.
    @discardableResult
    public mutating func remove(_ key: Key) -> Running? {
        guard let slot = slot(of: key) else { return nil }
        let removed = free(slot)
        settle()
        return removed
    }

    /// Removes every animation matching `predicate` (for a reset of part of the screen).
    public mutating func removeAll(where predicate: (Running) -> Bool) {
        for slot in slots.indices {
            guard let animation = slots[slot], predicate(animation) else { continue }
            _ = free(slot)
        }
        settle()
    }

    /// The earliest instant at which a running animation completes.
    public var nextEnd: Ticks? { ends.first?.end }

    /// Removes and returns, in end then creation order, every animation that has completed by `now`.
    public mutating func takeCompleted(by now: Ticks) -> [Running] {
        var done: [Running] = []
        while let top = ends.first, top.end <= now {
            popTop()
            guard let animation = free(top.slot) else { continue }
            done.append(animation)
            settle()
        }
        return done
    }

    /// Removes every animation that has completed by `now`, as `takeCompleted(by:)` does, and hands back only
    /// their completions (of those that have one), in the same order: the first, the others appended to `rest`.
    /// Most instants complete one animation: then no array is made, and no animation is copied out of its slot.
    public mutating func takeCompletions(by now: Ticks, rest: inout [Completion]) -> Completion? {
        var first: Completion?
        while let top = ends.first, top.end <= now {
            popTop()
            guard let completion = freeCompletion(top.slot) else { continue }
            if let completion {
                if first == nil { first = completion } else { rest.append(completion) }
            }
            settle()
        }
        return first
    }

    // MARK: Slots and the heap of ends

    private func slot(of key: Key) -> Int? {
        if let slotOfKey { return slotOfKey[key] }
        guard live > 0 else { return nil }
        for slot in slotKeys.indices where slotKeys[slot] == key { return slot }
        return nil
    }

    /// Empties a slot, handing back its animation.
    private mutating func free(_ slot: Int) -> Running? {
        guard let animation = slots[slot].take() else { return nil }
        freeSlots.append(slot)
        slotKeys[slot] = nil
        slotOfKey?[animation.key] = nil
        live -= 1
        return animation
    }

    /// Empties a slot like `free`, handing back only its animation's completion: nil for a free slot, `.some(nil)`
    /// for an animation without one.
    private mutating func freeCompletion(_ slot: Int) -> Completion?? {
        guard let key = slotKeys[slot] else { return nil }
        let completion = slots[slot]?.completion
        slots[slot] = nil
        freeSlots.append(slot)
        slotKeys[slot] = nil
        slotOfKey?[key] = nil
        live -= 1
        return .some(completion)
    }

    /// After animations left: with none left, starts afresh; with few, drops the dictionary and packs the
    /// slots (so a scan stays short); then drops stopped ends from the top of the heap.
    private mutating func settle() {
        if live == 0 {
            slots.removeAll(keepingCapacity: true)
            slotKeys.removeAll(keepingCapacity: true)
            freeSlots.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
            slotOfKey = nil
            return
        }
        if slotOfKey != nil && live < Self.scanBelow {
            slotOfKey = nil
            var alive: [Running] = []
            for case let animation? in slots { alive.append(animation) }
            // Built element by element: assigning [Running] to [Running?] would be an array upcast, a dynamic cast
            // that Embedded Swift (the page's build) does not have.
            slots = alive.map { .some($0) }
            slotKeys = alive.map { .some($0.key) }
            freeSlots = []
            ends = []
            for (slot, animation) in alive.enumerated() {
                push(AnimationEnd(end: animation.end, serial: animation.serial, slot: slot))
            }
        }
        dropStoppedEnds()
    }

    /// Drops ends at the top whose animation was stopped (its slot is free or holds a later animation).
    private mutating func dropStoppedEnds() {
        while let top = ends.first, slots[top.slot]?.serial != top.serial { popTop() }
    }

    private mutating func push(_ entry: AnimationEnd) {
        ends.append(entry)
        var child = ends.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard ends[child].precedes(ends[parent]) else { break }
            ends.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popTop() {
        let last = ends.removeLast()
        guard !ends.isEmpty else { return }
        ends[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < ends.count && ends[left].precedes(ends[first]) { first = left }
            if right < ends.count && ends[right].precedes(ends[first]) { first = right }
            guard first != parent else { return }
            ends.swapAt(parent, first)
            parent = first
        }
    }
}

/// When an animation in an animator's slot ends (outside the generic animator, so that an array of them needs
/// no run-time check of the animator's generic requirements: that scans every conformance in the binary).
private struct AnimationEnd {
    let end: Ticks
    let serial: Int
    let slot: Int

    func precedes(_ other: AnimationEnd) -> Bool { (end, serial) < (other.end, other.serial) }
}

extension Animator: Equatable where Completion: Equatable {
    /// Two animators are equal when they run the same animations (in creation order) and would number the
    /// next one the same (the number orders animations that end at the same instant), however their slots,
    /// heap and index happen to be laid out.
    public static func == (a: Animator, b: Animator) -> Bool {
        a.nextSerial == b.nextSerial && a.running == b.running
    }
}
