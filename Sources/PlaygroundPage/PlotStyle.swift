import MailboxScene

extension PlaygroundPage {
    /// The property plots' style sheet (`GET /plots.css`): the HTML player's (`PropertyPlots.css`), so the charts
    /// of `history` look as they do in a walkthrough, from one text.
    public static var plotStyle: String { PropertyPlots.css }
}
