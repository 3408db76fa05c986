/// The model's curve arithmetic as the exported Swift file carries it: the lines of
/// Sources/MailboxAnimation/CurveMath.swift between its two markers, embedded at build time (Package.swift's resource
/// `Embedded/CurveMath.swift.txt` is a link to that file), so the exported curves are the code mailsim runs.
enum EmbeddedCurveMath {
    static let begin = "// BEGIN EXPORTED CURVE MATH"
    static let end = "// END EXPORTED CURVE MATH"

    /// The lines between the markers, each indented by `indent` (nothing when a marker is missing, which the
    /// hand-off's tests catch: the exported file would then not compile).
    static func text(indent: String) -> String {
        EmbeddedRegion.text(PackageResources.CurveMath_swift_txt, begin: begin, end: end, indent: indent)
    }
}

/// The part of an embedded source file the exported Swift file carries: its lines between two marker lines.
enum EmbeddedRegion {
    /// The lines of `bytes` strictly between the first `begin` line and the last `end` line, each indented by
    /// `indent` (empty lines stay empty); nothing when a marker is missing.
    static func text(_ bytes: [UInt8], begin: String, end: String, indent: String) -> String {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { $0 == begin }),
            let last = lines.lastIndex(where: { $0 == end }), first < last
        else { return "" }
        return lines[(first + 1)..<last].map { $0.isEmpty ? "\n" : indent + $0 + "\n" }.joined()
    }
}
