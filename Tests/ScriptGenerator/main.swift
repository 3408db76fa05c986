import Glibc
import MailboxScript
import MailsimTestSupport

// mailsim-scripts COUNT SEED FOLDER: COUNT random scripts from the property tests' generator (CommandGenerator),
// written as FOLDER/random-N.mbs, for the page's differential run (Tests/wasm/differential.mjs): the same scripts
// go through the native binary and the WebAssembly module, which must print the same. Each script is generated
// against a session as it runs, so it goes deep (overlays, undo, the menu, compose, tuning) and holds refused
// `expect`s that fail, and now and then a refused line to end on; files and `quit` are left out (the page has none).

let arguments = CommandLine.arguments.dropFirst()
// mailsim-scripts --extremes FOLDER: the scripts that try every number at its bounds and where 32 and 64 bits part
// (ExtremeScripts), written as FOLDER/extreme-NAME.mbs.
if arguments.first == "--extremes", arguments.count == 2 {
    let folder = arguments[arguments.startIndex + 1]
    for script in ExtremeScripts.all() {
        let path = "\(folder)/\(script.name)"
        guard let file = fopen(path, "w") else {
            print("mailsim-scripts: cannot write \(path)")
            exit(2)
        }
        fputs(script.text, file)
        fclose(file)
    }
    exit(0)
}
guard arguments.count == 3, let count = Int(arguments[arguments.startIndex]),
    let seed = UInt64(arguments[arguments.startIndex + 1])
else {
    print("usage: mailsim-scripts COUNT SEED FOLDER | mailsim-scripts --extremes FOLDER")
    exit(2)
}
let folder = arguments[arguments.startIndex + 2]

/// Lines that touch files or end the run: not in the page's scripts.
func touchesFiles(_ line: String) -> Bool {
    let word = line.split(separator: " ").first.map { $0.hasPrefix("!") ? $0.dropFirst() : $0 } ?? ""
    return ["snapshot", "export", "save", "load", "quit", "q", "exit"].contains(String(word))
}

for index in 0..<count {
    var generator = CommandGenerator(seed: seed &+ UInt64(index))
    generator.tuneRate = index % 3 == 0 ? 0.1 : 0
    var session = Session()
    var text = ""
    let length = 5 + Int(generator.random.next() % 60)
    var written = 0
    while written < length {
        let line = generator.next(for: session)
        if touchesFiles(line) { continue }
        // A refused line stops `mailsim run`: kept rarely, as the script's last line, so that most scripts go deep.
        do {
            _ = try session.execute(.line(line[...]))
        } catch {
            if generator.random.chance(0.9) { continue }
            text += line + "\n"
            break
        }
        text += line + "\n"
        written += 1
        // Every few lines an expectation of what the screen shows now, or of something else (it fails).
        if generator.random.chance(0.15) {
            let x = session.screen.snapshot().rows.first?.x ?? 0
            let claimed = generator.random.chance(0.7) ? x : x + 1
            text += "expect msg1.x == \(claimed)\n"
        }
    }
    if session.screen.gesture != nil && generator.random.chance(0.8) { text += "release\n" }
    let path = "\(folder)/random-\(index).mbs"
    guard let file = fopen(path, "w") else {
        print("mailsim-scripts: cannot write \(path)")
        exit(2)
    }
    fputs(text, file)
    fclose(file)
}
