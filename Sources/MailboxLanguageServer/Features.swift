import MailboxAnimation
import MailboxJSON
import MailboxReports
import MailboxScene
import MailboxScript
import MailboxSim
import MailboxText

/// An LSP diagnostic: a run's diagnostic placed on its line at the word at fault, with `mailsim run`'s words.
public struct EditorDiagnostic: Equatable, Sendable {
    public var range: TextRange
    /// 1 error, 2 warning, 3 information, 4 hint.
    public var severity: Int
    /// What `mailsim run` prints after `FILE:LINE: `.
    public var message: String
    /// `error`, `expect`, `refused`, `bound`.
    public var code: String

    var json: JSON {
        .object([
            ("range", range.json), ("severity", .int(severity)), ("source", .string("mailsim")),
            ("code", .string(code)), ("message", .string(message))
        ])
    }
}

/// What the server answers, read from an `Analysis`.
public enum Features {

    // MARK: Diagnostics

    /// Every diagnostic of the run, in line order, and one at the bound when the run stopped at it.
    public static func diagnostics(_ analysis: Analysis) -> [EditorDiagnostic] {
        var out: [EditorDiagnostic] = []
        for (index, line) in analysis.info.enumerated() {
            for diagnostic in line.diagnostics { out.append(editorDiagnostic(diagnostic, line: index, analysis)) }
        }
        // The lines the run did not reach (after an error, or the bound): what cannot even be read is said
        // there too, in the same words (the first ones only, so that a huge file stays quick).
        let unrun = analysis.info.count..<min(analysis.lines.count, analysis.info.count + 20_000)
        for index in unrun {
            do throws(ScriptError) {
                _ = try Parser.parse(analysis.lines[index][...])
            } catch {
                let diagnostic = Diagnostic(file: analysis.file, line: index + 1, kind: .error(error))
                out.append(editorDiagnostic(diagnostic, line: index, analysis))
            }
        }
        if case .bound(let line, let reason)? = analysis.stop {
            let index = min(line, max(0, analysis.lines.count - 1))
            out.append(
                EditorDiagnostic(
                    range: TextRange(line: index, from: 0, to: 0), severity: 2,
                    message: "not run from here: \(reason) (mailsim run runs it all)", code: "bound"))
        }
        return out
    }

    /// What a run paused a window past a change shows (`RunStop.paused`): its own diagnostics for the lines it ran,
    /// and past them what the editor showed before (`shown`, for the text `shownLines`), moved by the lines the
    /// change added or removed, until the rest has run. Lines of the old text inside the change carry nothing.
    public static func diagnostics(
        _ analysis: Analysis, carrying shown: [EditorDiagnostic], from shownLines: LineStore
    ) -> [EditorDiagnostic] {
        var out: [EditorDiagnostic] = []
        for (index, line) in analysis.info.enumerated() {
            for diagnostic in line.diagnostics { out.append(editorDiagnostic(diagnostic, line: index, analysis)) }
        }
        let new = analysis.lines
        let suffix = new.commonSuffix(with: shownLines)
        let moved = new.count - shownLines.count
        for var diagnostic in shown where diagnostic.range.start.line >= shownLines.count - suffix {
            diagnostic.range.start.line += moved
            diagnostic.range.end.line += moved
            if diagnostic.range.start.line >= analysis.info.count { out.append(diagnostic) }
        }
        return out
    }

    static func editorDiagnostic(_ diagnostic: Diagnostic, line index: Int, _ analysis: Analysis) -> EditorDiagnostic {
        let text = index < analysis.lines.count ? analysis.lines[index] : ""
        let columns = FaultRange.columns(of: diagnostic.kind, in: text)
        let severity: Int
        let code: String
        switch diagnostic.kind {
        case .failed(.expectation): (severity, code) = (1, "expect")
        case .failed(.unexpectedSuccess): (severity, code) = (1, "not-refused")
        case .error, .unreadable: (severity, code) = (1, "error")
        case .refusedAsExpected: (severity, code) = (4, "refused")
        }
        return EditorDiagnostic(
            range: TextRange(line: index, from: columns.lowerBound, to: columns.upperBound),
            severity: severity, message: diagnostic.message, code: code)
    }

    // MARK: Hover

