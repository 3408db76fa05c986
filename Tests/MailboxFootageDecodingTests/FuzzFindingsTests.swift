import Foundation
import MailboxFootage
import MailboxFootageDecoding
import Testing

/// The fuzzer's inputs for the reader (`Fuzz/regressions/` files after a leading byte 3, as Fuzz/FuzzTarget.swift
/// routes them): each is read or refused in words, quickly.
@Suite struct FuzzFindingsTests {
    static let folder = Recording.root.appendingPathComponent("Fuzz/regressions")

    static let inputs: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { name in
            (try? Data(contentsOf: folder.appendingPathComponent(name)))?.first == 3
        }.sorted()

    @Test func thereAreSome() { #expect(!Self.inputs.isEmpty) }

    @Test(arguments: inputs) func replay(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)).dropFirst())
        let clock = ContinuousClock()
        let start = clock.now
        let words = refusal(bytes)
        #expect(words == nil || !words!.isEmpty)
        #expect(clock.now - start < .seconds(5), "\(name) took \(clock.now - start)")
    }
}
