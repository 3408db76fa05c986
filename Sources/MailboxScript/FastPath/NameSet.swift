/// One of the fixed sets of names a path's value is (its icons, folders, phases…): the value type, and the names'
/// spellings, by which the fast reader finds a name written. A class, made once: handing it over is one reference.
final class NameSet: Sendable {
    let type: ValueType
    let names: [String]
    let spellings: SpellingTable

    init(_ names: [String]) {
        type = .name(names)
        self.names = names
        spellings = SpellingTable(names)
    }
}
