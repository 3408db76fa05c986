import MailboxScript
import MailboxSim

/// Every export: the settings in force rendered as the format asks, a file or a set of files.
public enum HandoffExport {
    /// The files of `format` for `settings`: one for tokens and css; for swift and js a set (`ExportFormat.isFileSet`)
    /// whose first file is the one an app imports (`fileName`), each file at most `HandoffExport.longestFile` lines.
    public static func files(
        _ format: HandoffFormat, settings: Settings, options: HandoffOptions = HandoffOptions()
    ) -> [HandoffFile] {
        let interaction = Interaction(settings: settings)
        switch format {
        case .swift: return SwiftExport(interaction, options).files
        case .js: return JavaScriptExport(interaction, options).files
        case .tokens:
            return [
                HandoffFile(name: format.fileName(typeName: options.typeName), text: DesignTokens(interaction).json)
            ]
        case .css:
            return [
                HandoffFile(name: format.fileName(typeName: options.typeName), text: CSSProperties(interaction).text)
            ]
        }
    }

    /// What `mailsim export FORMAT` prints without -o: the files one after another, a blank line apart, each
    /// starting with its own first comment line naming it (a file of tokens or CSS is its text alone). The Swift
    /// set printed so still compiles as one file; the ES modules printed so are for reading (they import each other).
    public static func render(
        _ format: HandoffFormat, settings: Settings, options: HandoffOptions = HandoffOptions()
    ) -> String {
        files(format, settings: settings, options: options).map { $0.text }.joined(separator: "\n")
    }

    /// What the page downloads of `files`, an export of `format` for the type `typeName`, named
    /// `format.downloadName(typeName:)`: the one file as it is for tokens and css; for a set, a store-only ZIP
    /// (`StoredZip`) whose files sit in one folder named as the archive (`MailboxInteraction/MailboxInteraction.swift`,
    /// …), which every unzipper gives back as one folder to add to a project.
    public static func download(
        _ format: HandoffFormat, _ files: [HandoffFile], typeName: String = HandoffOptions.defaultTypeName
    ) throws(StoredZip.Problem) -> [UInt8] {
        guard format.isFileSet else { return Array(files.map { $0.text }.joined().utf8) }
        let folder = String(format.downloadName(typeName: typeName).dropLast(".zip".count))
        return try StoredZip.archive(files.map { (path: "\(folder)/\($0.name)", bytes: Array($0.text.utf8)) })
    }

    /// The most lines a file of code an export writes has (none is over 400 lines), which tests hold.
    public static let longestFile = 400
}
