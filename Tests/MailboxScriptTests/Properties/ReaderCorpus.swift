import Foundation
import MailsimTestSupport

@testable import MailboxScript
@testable import MailboxSim

/// The lines the readers are compared on: every line of `Scripts/`, the lines of the fuzz corpus
/// (`Fuzz/regressions/`: its scripts, and the lines its choice files make the generators write), and seeded
/// random lines built from the language's words, the fuzz dictionary's, numbers, quotes, tabs and odd characters.
enum ReaderCorpus {
    /// Every line of every acceptance script.
    static let scriptLines: [String] = ScriptSuiteTests.scripts.flatMap { name -> [String] in
        let url = ScriptSuiteTests.scriptsFolder.appendingPathComponent(name)
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.trimmingSuffix("\r")) }
    }

    /// The lines of the fuzz corpus: a script's lines as written (those that are UTF-8), and for a file of
    /// choices, the lines the command generator (or the hostile one) writes from them, as the fuzz target runs them.
    static let fuzzLines: [String] = FuzzRegressionTests.inputs.flatMap { name -> [String] in
        let url = FuzzRegressionTests.folder.appendingPathComponent(name)
        guard let bytes = try? [UInt8](Data(contentsOf: url)) else { return [] }
        switch bytes.first {
        case 0:
            var generator = CommandGenerator(random: SeededRandom(bytes: Array(bytes.dropFirst())))
            return generatedLines(steps: bytes.count / 8 + 1) { generator.next(for: $0) }
        case 1:
            var generator = HostileGenerator(random: SeededRandom(bytes: Array(bytes.dropFirst())))
            return generatedLines(steps: bytes.count / 8 + 1) { generator.next(for: $0) }
        default:
            return bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).compactMap {
                String(validating: $0, as: UTF8.self).map { String($0[...].trimmingSuffix("\r")) }
            }
        }
    }

    /// Runs `steps` generated lines through a session (so the generator sees the screen they make) and keeps them.
    private static func generatedLines(steps: Int, _ next: (Session) -> String) -> [String] {
        var session = Session()
        var lines: [String] = []
        for _ in 0..<min(steps, 2_000) {
            let line = next(session)
            lines.append(line)
            _ = try? session.execute(.line(line[...]))
        }
        return lines
    }

    /// The words of the fuzz dictionary (`Fuzz/mbs.dict`).
    static let dictionaryWords: [String] = {
        let url = FuzzRegressionTests.folder.deletingLastPathComponent().appendingPathComponent("mbs.dict")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { $0.hasPrefix("\"") && $0.hasSuffix("\"") && $0.count >= 2 }
            .map { String($0.dropFirst().dropLast()) }.filter { !$0.contains("\\") }
    }()

    /// Words a random line is made of: commands, paths, operators, keywords, numbers, and what readers trip on.
    static let pieces: [String] = {
        var pieces =
            CommandTable.names + PropertyPath.templates.map { $0.replacingOccurrences(of: "msgN", with: "msg1") }
        pieces += [
            "==", "!=", "<", "<=", ">", ">=", "=", "in", "within", "!", "#", "# x", "--json", "--jsn", "msg1",
            "msg12", "msg0", "content", "cancel", "segment", "later", "yellow", "#B2B2B2", "#b2b2b2", "true",
            "false", "none", "tomorrow", "to-buy", "0", "-0", "1", "-180", "0.3", "+10", "1e9", "0.0000000001",
            "12345678901234567", "999999999999999", ".5", "5.", "nan", "inf", "\"a b\"", "\"x", "\"a\\\"b\"",
            "\"\"", "\t", "  ", "\u{7}", "\u{7F}", "é", "e\u{301}", "\u{200B}", "٣", "K", "\u{212A}", "!pan",
            "msg1.x==0", "x" + String(repeating: "y", count: 70)
        ]
        return pieces
    }()

    /// Seeded random lines: one to six pieces (the dictionary's words among them), apart by a space or two, a tab
    /// now and then.
    static func randomLines(_ count: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        let all = pieces + dictionaryWords
        return (0..<count).map { _ in
            var line = ""
            for index in 0..<Int.random(in: 1...6, using: &random) {
                if index > 0 { line += random.pick([" ", " ", " ", "  ", "\t"]) }
                line += random.pick(all)
            }
            return random.chance(0.1) ? " " + line : line
        }
    }

    /// Random lines that mostly read: a command's example with one word changed, dropped or added.
    static func variedExamples(_ count: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        let examples = CommandTable.all.map(\.example) + scriptLines.filter { !$0.isEmpty }
        let all = pieces + dictionaryWords
        return (0..<count).map { _ in
            var words = random.pick(examples).split(separator: " ").map(String.init)
            guard !words.isEmpty else { return "" }
            let place = Int.random(in: 0..<words.count, using: &random)
            switch random.next() % 3 {
            case 0: words[place] = random.pick(all)
            case 1: if words.count > 1 { words.remove(at: place) }
            default: words.insert(random.pick(all), at: place)
            }
            return words.joined(separator: " ")
        }
    }
}

extension Substring {
    fileprivate func trimmingSuffix(_ suffix: String) -> Substring { hasSuffix(suffix) ? dropLast(suffix.count) : self }
}
