import Testing

@testable import MailboxScene
@testable import MailboxScript
@testable import MailboxSim

/// An options overlay fading in is one named group whose children stay the same while its opacity changes: the
/// SVG cache (`SVGDocumentCache`) then writes the overlay's 3.5 KB once, not at every tick of its fade.
@Suite struct OverlayFadeTests {
    /// The overlay's top-level group at `seconds` after a long swipe left is released.
    static func overlayGroup(after seconds: String) throws -> SceneGroup {
        var session = Session()
        for line in ["pan msg1 -180", "release", "advance \(seconds)"] { _ = try session.execute(.line(line[...])) }
        let groups = Scene(screen: session.screen.snapshot()).nodes.compactMap { node -> SceneGroup? in
            if case .group(let group) = node, group.name == "overlay" { group } else { nil }
        }
        try #require(groups.count == 1, "one group named overlay")
        return groups[0]
    }

    @Test func aFadingOverlayIsOneNamedGroupWhoseChildrenStayTheSame() throws {
        let early = try Self.overlayGroup(after: "0.35")
        let later = try Self.overlayGroup(after: "0.4")
        #expect(early.opacity > 0 && early.opacity < later.opacity)
        #expect(early.children == later.children)
        #expect(early.children.count > 20)
    }
}
