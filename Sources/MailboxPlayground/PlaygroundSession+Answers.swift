import MailboxAnimation
import MailboxHandoff
import MailboxJSON
import MailboxReports
import MailboxScene
import MailboxScript
import MailboxSim
import MailboxText

/// The answers the page reads: each phone's screen after a message, and an export of the settings in force.
extension PlaygroundSession {
    /// `out`, its report or error tagged with the `line` message's id when `message` is a line that has one.
    static func answering(_ message: ClientMessage, _ out: [ServerMessage]) -> [ServerMessage] {
        guard case let .line(_, id?) = message else { return out }
        return out.map { $0.answering(id) }
    }

    /// Each phone's screen now: a patch of the last one when `patching` (a pointer event or a tick: the page holds
    /// the screen it answered), else whole.
    mutating func screenMessage(patching: Bool = false, historyDue: Bool = false) -> ServerMessage {
        if renders.count > phones.count { renders.removeLast(renders.count - phones.count) }
        // Phone B's clip paths are named apart from phone A's: both SVGs are in one page, where ids are the page's.
        while renders.count < phones.count {
            renders.append(PhoneView.Render(svg: SVGDocumentCache(clipPrefix: renders.isEmpty ? "clip" : "clipB")))
        }
        var answers: [ServerMessage.PhoneScreen] = []
        for i in phones.indices {
            let shown = screens.screen(of: phones, i)
            answers.append(renders[i].screen(phones[i], shown, watchingState: watchesState, patching: patching))
        }
        let first = phones[0].screen
        return .screen(
            phones: answers, time: first.now.seconds,
            animating: phones.contains { $0.screen.isAnimating },
            gesture: first.gesture?.kind.rawValue ?? "none", historyDue: historyDue)
    }

    /// The settings in force of phone A (or `phone`) as `format`: what `mailsim export FORMAT` writes for them, one
    /// file (tokens, css) or a set of files in a ZIP (swift, js: `HandoffExport.download`), at most
    /// `PlaygroundLimits.handoffBytes` either way.
    func export(_ format: ExportFormat, phone: Int?) throws(Refusal) -> ServerMessage {
        let index = phone ?? 0
        guard index < phones.count else {
            throw Refusal(message: "error: export: there is no phone B (compare first)", line: nil)
        }
        let options = HandoffOptions(generator: exportGenerator)
        let files = HandoffExport.files(format, settings: phones[index].screen.settings, options: options)
        let bytes: [UInt8]
        do throws(StoredZip.Problem) {
            bytes = try HandoffExport.download(format, files, typeName: options.typeName)
        } catch {
            throw Refusal(message: "error: export: \(error.description)", line: nil)
        }
        guard bytes.count <= PlaygroundLimits.handoffBytes else {
            throw Refusal(
                message:
                    "error: export: the \(format.rawValue) download is larger than "
                    + "\(PlaygroundLimits.handoffBytes / 1024) KiB",
                line: nil)
        }
        return .export(
            format: format.rawValue, fileName: format.downloadName(typeName: options.typeName),
            mediaType: format.mediaType, files: files.map { $0.name },
            content: format.isFileSet ? .base64(Base64.encode(bytes)) : .text(files.map { $0.text }.joined()))
    }
}
