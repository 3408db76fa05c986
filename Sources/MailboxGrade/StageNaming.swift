/// The stages of a drag on one side: gray first, then the near colour, then the far one. Colours are the
/// student's, so each side's band colours are grouped and named relative to each other: a gray is gray; on the
/// right, a green is near and a red (or orange) far; on the left, where near and far are both warm, the lighter or
/// the one first seen closer in is near, and a darker, duller one far.
enum Stage: Int, Comparable {
    case gray, near, far

    static func < (a: Stage, b: Stage) -> Bool { a.rawValue < b.rawValue }

    /// SPEC's name for the colour of this stage on `side`.
    func name(_ side: DragSide) -> String {
        switch (self, side) {
        case (.gray, _): "gray"
        case (.near, .left): "yellow"
        case (.far, .left): "brown"
        case (.near, .right): "green"
        case (.far, .right): "red"
        }
    }
}

/// The colours of one side's bands, grouped, each group named a stage (or none: a colour that fits no stage).
struct StageNaming {
    struct Group {
        var colour: Colour
        var members: [UInt32]
        var offsets: [Int]
        var stage: Stage?
    }

    var groups: [Group] = []

    /// Colours within this of a group's first are that group.
    static let spread = 40

    /// The groups of the bands of `drags` on `side`.
    init(side: DragSide, drags tracks: [DragTrack]) {
        for track in tracks where track.side == side {
            for sighting in track.sightings {
                let colour = sighting.band.colour
                if let g = groups.firstIndex(where: { $0.colour.distance(to: colour) <= StageNaming.spread }) {
                    groups[g].members.append(colour.rgb)
                    groups[g].offsets.append(sighting.band.offset)
                } else {
                    groups.append(
                        Group(colour: colour, members: [colour.rgb], offsets: [sighting.band.offset], stage: nil))
                }
            }
        }
        for g in groups.indices {
            groups[g].colour = Colour(Colour.median(groups[g].members))
            if groups[g].colour.isGray { groups[g].stage = .gray }
        }
        let saturated = groups.indices.filter { groups[$0].stage == nil }
        switch side {
        case .right:
            for g in saturated {
                switch HueFamily(hue: groups[g].colour.hue) {
                case .green, .yellow: groups[g].stage = .near
                case .red, .orange, .purple: groups[g].stage = .far
                case .blue: break
                }
            }
        case .left:
            // The two largest warm groups: ordered by where they were first seen; alone, named by its look.
            let warm = saturated.filter {
                let family = HueFamily(hue: groups[$0].colour.hue)
                return family == .yellow || family == .orange || family == .red
            }.sorted { groups[$0].members.count > groups[$1].members.count }
            if warm.count >= 2 {
                let a = warm[0]
                let b = warm[1]
                let aFirst = groups[a].offsets.min() ?? 0
                let bFirst = groups[b].offsets.min() ?? 0
                let (near, far) = aFirst <= bFirst ? (a, b) : (b, a)
                groups[near].stage = .near
                groups[far].stage = .far
            } else if let only = warm.first {
                groups[only].stage = StageNaming.looksBrown(groups[only].colour) ? .far : .near
            }
        }
    }

    /// The stage of a band's colour (nil: none of this side's stages).
    func stage(of colour: Colour) -> Stage? {
        var best: (Int, Stage?) = (Int.max, nil)
        for group in groups {
            let d = group.colour.distance(to: colour)
            if d <= StageNaming.spread, d < best.0 { best = (d, group.stage) }
        }
        return best.1
    }

    /// The colour shown for `stage` (the largest group's).
    func colour(of stage: Stage) -> Colour? {
        groups.filter { $0.stage == stage }.max { $0.members.count < $1.members.count }?.colour
    }

    /// A warm colour that is dull or dark: the far stage's brown rather than the near stage's yellow or orange.
    static func looksBrown(_ colour: Colour) -> Bool {
        colour.value < 225 && colour.chroma * 100 < colour.value * 75
    }
}
