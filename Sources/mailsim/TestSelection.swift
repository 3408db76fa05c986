import MailboxText

/// Which scripts a `mailsim test` call runs: every `.mbs` under its paths (sorted, as `FileSystem.scripts`
/// lists them), those whose path matches `--filter`, then the part `--shard` names. A path that cannot be
/// searched is kept as a problem to report.
struct TestSelection {
    /// One line of the report: a script to run, or a path that could not be searched.
    enum Item: Sendable, Equatable {
        case script(String)
        case unreadable(path: String, message: String)

        var path: String {
            switch self {
            case .script(let path), .unreadable(let path, _): path
            }
        }
    }

    let items: [Item]

    /// A failure to read `--filter`.
    struct BadPattern: Error {
        let message: String
    }

    /// The selection of `options`; `--filter` must already have been checked.
    init(_ options: TestOptions) {
        var items: [Item] = []
        for path in options.paths {
            do {
                items += try FileSystem.scripts(under: path).map(Item.script)
            } catch {
                items.append(.unreadable(path: path, message: error.message))
            }
        }
        self.init(items, filter: options.filter, shard: options.shard)
    }

    /// `items` narrowed by the filter and the shard (a path that could not be searched is kept in the first
    /// shard only, so a CI matrix reports it once).
    init(_ items: [Item], filter: String?, shard: Shard?) {
        var selected = items
        if let filter, let regex = try? TestSelection.regex(filter) {
            selected = selected.filter { item in
                guard case .script(let path) = item else { return true }
                return (try? regex.firstMatch(in: path)) != nil
            }
        }
        if let shard {
            var scripts = 0
            selected = selected.filter { item in
                guard case .script = item else { return shard.index == 1 }
                defer { scripts += 1 }
                return scripts % shard.count == shard.index - 1
            }
        }
        self.items = selected
    }

    /// `--filter`'s pattern compiled, or why it is not a regular expression.
    static func regex(_ pattern: String) throws(BadPattern) -> Regex<AnyRegexOutput> {
        do {
            return try Regex(pattern)
        } catch {
            throw BadPattern(message: "--filter: \(quoted(pattern)) is not a regular expression (\(error))")
        }
    }
}
