import MailboxAnimation
import MailboxJSON
import MailboxScript
import MailboxSim
import MailboxText
import Testing

@testable import MailboxHandoff

/// `mailsim export tokens` (Design Tokens Format Module 2025.10 JSON) and `mailsim export css`: the values of
/// SPEC's settings, a profile and a tuned spring, every parameter in both files, and the files' shapes.
@Suite struct TokensTests {
    // MARK: SPEC's settings

    @Test func defaultTokensHoldSpecValues() throws {
        let file = try tokens(Settings())

        let near = try #require(file.at("threshold.left.near"))
        #expect(near["$type"] == .string("dimension"))
        #expect(near["$value"]?["value"]?.doubleValue == 60)
        #expect(near["$value"]?["unit"] == .string("px"))

        let menu = try #require(file.at("duration.menu"))
        #expect(menu["$type"] == .string("duration"))
        #expect(menu["$value"]?["value"]?.doubleValue == 400)
        #expect(menu["$value"]?["unit"] == .string("ms"))

        let slide = try #require(file.at("curve.slide"))
        #expect(slide["$type"] == .string("cubicBezier"))
        #expect(slide["$value"]?.arrayValue?.compactMap(\.doubleValue) == [0.42, 0, 0.58, 1])
        #expect(slide["$description"]?.stringValue?.hasSuffix(". The curve easeInOut") == true)

        let yellow = try #require(file.at("color.yellow"))
        #expect(yellow["$type"] == .string("color"))
        #expect(yellow["$value"]?["colorSpace"] == .string("srgb"))
        #expect(yellow["$value"]?["hex"] == .string("#feca16"))
        #expect(
            yellow["$value"]?["components"]?.arrayValue?.compactMap(\.doubleValue) == [254.0, 202, 22].map { $0 / 255 })

