// The page the server serves is the page's own folder (Sources/PlaygroundPage, docs/playground.md "The page"):
// re-exported, so that the server, which imports this library, serves `PlaygroundPage.files` as they are.
@_exported import PlaygroundPage
