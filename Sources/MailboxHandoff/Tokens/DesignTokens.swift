/// The parameters as Design Tokens Community Group JSON (being written).
struct DesignTokens {
    let interaction: Interaction
    init(_ interaction: Interaction) { self.interaction = interaction }
    var json: String { "{}\n" }
}