        let velocity = try #require(file.at("escape.velocity"))
        #expect(velocity["$type"] == .string("number"))
        #expect(
            velocity["$description"]?.stringValue?.hasSuffix(
                ". In pt/s (points a second): the format has no velocity type") == true)
        #expect(near["$description"]?.stringValue?.hasSuffix(". In points (1 pt = 1 px)") == true)
        #expect(file.at("elasticity")?["$type"] == .string("number"))
        #expect(file.at("undo.depth")?["$type"] == .string("number"))

        // A value the format has no type for: a group, the value under $extensions, the set line in the description.
        let alert = try #require(file["compose"]?["draft-alert"])
        #expect(alert["$value"] == nil)
        #expect(alert["$extensions"]?["com.mailsim.value"] == .bool(false))
        #expect(alert["$description"]?.stringValue?.hasSuffix("(set compose.draft-alert off)") == true)
        #expect(file.at("threshold.left.bound")?["$extensions"]?["com.mailsim.value"] == .string("closed"))
        #expect(file.at("menu.release")?["$extensions"]?["com.mailsim.value"] == .string("velocity"))

        // Not exported: the profile is named in the header, the frame rate is mailsim's own.
        #expect(file["fps"] == nil)
        #expect(file["profile"] == nil)
        let description = try #require(file["$description"]?.stringValue)
        #expect(description.contains("profile mailbox: "), "\(description)")
        #expect(description.contains("nothing tuned away from the profile"), "\(description)")
        #expect(file["$extensions"]?["com.mailsim.origin"]?["profile"] == .string("mailbox"))
        #expect(file["$extensions"]?["com.mailsim.origin"]?["tuned"] == .array([]))
    }

    @Test func defaultCSSHoldsSpecValues() throws {
        let text = CSSProperties(Interaction(settings: Settings())).text
        let properties = try declarations(text)
        #expect(properties["--mailsim-threshold-left-near"] == "60px")
        #expect(properties["--mailsim-duration-menu"] == "400ms")
        #expect(properties["--mailsim-curve-slide"] == "cubic-bezier(0.42, 0, 0.58, 1)")
        #expect(properties["--mailsim-color-yellow"] == "#feca16")
        #expect(properties["--mailsim-compose-draft-alert"] == "off")
        #expect(properties["--mailsim-menu-release"] == "velocity")
        #expect(properties["--mailsim-icon-fade"] == "near")
        #expect(properties["--mailsim-delay-segment"]?.hasSuffix("ms") == true)
        #expect(properties["--mailsim-fps"] == nil)
        #expect(properties["--mailsim-profile"] == nil)
        #expect(text.hasPrefix("/* "))
        #expect(text.contains("   profile mailbox: "), "\(text)")
        #expect(text.contains("  /* threshold.left.near: dragging left: later from here"), "\(text)")
        #expect(text.hasSuffix("}\n"))
    }

    // MARK: A profile, a tuned spring, rules

    @Test func aProfileShowsInBothFiles() throws {
        let settings = Profile.mcswipe.applied(to: Settings())
        let interaction = Interaction(settings: settings)
        let file = try tokens(settings)
        let properties = try declarations(CSSProperties(interaction).text)
        // Every number the profile sets, in both files, as the table reads it.
        #expect(!Profile.mcswipe.settings.isEmpty)
        for setting in Profile.mcswipe.settings {
            let parameter = try #require(interaction.parameter(setting.parameter), "\(setting.parameter)")
            let token = try #require(file.at(setting.parameter), "\(setting.parameter)")
            assertToken(token, holds: parameter)
            for (name, value) in CSSProperties.declarations(parameter) {
                #expect(properties[name] == value, "\(setting.parameter)")
            }
        }
        #expect(file.at("curve.slide")?["$value"]?.arrayValue?.compactMap(\.doubleValue) == [0, 0, 0.58, 1])
        #expect(properties["--mailsim-curve-slide"] == "cubic-bezier(0, 0, 0.58, 1)")
        #expect(file.at("duration.snap")?["$value"]?["value"]?.doubleValue == 400)
        #expect(file.at("curve.snap")?["damping-ratio"]?["$value"]?.doubleValue == 0.6)
        #expect(properties["--mailsim-curve-snap-damping-ratio"] == "0.6")
        #expect(properties["--mailsim-curve-snap-response"] == "400ms")
        #expect(properties["--mailsim-duration-snap"] == "400ms")
        #expect(file["$extensions"]?["com.mailsim.origin"]?["profile"] == .string("mcswipe"))
        #expect(file["$description"]?.stringValue?.contains("profile mcswipe: ") == true)
        #expect(CSSProperties(interaction).text.contains("   profile mcswipe: "))
    }

    @Test func aTunedSpringIsAGroupOfTwoTokensAndTwoProperties() throws {
        let settings = try tuned(Settings(), ["curve.slide spring 0.7 0.4"])
        let file = try tokens(settings)
        let slide = try #require(file.at("curve.slide"))
        #expect(slide["$value"] == nil, "a spring has no DTCG type, so it is no token")
        #expect(slide["$type"] == nil)
        #expect(slide["damping-ratio"]?["$type"] == .string("number"))
        #expect(slide["damping-ratio"]?["$value"]?.doubleValue == 0.7)
        #expect(slide["response"]?["$type"] == .string("duration"))
        #expect(slide["response"]?["$value"]?["value"]?.doubleValue == 400)
        #expect(slide["response"]?["$value"]?["unit"] == .string("ms"))
        let spring = try #require(slide["$extensions"]?["com.mailsim.spring"])
        #expect(spring["dampingRatio"]?.doubleValue == 0.7)
        #expect(spring["response"]?.doubleValue == 0.4)
        #expect(spring["mass"]?.doubleValue == 1)
        let stiffness = try #require(spring["stiffness"]?.doubleValue)
        let damping = try #require(spring["damping"]?.doubleValue)
        #expect(abs((stiffness) - ((2 * Double.pi / 0.4) * (2 * Double.pi / 0.4))) <= 1e-9)
        #expect(abs((damping) - (4 * Double.pi * 0.7 / 0.4)) <= 1e-9)
        // Other curves stay Béziers; the tuning is named.
        #expect(file.at("curve.snap")?["$type"] == .string("cubicBezier"))
        #expect(file["$extensions"]?["com.mailsim.origin"]?["tuned"] == .array([.string("curve.slide spring 0.7 0.4")]))
        #expect(file["$description"]?.stringValue?.contains("tuned: curve.slide spring 0.7 0.4") == true)

        let text = CSSProperties(Interaction(settings: settings)).text
        let properties = try declarations(text)
        #expect(properties["--mailsim-curve-slide-damping-ratio"] == "0.7")
        #expect(properties["--mailsim-curve-slide-response"] == "400ms")
        #expect(properties["--mailsim-curve-slide"] == nil, "no cubic-bezier stands in for a spring")
        #expect(text.contains("  /* a spring: stiffness \(formatExact(stiffness)), damping "), "\(text)")
        #expect(text.contains("   tuned: curve.slide spring 0.7 0.4\n"), "\(text)")
    }

    @Test func rulesAndRangesCarryTheirLengths() throws {
        let settings = try tuned(Settings(), ["menu.release position 285", "icon.fade 40 120.5", "snap.animate off"])
        let file = try tokens(settings)
        #expect(
            file.at("menu.release")?["$extensions"]?["com.mailsim.value"]
                == .object([("position", .object([("value", .integer(285)), ("unit", .string("px"))]))]))
        #expect(
            file.at("icon.fade")?["$extensions"]?["com.mailsim.value"]
                == .object([
                    ("start", .object([("value", .integer(40)), ("unit", .string("px"))])),
                    ("end", .object([("value", .number(120.5)), ("unit", .string("px"))]))
                ]))
        #expect(file.at("snap.animate")?["$extensions"]?["com.mailsim.value"] == .bool(false))
        let properties = try declarations(CSSProperties(Interaction(settings: settings)).text)
        #expect(properties["--mailsim-menu-release"] == "position 285px")
        #expect(properties["--mailsim-icon-fade"] == "40px 120.5px")
        #expect(properties["--mailsim-snap-animate"] == "off")
        let distance = try declarations(
            CSSProperties(Interaction(settings: try tuned(Settings(), ["menu.release distance 40"]))).text)
        #expect(distance["--mailsim-menu-release"] == "distance 40px")
    }

    @Test func millisecondsAreTheSecondsDecimalDigits() throws {
        let settings = try tuned(Settings(), ["duration.slide 0.0375", "delay.hide 0", "duration.fade 1.7"])
        let file = try tokens(settings)
        #expect(file.at("duration.slide")?["$value"]?["value"]?.doubleValue == 37.5)
        #expect(file.at("delay.hide")?["$value"]?["value"]?.doubleValue == 0)
        #expect(file.at("duration.fade")?["$value"]?["value"]?.doubleValue == 1700)
        let properties = try declarations(CSSProperties(Interaction(settings: settings)).text)
        #expect(properties["--mailsim-duration-slide"] == "37.5ms")
        #expect(properties["--mailsim-delay-hide"] == "0ms")
        #expect(properties["--mailsim-duration-fade"] == "1700ms")
        // A product would print 35.00000000000001 for some; the decimal moved three places never does.
        for seconds in [0.035, 0.07, 0.1, 0.29, 0.41887902047863906, 1.1, 12.345] {
            let ms = TokenUnits.milliseconds(seconds: seconds)
            #expect(ms == Double(formatExact(seconds) + "e3"))
            #expect(abs((ms) - (seconds * 1000)) <= 1e-9)
        }
    }

    // MARK: Every parameter, both files

    /// Walks the parameter table (SPEC's settings, every profile, and a spring, a rule and a range tuned): each
    /// exported parameter is in the JSON, holding its value, and in the CSS; and nothing else is.
    @Test func everyParameterIsInBothFiles() throws {
        var cases = Profile.allCases.map { $0.applied(to: Settings()) }
        cases.append(
            try tuned(Settings(), ["curve.snap spring 0.5 0.35", "menu.release position 200", "icon.fade 10 80"]))
        for settings in cases {
            let interaction = Interaction(settings: settings)
            #expect(interaction.parameters.count > 40)
            let file = try tokens(settings)
            let properties = try declarations(CSSProperties(interaction).text)
            var expectedProperties: Set<String> = []
            for parameter in interaction.parameters {
                let node = try #require(file.at(parameter.name), "\(parameter.name) missing from the tokens")
                assertToken(node, holds: parameter)
                for (name, value) in CSSProperties.declarations(parameter) {
                    #expect(properties[name] == value, "\(parameter.name): \(name)")
                    expectedProperties.insert(name)
                }
                #expect(
                    properties.keys.contains { $0.hasPrefix(CSSProperties.propertyName(parameter.name)) },
                    "\(parameter.name)")
            }
            #expect(Set(properties.keys) == expectedProperties)
            // Nothing in the JSON but the parameters: every token and every value-holding group is one of them.
            let exported = Set(interaction.parameters.map(\.name))
            for path in leaves(file) { #expect(exported.contains(path), "\(path) is no parameter") }
        }
    }

    /// Every token, group and value obeys the Format Module's rules (the JSON Schema's, by hand).
    @Test func everyFileObeysTheFormat() throws {
        var cases = Profile.allCases.map { $0.applied(to: Settings()) }
        cases.append(try tuned(Settings(), ["curve.slide spring 1.2 0.25", "icon.fade 40 120", "color.red #00FF7f"]))
        for settings in cases {
            let file = try tokens(settings)
            assertFormat(file, path: "")
        }
    }

    // MARK: The files as files

    @Test func filesAreDeterministicParseAndEndWithALineBreak() throws {
        let settings = try tuned(Settings(), ["threshold.left.near 80"])
        let json = DesignTokens(Interaction(settings: settings)).json
        #expect(json == DesignTokens(Interaction(settings: settings)).json)
        #expect(json == HandoffExport.render(.tokens, settings: settings))
        #expect(json.hasSuffix("}\n"))
        // The same text read back (the reader makes 60 an integer, the writer wrote a double: both write `60`).
        #expect(try JSON.parse(json).text == DesignTokens(Interaction(settings: settings)).document.text)
        #expect(json.contains("\n  \"threshold\": {\n    \"left\": {\n      \"near\": {\n"), "\(json)")
        #expect(json.contains("\"$value\": [0.42, 0, 0.58, 1]"), "\(json)")
        let css = CSSProperties(Interaction(settings: settings)).text
        #expect(css == HandoffExport.render(.css, settings: settings))
        #expect(css.hasSuffix("}\n"))
        #expect(css.contains("\n   tuned: "), "\(css)")
        #expect(try declarations(css)["--mailsim-threshold-left-near"] == "80px")
    }

    @Test func cssIsCommentsAndDeclarationsInOneRule() throws {
        let text = CSSProperties(Interaction(settings: try tuned(Settings(), ["curve.menu spring 0.9 0.5"]))).text
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.removeLast() == "")
        // The header comment, then `:root {`, then comments and declarations, then `}`.
        let open = try #require(lines.firstIndex(of: ":root {"))
        let header = lines[..<open].joined(separator: "\n")
        #expect(header.hasPrefix("/*") && header.hasSuffix("*/"))
        #expect(header.components(of: "*/") == 1, "\(header)")
        #expect(lines.last == "}")
        for line in lines[(open + 1)..<(lines.count - 1)] {
            if line.hasPrefix("  /* ") {
                #expect(line.hasSuffix(" */"), "\(line)")
                #expect(line.components(of: "*/") == 1, "\(line)")
            } else {
                #expect(CSSDeclaration(line) != nil, "not a declaration: \(line)")
            }
        }
        #expect(CSSProperties.commentSafe("a */ b") == "a * / b")
        #expect(CSSProperties.propertyName("compose.draft-alert") == "--mailsim-compose-draft-alert")
    }

    // MARK: The parts

    @Test func prettyTextReadsBackAsTheSameValue() throws {
        let value: JSON = .object([
            ("a", .array([.number(0.1), .integer(2), .null, .bool(true), .string("q\"\n")])),
            ("b", .object([])), ("c", .array([])), ("d", .array([.object([("e", .number(-1.5))])]))
        ])
        let text = value.prettyText
        #expect(try JSON.parse(text) == value)
        #expect(
            text == """
                {
                  "a": [0.1, 2, null, true, "q\\"\\n"],
                  "b": {},
                  "c": [],
                  "d": [
                    {
                      "e": -1.5
                    }
                  ]
                }

                """)
    }

    @Test func aNameThatIsATokenAndAGroupKeepsBothUnderRoot() {
        for order in [["a", "a.b"], ["a.b", "a"]] {
            var tree = TokenTree()
            for name in order {
                tree.insert(
                    .token([("$type", .string("number")), ("$value", .string(name))]), at: DesignTokens.path(name)[...])
            }
            #expect(tree.json["a"]?["$root"]?["$value"] == .string("a"), "\(order)")
            #expect(tree.json["a"]?["b"]?["$value"] == .string("a.b"), "\(order)")
            #expect(tree.json["a"]?["$value"] == nil)
        }
    }

    // MARK: Helpers

    private func tokens(_ settings: Settings) throws -> JSON {
        try JSON.parse(DesignTokens(Interaction(settings: settings)).json)
    }

    private func tuned(_ settings: Settings, _ lines: [String]) throws -> Settings {
        var settings = settings
        for line in lines {
            let words = line.split(separator: " ")
            settings = try TunableTable.change(name: words[0], words: Array(words.dropFirst())).applied(to: settings)
        }
        return settings
    }

    /// The CSS's declarations by property name (each must be one only once).
    private func declarations(_ text: String) throws -> [String: String] {
        var out: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let declaration = CSSDeclaration(String(line)) else { continue }
            #expect(out[declaration.name] == nil, "\(declaration.name) twice")
            out[declaration.name] = declaration.value
        }
        return out
    }

    /// The dotted paths of every token and of every group holding a mailsim value or spring.
    private func leaves(_ node: JSON, path: String = "") -> [String] {
        guard let members = node.objectValue else { return [] }
        if node["$value"] != nil { return [path] }
        if let extensions = node["$extensions"],
            extensions["com.mailsim.value"] != nil || extensions["com.mailsim.spring"] != nil
        {
            return [path]
        }
        return members.filter { !$0.0.hasPrefix("$") }.flatMap {
            leaves($0.1, path: path.isEmpty ? $0.0 : path + "." + $0.0)
        }
    }

    /// `node` is the parameter's token (or group) and holds its value.
    private func assertToken(_ node: JSON, holds parameter: Interaction.Parameter) {
        let name = parameter.name
        #expect(node["$description"]?.stringValue?.hasPrefix(parameter.summary) == true, "\(name)")
        let value = node["$value"]
        switch parameter.value {
        case .number(let n):
            if case .number(_, unit: "pt") = parameter.kind {
                #expect(node["$type"] == .string("dimension"), "\(name)")
                #expect(value?["value"]?.doubleValue == n, "\(name)")
                #expect(value?["unit"] == .string("px"), "\(name)")
            } else {
                #expect(node["$type"] == .string("number"), "\(name)")
                #expect(value?.doubleValue == n, "\(name)")
            }
        case .whole(let n):
            #expect(node["$type"] == .string("number"), "\(name)")
            #expect(value?.integerValue == Int64(n), "\(name)")
        case .duration(let span):
            #expect(node["$type"] == .string("duration"), "\(name)")
            #expect(abs((value?["value"]?.doubleValue ?? .nan) - (span.seconds * 1000)) <= 1e-9, "\(name)")
            #expect(value?["unit"] == .string("ms"), "\(name)")
        case .curve(.bezier(let b)):
            #expect(node["$type"] == .string("cubicBezier"), "\(name)")
            #expect(value?.arrayValue?.compactMap(\.doubleValue) == [b.x1, b.y1, b.x2, b.y2], "\(name)")
        case .curve(.spring(let s)):
            #expect(value == nil, "\(name)")
            #expect(node["damping-ratio"]?["$value"]?.doubleValue == s.dampingRatio, "\(name)")
            #expect(
                abs((node["response"]?["$value"]?["value"]?.doubleValue ?? .nan) - (s.response * 1000)) <= 1e-9,
                "\(name)")
            #expect(node["$extensions"]?["com.mailsim.spring"]?["response"]?.doubleValue == s.response)
        case .color(let c):
            #expect(node["$type"] == .string("color"), "\(name)")
            #expect(value?["hex"] == .string(c.hex.lowercased()), "\(name)")
            #expect(
                value?["components"]?.arrayValue?.compactMap(\.doubleValue) == [
                    c.red / 255, c.green / 255, c.blue / 255
                ], "\(name)")
        case .flag(let on):
            #expect(value == nil, "\(name)")
            #expect(node["$extensions"]?["com.mailsim.value"] == .bool(on), "\(name)")
        case .choice(let word):
            #expect(value == nil, "\(name)")
            #expect(node["$extensions"]?["com.mailsim.value"] == .string(word), "\(name)")
        case .menuRelease, .fade, .profile:
            #expect(value == nil, "\(name)")
            #expect(node["$extensions"]?["com.mailsim.value"] != nil, "\(name)")
            #expect(
                node["$description"]?.stringValue?.hasSuffix("(set \(name) \(parameter.value.scriptText))") == true,
                "\(name)")
        }
    }

    /// The Format Module's rules for the node at `path` and everything inside it.
    private func assertFormat(_ node: JSON, path: String) {
        guard let members = node.objectValue else {
            Issue.record("\(path) is no object")
            return
        }
        let groupProperties: Set<String> = ["$description", "$type", "$extends", "$deprecated", "$extensions", "$root"]
        let tokenProperties: Set<String> = ["$value", "$type", "$description", "$extensions", "$deprecated"]
        if let value = node["$value"] {
            // § Design token: a token; § Types: its type is one of the format's and its value follows it.
            for (key, _) in members { #expect(tokenProperties.contains(key), "\(path): \(key) in a token") }
            switch node["$type"]?.stringValue {
            case "dimension":
                #expect(value["value"]?.doubleValue != nil, "\(path)")
                #expect(["px", "rem"].contains(value["unit"]?.stringValue ?? ""), "\(path)")
                #expect(value.objectValue?.count == 2, "\(path)")
            case "duration":
                #expect(value["value"]?.doubleValue != nil, "\(path)")
                #expect(["ms", "s"].contains(value["unit"]?.stringValue ?? ""), "\(path)")
                #expect(value.objectValue?.count == 2, "\(path)")
            case "cubicBezier":
                let numbers = value.arrayValue?.compactMap(\.doubleValue) ?? []
                #expect(numbers.count == 4, "\(path)")
                if numbers.count == 4 { #expect((0...1).contains(numbers[0]) && (0...1).contains(numbers[2])) }
            case "number": #expect(value.doubleValue != nil, "\(path)")
            case "color":
                #expect(value["colorSpace"] == .string("srgb"), "\(path)")
                let components = value["components"]?.arrayValue?.compactMap(\.doubleValue) ?? []
                #expect(components.count == 3, "\(path)")
                #expect(components.allSatisfy { (0...1).contains($0) }, "\(path)")
                let hex = value["hex"]?.stringValue ?? ""
                #expect(hex.count == 7 && hex.first == "#" && hex.dropFirst().allSatisfy(\.isHexDigit), "\(path)")
                #expect(hex == hex.lowercased(), "\(path)")
            default: Issue.record("\(path): no type of the format: \(String(describing: node["$type"]))")
            }
        } else {
            // § Groups: a group's properties, and names that neither begin with $ nor hold {, } or a period.
            for (key, child) in members {
                if key.hasPrefix("$") {
                    #expect(groupProperties.contains(key), "\(path): \(key) in a group")
                } else {
                    #expect(!(key.isEmpty || key.contains { "{}.".contains($0) }), "\(path): name \(key)")
                    assertFormat(child, path: path.isEmpty ? key : path + "." + key)
                }
            }
        }
        if let description = node["$description"] { #expect(description.stringValue != nil, "\(path)") }
        // § Design token, Extensions: an object of vendor-specific keys (reverse domain name notation).
        if let extensions = node["$extensions"] {
            let keys = extensions.objectValue?.map(\.0) ?? []
            #expect(!keys.isEmpty, "\(path)")
            for key in keys { #expect(key.hasPrefix("com.mailsim."), "\(path): \(key)") }
        }
    }
}

/// One line `  --name: value;` of the CSS.
private struct CSSDeclaration {
    let name: String
    let value: String

    init?(_ line: String) {
        guard line.hasPrefix("  --mailsim-"), line.hasSuffix(";"), let colon = line.firstIndex(of: ":") else {
            return nil
        }
        name = String(line[line.index(line.startIndex, offsetBy: 2)..<colon])
        guard name.dropFirst(2).allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }),
            line[line.index(after: colon)...].hasPrefix(" ")
        else { return nil }
        value = String(line[line.index(colon, offsetBy: 2)..<line.index(before: line.endIndex)])
        guard !value.isEmpty, !value.contains(";"), !value.contains("{"), !value.contains("}") else { return nil }
    }
}

extension JSON {
    /// The member at a dotted `help set` name: `threshold.left.near`.
    fileprivate func at(_ name: String) -> JSON? {
        var node: JSON? = self
        for part in name.split(separator: ".") { node = node?[String(part)] }
        return node
    }
}

extension String {
    /// How many times `needle` occurs.
    fileprivate func components(of needle: String) -> Int {
        var count = 0
        var rest = self[...]
        while let range = rest.firstRange(of: needle) {
            count += 1
            rest = rest[range.upperBound...]
        }
        return count
    }
}