    /// On a command name, its help; on any line that ran, the state after it (virtual time, what the line
    /// changed, an `expect`'s value) and a picture of the screen after it.
    public static func hover(_ analysis: Analysis, at position: Position, pictures: Server.HoverPictures) -> JSON? {
        guard position.line < analysis.lines.count else { return nil }
        let text = analysis.lines[position.line]
        let tokens = (try? Lexer.tokens(text[...])) ?? []
        var sections: [String] = []
        let command = tokens.first.map { $0.text == "!" && tokens.count > 1 ? tokens[1] : $0 }
        let under = tokens.first { token in
            let from = Document.utf16Offset(text, token.text.startIndex)
            let to = Document.utf16Offset(text, token.text.endIndex)
            return position.character >= from && position.character <= to
        }
        if let command, let under, under.text == command.text, let spec = CommandTable.spec(named: command.text) {
            sections.append("```\n" + HelpText.lines(.command(spec)).map(\.text).joined(separator: "\n") + "\n```")
        }
        let number = position.line + 1
        if let state = state(analysis, afterLine: number, tokens: tokens) {
            sections.append(state)
        } else if number > analysis.info.count {
            sections.append("*Not run: " + notRun(analysis) + "*")
        }
        if pictures == .dataURI, number <= analysis.info.count, !tokens.isEmpty,
            let session = analysis.session(after: number)
        {
            sections.append(picture(session, line: number))
        }
        guard !sections.isEmpty else { return nil }
        return .object([
            (
                "contents",
                .object([
                    ("kind", .string("markdown")),
                    ("value", .string(sections.joined(separator: "\n\n---\n\n")))
                ])
            )
        ])
    }

    static func notRun(_ analysis: Analysis) -> String {
        switch analysis.stop {
        case .script(let line)?: "the script stops at line \(line)"
        case .bound(let line, let reason)?: "the editor stopped after line \(line): \(reason)"
        case .cancelled?, .paused?, nil: "not run yet"
        }
    }

    /// `**after line 3** · 0.600s` and the values the line changed (`msg1.x = -180`, `msg1.background = yellow`),
    /// and an `expect`'s path value.
    static func state(_ analysis: Analysis, afterLine number: Int, tokens: [Token]) -> String? {
        guard number <= analysis.info.count, !tokens.isEmpty, let after = analysis.session(after: number),
            let before = analysis.session(after: number - 1)
        else { return nil }
        var lines = ["**after line \(number)** · time \(after.screen.now.fixedSeconds)s"]
        if let release = analysis.info[number - 1].release { lines[0] += " · released: \(release.summary)" }
        let changed = changes(from: before.screen, to: after.screen)
        if !changed.isEmpty {
            lines.append(
                changed.prefix(12).map { "`\($0.0) = \($0.1)`" }.joined(separator: ", ")
                    + (changed.count > 12 ? " … (\(changed.count - 12) more)" : ""))
        }
        let command = tokens.first?.text == "!" ? Array(tokens.dropFirst()) : tokens
        if command.first?.text == "expect" || command.first?.text == "show", command.count >= 2,
            let path = try? PropertyPath.parse(command[1].text), let value = try? after.screen.read(path)
        {
            lines.append("`\(path.name)` is `\(value.precise)` here")
        }
        return lines.joined(separator: "  \n")
    }

    /// Every property whose value the line changed, as `path = value`.
    static func changes(from before: MailboxState, to after: MailboxState) -> [(String, String)] {
        var out: [(String, String)] = []
        for path in PropertyPath.all(messageCount: after.messageCount) {
            if case .time = path { continue }
            guard let new = try? after.read(path) else { continue }
            let old = before.messageCount == after.messageCount ? try? before.read(path) : nil
            if old != new { out.append((path.name, new.precise)) }
        }
        return out
    }

    /// The screen after line `number` as an SVG in a data: URI (what `snapshot FILE.svg` draws).
    static func picture(_ session: Session, line number: Int) -> String {
        let svg = SVGWriter.document(Scene(screen: session.screen.snapshot()))
        return "![the screen after line \(number)](data:image/svg+xml;base64,\(Base64.encode(Array(svg.utf8))))"
    }

    // MARK: Completion

    /// The REPL's completer on the text before the cursor, on the screen as it is before the line.
    public static func completion(_ analysis: Analysis, at position: Position) -> JSON {
        guard position.line < analysis.lines.count else { return .array([]) }
        let text = analysis.lines[position.line]
        let before = Document.prefix(text, utf16: position.character)
        let session = analysis.session(after: min(position.line, analysis.info.count)) ?? Analysis.freshSession()
        let found = Completer.complete(before, session: session)
        let wordStart = position.character - found.word.utf16.count
        let range = TextRange(
            line: position.line, from: max(0, wordStart), to: Document.utf16Offset(before, before.endIndex))
        let items: [JSON] = found.candidates.enumerated().map { index, candidate in
            var item: [(String, JSON)] = [
                ("label", .string(candidate)),
                ("sortText", .string(String(1000 + index))),
                ("textEdit", .object([("range", range.json), ("newText", .string(candidate))]))
            ]
            if let spec = CommandTable.spec(
                named: candidate.hasPrefix("!") ? String(candidate.dropFirst()) : candidate),
                found.word == before.trimmingLeadingBlanks || before.trimmingLeadingBlanks.isEmpty
            {
                item.append(("kind", .int(14)))
                item.append(("detail", .string(spec.synopsis)))
            } else {
                item.append(("kind", .int(12)))
            }
            return .object(item)
        }
        return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
    }

