/// A file of Sources/MailboxHandoff/Templates, code of the exported file's own language as it sits: the lines
/// between its `BEGIN TEMPLATE` and `END TEMPLATE` marker lines, with each marker `__name__` (a valid identifier in
/// Swift and JavaScript, so the file parses as it is) filled from a dictionary. A line that is only `// __name__`
/// takes a block of lines; a marker anywhere else takes one line's worth of text.
struct Template {
    /// The file's name, for the errors.
    let name: String
    /// The file as it is.
    let text: String

    static let begin = "// BEGIN TEMPLATE"
    static let end = "// END TEMPLATE"

    init(_ name: String, _ bytes: [UInt8]) {
        self.name = name
        self.text = String(decoding: bytes, as: UTF8.self)
    }

    /// Why a template cannot be filled: a marker no value fills, a value no marker takes, a block where one line
    /// goes, or a file without its TEMPLATE markers.
    struct Problem: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// The names of the markers the template holds, in the order they first appear.
    var markers: [String] {
        var names: [String] = []
        for line in body ?? [] {
            for marker in Self.markers(in: line) where !names.contains(marker) { names.append(marker) }
        }
        return names
    }

    /// The template's lines between its markers, filled from `values`; every marker must have a value and every
    /// value a marker.
    func filled(_ values: [String: String]) throws(Problem) -> String {
        guard let body else { throw Problem(description: "\(name): no \(Self.begin) … \(Self.end) lines") }
        var out = ""
        var used: Set<String> = []
        for line in body {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("// __"), let only = Self.markers(in: line).first, trimmed == "// __\(only)__" {
                guard let block = values[only] else { throw Problem(description: "\(name): no value for __\(only)__") }
                used.insert(only)
                out += block
                continue
            }
            var filledLine = ""
            for piece in Self.pieces(of: line) {
                guard piece.isMarker else {
                    filledLine += piece.text
                    continue
                }
                guard let value = values[piece.text] else {
                    throw Problem(description: "\(name): no value for __\(piece.text)__")
                }
                guard !value.contains("\n") else {
                    throw Problem(
                        description: "\(name): __\(piece.text)__ takes a block, so it must be a line of its own")
                }
                used.insert(piece.text)
                filledLine += value
            }
            out += filledLine + "\n"
        }
        let unused = Set(values.keys).subtracting(used).sorted()
        guard unused.isEmpty else {
            throw Problem(description: "\(name): no marker for \(unused.map { "__\($0)__" }.joined(separator: ", "))")
        }
        return out
    }

    /// `filled`, for the templates the exports fill: a problem there is the hand-off's own mistake, which every
    /// export's tests meet at once (TemplateTests renders every export that fills them).
    func filledOrStop(_ values: [String: String]) -> String {
        do { return try filled(values) } catch { fatalError(error.description) }
    }

    /// The lines strictly between the first begin line and the last end line; nil without them.
    private var body: [Substring]? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { $0 == Self.begin }),
            let last = lines.lastIndex(where: { $0 == Self.end }), first < last
        else { return nil }
        return Array(lines[(first + 1)..<last])
    }

    /// The names of the `__name__` markers of `line`.
    static func markers(in line: Substring) -> [String] {
        pieces(of: line).filter { $0.isMarker }.map { $0.text }
    }

    /// `line` as text and markers in turn (a marker's text is its name): a marker is two underscores, a letter,
    /// letters and digits, two underscores.
    static func pieces(of line: Substring) -> [(text: String, isMarker: Bool)] {
        var pieces: [(text: String, isMarker: Bool)] = []
        let scalars = Array(line.unicodeScalars)
        var plain = 0
        var i = 0
        while i + 4 < scalars.count {
            guard scalars[i] == "_", scalars[i + 1] == "_", isLetter(scalars[i + 2]) else {
                i += 1
                continue
            }
            var j = i + 2
            while j < scalars.count, isLetter(scalars[j]) || ("0"..."9").contains(scalars[j]) { j += 1 }
            if j + 1 < scalars.count, scalars[j] == "_", scalars[j + 1] == "_" {
                if plain < i { pieces.append((text(scalars[plain..<i]), false)) }
                pieces.append((text(scalars[(i + 2)..<j]), true))
                i = j + 2
                plain = i
            } else {
                i = j
            }
        }
        if plain < scalars.count { pieces.append((text(scalars[plain...]), false)) }
        return pieces
    }

    private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars)
        return String(out)
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}

extension Template {
    /// The exported Swift set's decisions, types, rules and curves; the ES modules' decisions and curves.
    static let swiftDecisions = Template("Decisions.swift", PackageResources.Decisions_swift_txt)
    static let swiftTypes = Template("Types.swift", PackageResources.Types_swift_txt)
    static let swiftRules = Template("Rules.swift", PackageResources.Rules_swift_txt)
    static let swiftCurves = Template("Curves.swift", PackageResources.Curves_swift_txt)
    static let jsDecisions = Template("decisions.js", PackageResources.decisions_js_txt)
    static let jsCurves = Template("curves.js", PackageResources.curves_js_txt)

    /// Every template, each a file of Templates/ (TemplateTests holds the two lists equal).
    static let all = [swiftDecisions, swiftTypes, swiftRules, swiftCurves, jsDecisions, jsCurves]
}
