import Testing

@testable import MailboxScene
@testable import MailboxScript
@testable import MailboxSim

/// A message's face is made once for the first 64 messages (`FaceScene.keptFaces`) and shared by every frame: the
/// kept faces are the ones made afresh, message by message, and a frame's rows hold those very arrays (so comparing
/// an unchanged row with the last frame's is a pointer comparison, not a walk of its texts).
@Suite struct KeptFacesTests {
    @Test func eachKeptFaceIsTheFaceMadeAfresh() {
        for number in 1...80 {
            let fresh = FaceScene.nodes(DemoMessage.content(of: number), unread: number % 3 != 0)
            #expect(FaceScene.nodes(ofMessage: number) == fresh, "msg\(number)")
        }
        #expect(FaceScene.keptFaces.count == 64)
    }

    @Test func twoFramesShareTheirRowsFaces() throws {
        var session = Session()
        _ = try session.execute(.line("pan msg2 -40"[...]))
        let first = Scene(screen: session.screen.snapshot())
        _ = try session.execute(.line("pan msg2 -60"[...]))
        let second = Scene(screen: session.screen.snapshot())
        let faces = [first, second].map { scene in
            scene.nodes.flatMap { node -> [[SceneNode]] in
                guard case .group(let row) = node else { return [] }
                return row.children.compactMap { child in
                    guard case .group(let face) = child, face.name?.hasSuffix("-face") == true else { return nil }
                    return face.children
                }
            }
        }
        try #require(faces[0].count == Metrics.defaultMessageCount && faces[1].count == faces[0].count)
        for (a, b) in zip(faces[0], faces[1]) {
            let same = a.withUnsafeBufferPointer { x in
                b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress }
            }
            #expect(same, "a row's face made again for the next frame")
        }
    }
}