    // MARK: Inlay hints

    /// After each line that acts, the virtual time (`0.300s`); after a `release`, what it set off.
    public static func inlayHints(_ analysis: Analysis, lines: Range<Int>) -> [JSON] {
        var out: [JSON] = []
        for index in lines.clamped(to: 0..<min(analysis.info.count, analysis.lines.count)) {
            let info = analysis.info[index]
            guard info.acted else { continue }
            var label = info.time.fixedSeconds + "s"
            if let release = info.release { label += " → " + release.shortName }
            let end = analysis.lines[index].utf16.count
            out.append(
                .object([
                    ("position", Position(line: index, character: end).json), ("label", .string(label)),
                    ("kind", .int(1)), ("paddingLeft", .bool(true))
                ]))
        }
        return out
    }

    // MARK: Code actions

    /// On a failed `expect`, the `--update` rewrite of that line; on an error with a "did you mean", the fix;
    /// on any line that ran, "pin the state here".
    public static func codeActions(_ analysis: Analysis, uri: String, range: TextRange) -> [JSON] {
        var out: [JSON] = []
        let first = min(range.start.line, range.end.line)
        let last = min(max(range.start.line, range.end.line), analysis.info.count - 1, analysis.lines.count - 1)
        guard first <= last else { return [] }
        for index in first...last {
            let text = analysis.lines[index]
            for diagnostic in analysis.info[index].diagnostics {
                let shown = editorDiagnostic(diagnostic, line: index, analysis)
                switch diagnostic.kind {
                case .failed(.expectation(_, let actual)):
                    let single = Diagnostic(file: diagnostic.file, line: 1, kind: diagnostic.kind)
                    let update = ExpectationUpdate(source: Array(text.utf8), failures: [single])
                    guard let change = update.changes.first else { continue }
                    let newText = String(decoding: update.text, as: UTF8.self)
                    out.append(
                        action(
                            "Set the expected value to what happens (\(shortened(actual.scriptText)))",
                            kind: "quickfix",
                            uri: uri, edit: TextRange(line: index, from: 0, to: text.utf16.count), newText: newText,
                            diagnostic: shown, preferred: true, detail: change.new))
                case .error(let error):
                    guard let (word, replacement) = FaultRange.suggestion(of: error) else { continue }
                    let columns = shown.range
                    guard Document.prefix(text, utf16: columns.end.character).hasSuffix(word) else { continue }
                    out.append(
                        action(
                            "Change \(quoted(word)) to '\(replacement)'", kind: "quickfix", uri: uri,
                            edit: columns, newText: replacement, diagnostic: shown, preferred: true))
                default:
                    continue
                }
            }
        }
        let line = first
        // Not on a line that stopped the script: its state is the one before it.
        if line < analysis.info.count, !analysis.info[line].diagnostics.contains(where: \.isError),
            let session = analysis.session(after: line + 1)
        {
            let pinned = session.pinnedExpectations()
            let insert = Position(line: line, character: analysis.lines[line].utf16.count)
            out.append(
                action(
                    "Pin the state here (\(pinned.count) expect lines)", kind: "refactor.rewrite", uri: uri,
                    edit: TextRange(insert, insert), newText: pinned.map { "\n" + $0 }.joined(),
                    diagnostic: nil, preferred: false))
        }
        return out
    }

    private static func action(
        _ title: String, kind: String, uri: String, edit range: TextRange, newText: String,
        diagnostic: EditorDiagnostic?, preferred: Bool, detail: String? = nil
    ) -> JSON {
        var members: [(String, JSON)] = [("title", .string(title)), ("kind", .string(kind))]
        if let diagnostic { members.append(("diagnostics", .array([diagnostic.json]))) }
        if preferred { members.append(("isPreferred", .bool(true))) }
        members.append(
            (
                "edit",
                .object([
                    (
                        "changes",
                        .object([
                            (
                                uri,
                                .array([
                                    .object([("range", range.json), ("newText", .string(newText))])
                                ])
                            )
                        ])
                    )
                ])
            ))
        return .object(members)
    }

    // MARK: Definition and outline

