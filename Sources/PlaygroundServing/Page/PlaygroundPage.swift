/// The playground's page (docs/playground.md): HTML, script and style sheet, served as they are. The build embeds
/// the three files beside this one (`resources: .embedInCode` in Package.swift): edit them and rebuild.
public enum PlaygroundPage {
    /// The page (`GET /`).
    public static let html = String(decoding: PackageResources.playground_html, as: UTF8.self)
    /// The page's script (`GET /playground.js`).
    public static let script = String(decoding: PackageResources.playground_js, as: UTF8.self)
    /// The page's style sheet (`GET /playground.css`).
    public static let style = String(decoding: PackageResources.playground_css, as: UTF8.self)
}
