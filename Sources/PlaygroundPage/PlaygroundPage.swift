/// The playground's page (docs/playground.md): HTML, script modules and style sheet, served as they are. The build
/// embeds the files beside this one (`resources: .embedInCode` in Package.swift): edit them and rebuild.
public enum PlaygroundPage {
    /// The page (`GET /`).
    public static let html = String(decoding: PackageResources.playground_html, as: UTF8.self)
    /// The page's entry script (`GET /playground.js`), an ES module that imports the others of `files`.
    public static let script = String(decoding: PackageResources.playground_js, as: UTF8.self)
    /// The page's style sheet (`GET /playground.css`).
    public static let style = String(decoding: PackageResources.playground_css, as: UTF8.self)

    /// One file the page loads besides itself, served at `/NAME` by the server and copied by `make site`.
    public struct File: Sendable {
        public let name: String
        public let text: String
        public let type: String
    }

    /// Every file the page loads besides itself: its style sheets and its script's modules. The server serves each
    /// at `/NAME`; tools/wasm/site.sh copies the same files from this folder (PlaygroundPageTests checks the two agree).
    public static let files: [File] =
        [
            File(name: "playground.css", text: style, type: css),
            File(name: "plots.css", text: plotStyle, type: css),
            File(name: "playground.js", text: script, type: javaScript)
        ] + modules.map { File(name: $0.0, text: String(decoding: $0.1, as: UTF8.self), type: javaScript) }

    /// The script's modules that `playground.js` imports, by job.
    static let modules: [(String, [UInt8])] = [
        ("state.js", PackageResources.state_js), ("bus.js", PackageResources.bus_js),
        ("dom.js", PackageResources.dom_js), ("transport.js", PackageResources.transport_js),
        ("messages.js", PackageResources.messages_js), ("link.js", PackageResources.link_js),
        ("restore.js", PackageResources.restore_js), ("keep.js", PackageResources.keep_js),
        ("phones.js", PackageResources.phones_js), ("held-screens.js", PackageResources.held_screens_js),
        ("pointer.js", PackageResources.pointer_js), ("ticks.js", PackageResources.ticks_js),
        ("keys.js", PackageResources.keys_js), ("script-pane.js", PackageResources.script_pane_js),
        ("tuning.js", PackageResources.tuning_js), ("curves.js", PackageResources.curves_js),
        ("looking-back.js", PackageResources.looking_back_js), ("site.js", PackageResources.site_js),
        ("record.js", PackageResources.record_js), ("record-worker.js", PackageResources.record_worker_js),
        ("grade.js", PackageResources.grade_js), ("grade-worker.js", PackageResources.grade_worker_js)
    ]

    static let javaScript = "text/javascript; charset=utf-8"
    static let css = "text/css; charset=utf-8"
}
