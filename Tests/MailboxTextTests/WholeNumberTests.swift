import Foundation
import Testing

@testable import MailboxText

/// Numbers become `Int`s the same way at 32 bits (the page's WebAssembly) and at 64 (the native binary): through
/// `wholeNumber`, `clampedInt` and `clampedInt64`, which are total, and nowhere else in the shared sources.
@Suite struct WholeNumberTests {
    /// The values every numeric field and argument is tried at (docs/playground.md, "Numbers at 32 and 64 bits").
    static let extremes: [Double] = [
        0, -0.0, 1, -1, 0.5, 2_147_483_647, 2_147_483_648, -2_147_483_648, -2_147_483_649, 4_294_967_296,
        -4_294_967_296, 9_223_372_036_854_775_807, -9_223_372_036_854_775_808, 1e19, -1e19, 9.3e18, 1e308, -1e308,
        .infinity, -.infinity, .nan, .leastNonzeroMagnitude, .greatestFiniteMagnitude
    ]

    @Test func wholeNumberTakesOnlyWholeNumbersInItsRange() {
        #expect(wholeNumber(500, in: 1...500) == 500)
        #expect(wholeNumber(1, in: 1...500) == 1)
        #expect(wholeNumber(0, in: 1...500) == nil)
        #expect(wholeNumber(501, in: 1...500) == nil)
        #expect(wholeNumber(2.5, in: 1...500) == nil)
        #expect(wholeNumber(-0.0, in: 0...1) == 0)
        for value in Self.extremes where !(1...500).contains(value) || value != value.rounded() {
            #expect(wholeNumber(value, in: 1...500) == nil, "\(value)")
        }
        // The largest range a 32-bit Int holds: 2³¹ − 1 is in, 2³¹ is not, on both platforms.
        let int32 = Int(Int32.min)...Int(Int32.max)
        #expect(wholeNumber(2_147_483_647, in: int32) == 2_147_483_647)
        #expect(wholeNumber(2_147_483_648, in: int32) == nil)
        #expect(wholeNumber(-2_147_483_648, in: int32) == -2_147_483_648)
    }

