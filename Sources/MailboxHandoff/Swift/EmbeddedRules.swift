/// The model's gesture rules as the exported Swift file carries them: the lines of each file of
/// Sources/MailboxSim/Rules between its two markers, embedded at build time (Package.swift's resources
/// `Embedded/*Rule.swift.txt` are links to those files), so the exported decisions are the code the reducer runs.
enum EmbeddedRules {
    static let begin = "// BEGIN EXPORTED RULE"
    static let end = "// END EXPORTED RULE"

    /// Each rule file's name and bytes, in the order the exported file carries them.
    static let files: [(name: String, bytes: [UInt8])] = [
        ("ZoneRule", PackageResources.ZoneRule_swift_txt), ("ElasticRule", PackageResources.ElasticRule_swift_txt),
        ("IconRule", PackageResources.IconRule_swift_txt), ("HapticRule", PackageResources.HapticRule_swift_txt),
        ("ReleaseRule", PackageResources.ReleaseRule_swift_txt), ("MenuRule", PackageResources.MenuRule_swift_txt),
        ("UndoRule", PackageResources.UndoRule_swift_txt)
    ]

    /// Every rule file's lines between its markers, each indented by `indent`, the files a blank line apart
    /// (a file whose markers are missing gives nothing, which the hand-off's tests catch: the exported file would
    /// then not compile).
    static func text(indent: String) -> String {
        files.map { EmbeddedRegion.text($0.bytes, begin: begin, end: end, indent: indent) }.joined(separator: "\n")
    }
}
