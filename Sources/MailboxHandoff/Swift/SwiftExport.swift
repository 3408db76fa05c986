/// The Swift file (being written).
struct SwiftExport {
    let interaction: Interaction
    let options: HandoffOptions
    init(_ interaction: Interaction, _ options: HandoffOptions) {
        self.interaction = interaction
        self.options = options
    }
    var text: String { "" }
}
