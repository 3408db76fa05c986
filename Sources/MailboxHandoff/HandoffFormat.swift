import MailboxScript
import MailboxSim

/// What `mailsim export FORMAT` writes: the settings in force as code or as design tokens. The formats (their
/// names and `summary`) are the script language's `ExportFormat`, named once there for `export FORMAT FILE`'s
/// parsing, help and completion; this is the same type, with what writing a file of each takes.
public typealias HandoffFormat = ExportFormat

extension ExportFormat {
    /// The file an app imports: the only file of tokens and css (`mailbox-interaction.tokens.json`,
    /// `mailbox-interaction.css`), the first of the Swift and JavaScript sets (`MailboxInteraction.swift`, the
    /// parameters; `mailbox-interaction.mjs`, the module that exports everything the others do).
    public func fileName(typeName: String = HandoffOptions.defaultTypeName) -> String {
        switch self {
        case .swift: "\(typeName).swift"
        case .js: "\(HandoffOptions.kebabCase(typeName)).mjs"
        case .tokens: "\(HandoffOptions.kebabCase(typeName)).tokens.json"
        case .css: "\(HandoffOptions.kebabCase(typeName)).css"
        }
    }

    /// What the page downloads: the file of tokens and css, a store-only ZIP of a set's files
    /// (`MailboxInteraction.zip`, `mailbox-interaction.zip`).
    public func downloadName(typeName: String = HandoffOptions.defaultTypeName) -> String {
        switch self {
        case .swift: "\(typeName).zip"
        case .js: "\(HandoffOptions.kebabCase(typeName)).zip"
        case .tokens, .css: fileName(typeName: typeName)
        }
    }

    /// The media type a server answers the download with.
    public var mediaType: String {
        switch self {
        case .swift, .js: "application/zip"
        // The Design Tokens Format Module 2025.10, § File format: token files SHOULD be served as this.
        case .tokens: "application/design-tokens+json"
        case .css: "text/css; charset=utf-8"
        }
    }
}

/// How an export is named and labelled: the Swift type (and the JavaScript file's stem), and the line that says
/// which program wrote it.
public struct HandoffOptions: Equatable, Sendable {
    /// The enum the Swift file declares (`MailboxInteraction`); a Swift and JavaScript identifier.
    public var typeName: String
    /// `mailsim 0.1.0`: the program and version the file's first comment names (no date: an export of the same
    /// settings is the same bytes).
    public var generator: String

    public static let defaultTypeName = "MailboxInteraction"

    public init(typeName: String = HandoffOptions.defaultTypeName, generator: String = "mailsim") {
        self.typeName = typeName
        self.generator = generator
    }

    /// Why `name` cannot name the exported type, or nil: it must be an ASCII identifier that starts with a letter,
    /// is no keyword of Swift or JavaScript (so it compiles unchanged in both), and no name of Swift's standard
    /// library or of a module an app imports (which the type would shadow).
    public static func problem(withTypeName name: String) -> String? {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else {
            return "'\(name)' is not a type name: it must start with a letter"
        }
        guard
            name.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
            })
        else {
            return "'\(name)' is not a type name: use letters, digits and _ only"
        }
        guard name.utf8.count <= 64 else { return "'\(name)' is not a type name: at most 64 characters" }
        if reserved.contains(name) { return "'\(name)' is a keyword of Swift or JavaScript: choose another type name" }
        if StandardLibraryNames.declared.contains(name) {
            return "'\(name)' is a name of Swift's standard library: the type would shadow it in the app; "
                + "choose another type name"
        }
        if StandardLibraryNames.modules.contains(name) {
            return "'\(name)' is the name of a module an app imports: the type would hide it; choose another type name"
        }
        return nil
    }

    /// Swift's and JavaScript's keywords and the names the exported file itself declares.
    static let reserved: Set<String> = [
        "Any", "Self", "Type", "Protocol", "associatedtype", "class", "deinit", "enum", "extension", "fileprivate",
        "func", "import", "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
        "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "as", "false", "is", "nil", "self", "super", "throws", "true",
        "try", "await", "const", "debugger", "delete", "export", "extends", "finally", "function", "instanceof",
        "new", "null", "this", "typeof", "void", "with", "yield", "implements", "interface", "package", "protected",
        "arguments", "eval", "undefined", "NaN", "Infinity", "Math", "Object", "Double", "Int", "Bool", "String",
        "Color", "Curve", "Motion", "Zone", "Icon", "Outcome", "Release", "Spring", "Bezier"
    ]

    /// `MailboxInteraction` → `mailbox-interaction`.
    public static func kebabCase(_ name: String) -> String {
        var out = ""
        var previousWasLower = false
        for scalar in name.unicodeScalars {
            let isUpper = scalar.properties.isUppercase
            if isUpper && previousWasLower { out += "-" }
            out += scalar.properties.lowercaseMapping
            previousWasLower = !isUpper && scalar != "_"
        }
        return out.replacingUnderscores()
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}
