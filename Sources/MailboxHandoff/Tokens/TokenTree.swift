import MailboxJSON

/// The token file's nesting: each parameter's entry put at the path its `help set` name's dots spell
/// (`threshold.left.near` → `threshold` › `left` › `near`), members in the order they were put.
///
/// A node is a token (an object with `$value`), a group (its own `$`-properties and its children), or both: should
/// one name ever be a token and also a group of longer names, the token becomes the group's `$root` (Format Module
/// 2025.10, § Groups, Root Tokens in Groups), since an object with `$value` cannot also hold tokens.
struct TokenTree {
    /// The token's members (`$type`, `$value`, `$description`, `$extensions`), when the node is a token.
    private(set) var token: [(String, JSON)]?
    /// The group's own properties (`$description`, `$extensions`).
    private(set) var properties: [(String, JSON)]
    /// The groups and tokens inside, by name.
    private(set) var children: [(String, TokenTree)]

    init(token: [(String, JSON)]? = nil, properties: [(String, JSON)] = [], children: [(String, TokenTree)] = []) {
        self.token = token
        self.properties = properties
        self.children = children
    }

    /// A token.
    static func token(_ members: [(String, JSON)]) -> TokenTree { TokenTree(token: members) }

    /// Puts `entry` at `path` under this node, merging it with what is there.
    mutating func insert(_ entry: TokenTree, at path: ArraySlice<String>) {
        guard let name = path.first else {
            merge(entry)
            return
        }
        if let index = children.firstIndex(where: { $0.0 == name }) {
            children[index].1.insert(entry, at: path.dropFirst())
        } else {
            var child = TokenTree()
            child.insert(entry, at: path.dropFirst())
            children.append((name, child))
        }
    }

    private mutating func merge(_ other: TokenTree) {
        if let token = other.token { self.token = token }
        properties += other.properties
        for (name, child) in other.children { insert(child, at: [name]) }
    }

    /// The node as the file writes it.
    var json: JSON {
        if let token, properties.isEmpty, children.isEmpty { return .object(token) }
        var members = properties
        if let token { members.append(("$root", .object(token))) }
        for (name, child) in children { members.append((name, child.json)) }
        return .object(members)
    }
}
