/// `show PATH`: a property, or every property under a prefix, as `path = value` lines.
public enum PropertyReport {
    public static func lines(_ prefix: String, _ screen: MailboxState) throws(ScriptError) -> [String] {
        let paths = try matching(prefix, screen)
        let width = paths.map(\.name.count).max() ?? 0
        var lines: [String] = []
        for path in paths {
            let value: Value
            do { value = try screen.read(path) } catch { throw ScriptError(error) }
            lines.append(path.name + String(repeating: " ", count: width - path.name.count) + " = " + value.description)
        }
        return lines
    }

    /// The paths equal to `prefix` or under it (`msg1` → every msg1 property).
    static func matching(_ prefix: String, _ screen: MailboxState) throws(ScriptError) -> [PropertyPath] {
        if let exact = try? PropertyPath.parse(prefix[...]) {
            if case .message(let id, _) = exact, id.index >= screen.messageCount {
                throw ScriptError(MailboxError.noSuchMessage(id, count: screen.messageCount))
            }
        }
        if let id = MessageID(name: prefix[...].prefix { $0 != "." }), id.index >= screen.messageCount {
            throw ScriptError(MailboxError.noSuchMessage(id, count: screen.messageCount))
        }
        let candidates: [PropertyPath]
        if let id = MessageID(name: prefix[...].prefix { $0 != "." }) {
            candidates = PropertyPath.MessageField.allCases.map { .message(id, $0) }
        } else {
            candidates = PropertyPath.fixed.map(\.path)
        }
        let found = candidates.filter { $0.name == prefix || $0.name.hasPrefix(prefix + ".") }
        guard found.isEmpty else { return found }
        _ = try PropertyPath.parse(prefix[...])
        return []
    }
}