    @Test func clampedIntIsTheSameAt32And64Bits() {
        #expect(clampedInt(.nan) == 0)
        #expect(clampedInt(.infinity) == Int(Int32.max))
        #expect(clampedInt(-.infinity) == -Int(Int32.max))
        #expect(clampedInt(1e19) == Int(Int32.max))
        #expect(clampedInt(4_294_967_296) == Int(Int32.max))
        #expect(clampedInt(-2.9) == -2)
        #expect(clampedInt(2.9) == 2)
        #expect(clampedInt(300, bound: 255) == 255)
        for value in Self.extremes { #expect(abs(clampedInt(value)) <= Int(Int32.max), "\(value)") }
    }

    @Test func clampedInt64IsTotal() {
        #expect(clampedInt64(.nan) == 0)
        #expect(clampedInt64(1e19) == .max)
        #expect(clampedInt64(-1e19) == .min)
        #expect(clampedInt64(9_223_372_036_854_775_807) == .max)  // the Double is 2⁶³
        #expect(clampedInt64(-9_223_372_036_854_775_808) == .min)
        #expect(clampedInt64(1e15 + 0.5) == 1_000_000_000_000_000)
        #expect(clampedInt64(-7.9) == -7)
    }

    // MARK: - The shared sources hold no other conversion

    /// The repository this test was built from.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Conversions to a narrow integer (`Int` is 32 bits in the page) that are known not to trap, each with why:
    /// (file, the conversion as written). Anything else converting a number is a finding.
    static let allowed: [(file: String, conversion: String, why: String)] = [
        ("MailboxText/NumberFormat.swift", "Int(text[text.index(after: e)...])", "parses text: nil, never a trap"),
        ("MailboxText/WholeNumbers.swift", "Int(Int32.max)", "a 32-bit value widens"),
        ("MailboxJSON/JSONParser.swift", "UInt32(b - UInt8(ascii: \"0\"))", "a byte widens"),
        ("MailboxJSON/JSONParser.swift", "UInt32(b - UInt8(ascii: \"a\") + 10)", "a byte widens"),
        ("MailboxJSON/JSONParser.swift", "UInt32(b - UInt8(ascii: \"A\") + 10)", "a byte widens"),
        ("MailboxAnimation/Color.swift", "UInt32(digit)", "a byte widens"),
        ("MailboxAnimation/Color.swift", "Int((value >> UInt32(shift)) & 0xF)", "four bits"),
        ("MailboxAnimation/Color.swift", "UInt32(shift)", "0, 4, … 20"),
        ("MailboxSim/MessageID.swift", "Int(byte - UInt8(ascii: \"0\"))", "a byte widens"),
        ("MailboxSim/Overlay.swift", "UInt8(index)", "an index of a list of a few options"),
        ("MailboxSim/Overlay.swift", "Int(index)", "a byte widens"),
        ("MailboxScript/Running/LineSplitter.swift", "Int32(UInt8(ascii: \"\\n\"))", "a byte widens"),
        ("MailboxScene/TextMetrics.swift", "Int(scalar.value)", "a scalar is at most 0x10FFFF"),
        ("MailboxWasm/Exports.swift", "Int(max(count, 1))", "an Int32 widens"),
        ("MailboxWasm/Exports.swift", "Int(count)", "an Int32 widens")
    ]

    /// The libraries the page runs, as tools/wasm/build.sh finds them (tools/wasm/layers.py reads Package.swift's
    /// dependencies from what Sources/MailboxWasm imports), and MailboxWasm: the one list of them.
    static func sharedLibraries() throws -> [String] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("wholenumber-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "swift package --scratch-path \"$1\" dump-package | python3 tools/wasm/layers.py", "sh", scratch.path
        ]
        process.currentDirectoryURL = root
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "tools/wasm/layers.py")
        let layers = String(decoding: data, as: UTF8.self).split(whereSeparator: { " \n".contains($0) })
        // The model and the session the page runs are among them, whatever else is.
        try #require(layers.contains("MailboxSim") && layers.contains("MailboxPlayground"), "\(layers)")
        return layers.map(String.init) + ["MailboxWasm"]
    }

    /// Each `T(argument)` in `line` converting to an integer type without a label, with its argument.
    static func conversions(in line: Substring) -> [(type: String, call: String, argument: String)] {
        let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
        let types = ["UInt64", "UInt32", "UInt16", "UInt8", "UInt", "Int64", "Int32", "Int16", "Int8", "Int"]
        var found: [(String, String, String)] = []
        var index = code.startIndex
        while index < code.endIndex {
            let rest = code[index...]
            guard let type = types.first(where: { rest.hasPrefix($0 + "(") }),
                index == code.startIndex
                    || !code[code.index(before: index)].isLetter
                        && !code[code.index(before: index)].isNumber && code[code.index(before: index)] != "."
            else {
                index = code.index(after: index)
                continue
            }
            // The argument: up to the parenthesis that closes the call.
            let open = code.index(index, offsetBy: type.count)
            var depth = 0
            var close = open
            while close < code.endIndex {
                if code[close] == "(" { depth += 1 }
                if code[close] == ")" {
                    depth -= 1
                    if depth == 0 { break }
                }
                close = code.index(after: close)
            }
            let argument = String(code[code.index(after: open)..<min(close, code.endIndex)])
            let call = String(code[index..<min(code.index(after: close), code.endIndex)])
            let labelled = ["exactly:", "truncatingIfNeeded:", "clamping:", "bitPattern:", "ascii:"].contains {
                argument.hasPrefix($0)
            }
            if !labelled && !argument.isEmpty && !argument.contains(", radix:") { found.append((type, call, argument)) }
            index = code.index(after: open)
        }
        return found
    }

    /// Whether an argument reads as a floating-point value.
    static func looksFloating(_ argument: String) -> Bool {
        ["Double", "Float", ".rounded", "seconds", "Metrics."].contains { argument.contains($0) }
            || argument.contains(where: { $0 == "." })
                && argument.split(separator: ".").contains { part in
                    part.first?.isNumber == true
                }
    }

    @Test func theSharedSourcesConvertNumbersOnlyThroughTheCheckedHelpers() throws {
        var findings: [String] = []
        var used = Set<String>()
        for library in try Self.sharedLibraries() {
            let folder = Self.root.appendingPathComponent("Sources/\(library)")
            let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            for file in files.sorted() where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    for conversion in Self.conversions(in: line) {
                        let wide = conversion.type.hasSuffix("64")
                        // A 64-bit integer from an integer is the same on both platforms; from a floating value it
                        // traps past 2⁶³ on both.
                        if wide && !Self.looksFloating(conversion.argument) { continue }
                        let path = "\(library)/\(file)"
                        if !wide,
                            let entry = Self.allowed.first(where: {
                                $0.file == path && $0.conversion == conversion.call
                            })
                        {
                            used.insert(entry.file + " " + entry.conversion)
                            continue
                        }
                        findings.append(
                            "Sources/\(path):\(number + 1): \(conversion.call) converts without a check: use "
                                + "wholeNumber(_:in:), clampedInt(_:) or clampedInt64(_:) (MailboxText/WholeNumbers"
                                + ".swift), or Int(exactly:); an integer that only widens goes in `allowed`, with why")
                    }
                }
            }
        }
        #expect(findings == [], "\(findings.joined(separator: "\n"))")
        // An entry that matches nothing any more is dropped, so the list says what is true.
        let stale = Self.allowed.filter { !used.contains($0.file + " " + $0.conversion) }.map { $0.conversion }
        #expect(stale == [])
    }

    @Test func theScanFindsAFloatingConversion() {
        // The scan itself: an unchecked conversion of a Double is found, a checked one and a byte are not.
        #expect(Self.conversions(in: "let n = Int(seconds * 60)").map { $0.call } == ["Int(seconds * 60)"])
        #expect(Self.conversions(in: "let n = Int(exactly: v)").isEmpty)
        #expect(Self.conversions(in: "x == UInt8(ascii: \"a\")").isEmpty)
        #expect(Self.conversions(in: "// Int(v) in a comment").isEmpty)
        #expect(Self.conversions(in: "let n = Int64(t.rounded())").map { $0.type } == ["Int64"])
        #expect(Self.looksFloating("t.rounded()"))
        #expect(Self.looksFloating("v * 1.5"))
        #expect(!Self.looksFloating("count + 1"))
        #expect(!Self.looksFloating("value.count"))
    }
}
