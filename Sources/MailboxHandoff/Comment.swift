/// Comments of the exported code: text wrapped at 100 columns behind a prefix (`// `, `/// `, ` * `).
enum Comment {
    static let width = 100

    /// `text` as `///` lines at `indent`.
    static func doc(_ text: String, indent: String) -> String { wrap(text, prefix: indent + "/// ") }

    /// `text` wrapped behind `prefix`, a line of its own for each of its lines; a line that starts with blanks
    /// (code in an example) is kept as it is, and an empty line stays empty (the prefix without its blank).
    static func wrap(_ text: String, prefix: String) -> String {
        var out = ""
        let bare = String(prefix.reversed().drop { $0 == " " }.reversed())
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty {
                out += bare + "\n"
                continue
            }
            if line.first == " " {
                out += prefix + line + "\n"
                continue
            }
            var current = ""
            for word in line.split(separator: " ") {
                if !current.isEmpty && prefix.count + current.count + 1 + word.count > width {
                    out += prefix + current + "\n"
                    current = ""
                }
                current += current.isEmpty ? String(word) : " " + word
            }
            out += prefix + current + "\n"
        }
        return out
    }
}