    /// `load FILE`: FILE, beside the script, when it is a regular file (an editor may hang opening a FIFO or a
    /// device such as /dev/zero, so nothing else is offered; the file is looked at with `stat`, not opened).
    public static func definition(_ analysis: Analysis, uri: String, at position: Position) -> JSON? {
        guard position.line < analysis.lines.count else { return nil }
        let tokens = (try? Lexer.tokens(analysis.lines[position.line][...])) ?? []
        guard tokens.count >= 2, tokens[0].text == "load" else { return nil }
        let name = String(tokens[1].text)
        let path: String
        if name.hasPrefix("/") {
            path = name
        } else {
            guard let own = FileURI.path(uri) else { return nil }
            let folder = own.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            path = folder + "/" + name
        }
        guard FileURI.isRegularFile(path) else { return nil }
        let start = Position(line: 0, character: 0)
        return .object([("uri", .string(FileURI.uri(path))), ("range", TextRange(start, start).json)])
    }

    /// The script's sections (whole-line `#` comments) and, in each, its gestures (from the first line that moves a
    /// finger to the one that lifts it, as the command table's traits say) and accessibility actions.
    public static func documentSymbols(_ analysis: Analysis) -> [JSON] {
        var sections: [(name: String, start: Int, end: Int, children: [JSON])] = []
        var loose: [JSON] = []
        var gesture: (name: String, start: Int)?
        func add(_ symbol: JSON) {
            if sections.isEmpty { loose.append(symbol) } else { sections[sections.count - 1].children.append(symbol) }
        }
        func close(at end: Int, outcome: String?) {
            guard let open = gesture else { return }
            let name = open.name + (outcome.map { " → " + $0 } ?? "")
            add(symbol(name, kind: 24, from: open.start, to: end, analysis))
            gesture = nil
        }
        for (index, text) in analysis.lines.enumerated() {
            let trimmed = text.trimmingLeadingBlanks
            if trimmed.hasPrefix("#") {
                let title = trimmed.drop { $0 == "#" || $0 == " " }
                guard !title.isEmpty, !sections.contains(where: { $0.start == index }) else { continue }
                close(at: max(0, index - 1), outcome: nil)
                if !sections.isEmpty {
                    sections[sections.count - 1].end = max(sections[sections.count - 1].start, index - 1)
                }
                sections.append((String(title), index, index, []))
                continue
            }
            guard let tokens = try? Lexer.tokens(text[...]), let first = tokens.first else { continue }
            if !sections.isEmpty { sections[sections.count - 1].end = index }
            guard let traits = CommandTable.spec(named: first.text)?.traits else { continue }
            let line = tokens.map { String($0.text) }.joined(separator: " ")
            if traits.contains(.movesFinger), gesture == nil { gesture = (line, index) }
            if traits.contains(.liftsFinger) {
                let outcome = index < analysis.info.count ? analysis.info[index].release?.shortName : nil
                if gesture == nil { gesture = (String(first.text), index) }
                close(at: index, outcome: outcome)
            }
            if traits.contains(.outlined) { add(symbol(line, kind: 24, from: index, to: index, analysis)) }
        }
        close(at: max(0, analysis.lines.count - 1), outcome: nil)
        let top = sections.map { section in
            symbol(section.name, kind: 3, from: section.start, to: section.end, analysis, children: section.children)
        }
        return loose + top
    }

    private static func symbol(
        _ name: String, kind: Int, from: Int, to: Int, _ analysis: Analysis, children: [JSON] = []
    ) -> JSON {
        let end = to < analysis.lines.count ? analysis.lines[to].utf16.count : 0
        let range = TextRange(Position(line: from, character: 0), Position(line: to, character: end))
        let selection = TextRange(
            line: from, from: 0, to: from < analysis.lines.count ? analysis.lines[from].utf16.count : 0)
        var members: [(String, JSON)] = [
            ("name", .string(shortened(name))), ("kind", .int(kind)),
            ("range", range.json), ("selectionRange", selection.json)
        ]
        if !children.isEmpty { members.append(("children", .array(children))) }
        return .object(members)
    }
}

extension GestureOutcome {
    /// What an inlay hint says after `release`: `reschedule`, `archive`, `snap back`, `menu opens`.
    var shortName: String {
        switch self {
        case .row(.snapBack): "snap back"
        case .row(.options(let kind)): kind.rawValue
        case .row(.hide(let folder)): folder == .trash ? "delete" : folder.rawValue
        case .menu(let opening): opening ? "menu opens" : "menu closes"
        }
    }
}

extension String {
    var trimmingLeadingBlanks: String { String(drop { $0 == " " || $0 == "\t" }) }
}
