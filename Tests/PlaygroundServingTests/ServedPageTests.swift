import PlaygroundServing
import Testing

/// The server imports this library alone: the page reaches it through it, with its table whole.
@Suite struct ServedPageTests {
    @Test func theServerSeesThePage() {
        let names = PlaygroundPage.files.map(\.name)
        #expect(names.prefix(3) == ["playground.css", "plots.css", "playground.js"])
        #expect(PlaygroundPage.html.contains("<script type=\"module\" src=\"playground.js\"></script>"))
    }
}
