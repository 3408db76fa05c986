/// The parameters as CSS custom properties (being written).
struct CSSProperties {
    let interaction: Interaction
    init(_ interaction: Interaction) { self.interaction = interaction }
    var text: String { ":root {}\n" }
}
