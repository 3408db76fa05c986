import MailboxAnimation
import MailboxJSON
import MailboxScript
import MailboxSim
import MailboxText
import XCTest

@testable import MailboxHandoff

/// `mailsim export tokens` (Design Tokens Format Module 2025.10 JSON) and `mailsim export css`: the values of
/// SPEC's settings, a profile and a tuned spring, every parameter in both files, and the files' shapes.
final class TokensTests: XCTestCase {
    // MARK: SPEC's settings

    func testDefaultTokensHoldSpecValues() throws {
        let file = try tokens(Settings())

        let near = try XCTUnwrap(file.at("threshold.left.near"))
        XCTAssertEqual(near["$type"], .string("dimension"))
        XCTAssertEqual(near["$value"]?["value"]?.doubleValue, 60)
        XCTAssertEqual(near["$value"]?["unit"], .string("px"))

        let menu = try XCTUnwrap(file.at("duration.menu"))
        XCTAssertEqual(menu["$type"], .string("duration"))
        XCTAssertEqual(menu["$value"]?["value"]?.doubleValue, 400)
        XCTAssertEqual(menu["$value"]?["unit"], .string("ms"))

        let slide = try XCTUnwrap(file.at("curve.slide"))
        XCTAssertEqual(slide["$type"], .string("cubicBezier"))
        XCTAssertEqual(slide["$value"]?.arrayValue?.compactMap(\.doubleValue), [0.42, 0, 0.58, 1])
        XCTAssertEqual(slide["$description"]?.stringValue?.hasSuffix(". The curve easeInOut"), true)

        let yellow = try XCTUnwrap(file.at("color.yellow"))
        XCTAssertEqual(yellow["$type"], .string("color"))
        XCTAssertEqual(yellow["$value"]?["colorSpace"], .string("srgb"))
        XCTAssertEqual(yellow["$value"]?["hex"], .string("#feca16"))
        XCTAssertEqual(
            yellow["$value"]?["components"]?.arrayValue?.compactMap(\.doubleValue), [254, 202, 22].map { $0 / 255 })

        let velocity = try XCTUnwrap(file.at("escape.velocity"))
        XCTAssertEqual(velocity["$type"], .string("number"))
        XCTAssertEqual(
            velocity["$description"]?.stringValue?.hasSuffix(
                ". In pt/s (points a second): the format has no velocity type"), true)
        XCTAssertEqual(near["$description"]?.stringValue?.hasSuffix(". In points (1 pt = 1 px)"), true)
        XCTAssertEqual(file.at("elasticity")?["$type"], .string("number"))
        XCTAssertEqual(file.at("undo.depth")?["$type"], .string("number"))

        // A value the format has no type for: a group, the value under $extensions, the set line in the description.
        let alert = try XCTUnwrap(file["compose"]?["draft-alert"])
        XCTAssertNil(alert["$value"])
        XCTAssertEqual(alert["$extensions"]?["com.mailsim.value"], .bool(false))
        XCTAssertEqual(alert["$description"]?.stringValue?.hasSuffix("(set compose.draft-alert off)"), true)
        XCTAssertEqual(file.at("threshold.left.bound")?["$extensions"]?["com.mailsim.value"], .string("closed"))
        XCTAssertEqual(file.at("menu.release")?["$extensions"]?["com.mailsim.value"], .string("velocity"))

        // Not exported: the profile is named in the header, the frame rate is mailsim's own.
        XCTAssertNil(file["fps"])
        XCTAssertNil(file["profile"])
        let description = try XCTUnwrap(file["$description"]?.stringValue)
        XCTAssertTrue(description.contains("profile mailbox: "), description)
        XCTAssertTrue(description.contains("nothing tuned away from the profile"), description)
        XCTAssertEqual(file["$extensions"]?["com.mailsim.origin"]?["profile"], .string("mailbox"))
        XCTAssertEqual(file["$extensions"]?["com.mailsim.origin"]?["tuned"], .array([]))
    }

    func testDefaultCSSHoldsSpecValues() throws {
        let text = CSSProperties(Interaction(settings: Settings())).text
        let properties = try declarations(text)
        XCTAssertEqual(properties["--mailsim-threshold-left-near"], "60px")
        XCTAssertEqual(properties["--mailsim-duration-menu"], "400ms")
        XCTAssertEqual(properties["--mailsim-curve-slide"], "cubic-bezier(0.42, 0, 0.58, 1)")
        XCTAssertEqual(properties["--mailsim-color-yellow"], "#feca16")
        XCTAssertEqual(properties["--mailsim-compose-draft-alert"], "off")
        XCTAssertEqual(properties["--mailsim-menu-release"], "velocity")
        XCTAssertEqual(properties["--mailsim-icon-fade"], "near")
        XCTAssertEqual(properties["--mailsim-delay-segment"]?.hasSuffix("ms"), true)
        XCTAssertNil(properties["--mailsim-fps"])
        XCTAssertNil(properties["--mailsim-profile"])
        XCTAssertTrue(text.hasPrefix("/* "))
        XCTAssertTrue(text.contains("   profile mailbox: "), text)
        XCTAssertTrue(text.contains("  /* threshold.left.near: dragging left: later from here"), text)
        XCTAssertTrue(text.hasSuffix("}\n"))
    }

    // MARK: A profile, a tuned spring, rules

    func testAProfileShowsInBothFiles() throws {
        let settings = Profile.mcswipe.applied(to: Settings())
        let interaction = Interaction(settings: settings)
        let file = try tokens(settings)
        let properties = try declarations(CSSProperties(interaction).text)
        // Every number the profile sets, in both files, as the table reads it.
        XCTAssertFalse(Profile.mcswipe.settings.isEmpty)
        for setting in Profile.mcswipe.settings {
            let parameter = try XCTUnwrap(interaction.parameter(setting.parameter), setting.parameter)
            let token = try XCTUnwrap(file.at(setting.parameter), setting.parameter)
            assertToken(token, holds: parameter)
            for (name, value) in CSSProperties.declarations(parameter) {
                XCTAssertEqual(properties[name], value, setting.parameter)
            }
        }
        XCTAssertEqual(file.at("curve.slide")?["$value"]?.arrayValue?.compactMap(\.doubleValue), [0, 0, 0.58, 1])
        XCTAssertEqual(properties["--mailsim-curve-slide"], "cubic-bezier(0, 0, 0.58, 1)")
        XCTAssertEqual(file.at("duration.snap")?["$value"]?["value"]?.doubleValue, 400)
        XCTAssertEqual(file.at("curve.snap")?["damping-ratio"]?["$value"]?.doubleValue, 0.6)
        XCTAssertEqual(properties["--mailsim-curve-snap-damping-ratio"], "0.6")
        XCTAssertEqual(properties["--mailsim-curve-snap-response"], "400ms")
        XCTAssertEqual(properties["--mailsim-duration-snap"], "400ms")
        XCTAssertEqual(file["$extensions"]?["com.mailsim.origin"]?["profile"], .string("mcswipe"))
        XCTAssertEqual(file["$description"]?.stringValue?.contains("profile mcswipe: "), true)
        XCTAssertTrue(CSSProperties(interaction).text.contains("   profile mcswipe: "))
    }

    func testATunedSpringIsAGroupOfTwoTokensAndTwoProperties() throws {
        let settings = try tuned(Settings(), ["curve.slide spring 0.7 0.4"])
        let file = try tokens(settings)
        let slide = try XCTUnwrap(file.at("curve.slide"))
        XCTAssertNil(slide["$value"], "a spring has no DTCG type, so it is no token")
        XCTAssertNil(slide["$type"])
        XCTAssertEqual(slide["damping-ratio"]?["$type"], .string("number"))
        XCTAssertEqual(slide["damping-ratio"]?["$value"]?.doubleValue, 0.7)
        XCTAssertEqual(slide["response"]?["$type"], .string("duration"))
        XCTAssertEqual(slide["response"]?["$value"]?["value"]?.doubleValue, 400)
        XCTAssertEqual(slide["response"]?["$value"]?["unit"], .string("ms"))
        let spring = try XCTUnwrap(slide["$extensions"]?["com.mailsim.spring"])
        XCTAssertEqual(spring["dampingRatio"]?.doubleValue, 0.7)
        XCTAssertEqual(spring["response"]?.doubleValue, 0.4)
        XCTAssertEqual(spring["mass"]?.doubleValue, 1)
        let stiffness = try XCTUnwrap(spring["stiffness"]?.doubleValue)
        let damping = try XCTUnwrap(spring["damping"]?.doubleValue)
        XCTAssertEqual(stiffness, (2 * Double.pi / 0.4) * (2 * Double.pi / 0.4), accuracy: 1e-9)
        XCTAssertEqual(damping, 4 * Double.pi * 0.7 / 0.4, accuracy: 1e-9)
        // Other curves stay Béziers; the tuning is named.
        XCTAssertEqual(file.at("curve.snap")?["$type"], .string("cubicBezier"))
        XCTAssertEqual(
            file["$extensions"]?["com.mailsim.origin"]?["tuned"], .array([.string("curve.slide spring 0.7 0.4")]))
        XCTAssertEqual(file["$description"]?.stringValue?.contains("tuned: curve.slide spring 0.7 0.4"), true)

        let text = CSSProperties(Interaction(settings: settings)).text
        let properties = try declarations(text)
        XCTAssertEqual(properties["--mailsim-curve-slide-damping-ratio"], "0.7")
        XCTAssertEqual(properties["--mailsim-curve-slide-response"], "400ms")
        XCTAssertNil(properties["--mailsim-curve-slide"], "no cubic-bezier stands in for a spring")
        XCTAssertTrue(text.contains("  /* a spring: stiffness \(formatExact(stiffness)), damping "), text)
        XCTAssertTrue(text.contains("   tuned: curve.slide spring 0.7 0.4\n"), text)
    }

    func testRulesAndRangesCarryTheirLengths() throws {
        let settings = try tuned(Settings(), ["menu.release position 285", "icon.fade 40 120.5", "snap.animate off"])
        let file = try tokens(settings)
        XCTAssertEqual(
            file.at("menu.release")?["$extensions"]?["com.mailsim.value"],
            .object([("position", .object([("value", .integer(285)), ("unit", .string("px"))]))]))
        XCTAssertEqual(
            file.at("icon.fade")?["$extensions"]?["com.mailsim.value"],
            .object([
                ("start", .object([("value", .integer(40)), ("unit", .string("px"))])),
                ("end", .object([("value", .number(120.5)), ("unit", .string("px"))]))
            ]))
        XCTAssertEqual(file.at("snap.animate")?["$extensions"]?["com.mailsim.value"], .bool(false))
        let properties = try declarations(CSSProperties(Interaction(settings: settings)).text)
        XCTAssertEqual(properties["--mailsim-menu-release"], "position 285px")
        XCTAssertEqual(properties["--mailsim-icon-fade"], "40px 120.5px")
        XCTAssertEqual(properties["--mailsim-snap-animate"], "off")
        let distance = try declarations(
            CSSProperties(Interaction(settings: try tuned(Settings(), ["menu.release distance 40"]))).text)
        XCTAssertEqual(distance["--mailsim-menu-release"], "distance 40px")
    }

    func testMillisecondsAreTheSecondsDecimalDigits() throws {
        let settings = try tuned(Settings(), ["duration.slide 0.0375", "delay.hide 0", "duration.fade 1.7"])
        let file = try tokens(settings)
        XCTAssertEqual(file.at("duration.slide")?["$value"]?["value"]?.doubleValue, 37.5)
        XCTAssertEqual(file.at("delay.hide")?["$value"]?["value"]?.doubleValue, 0)
        XCTAssertEqual(file.at("duration.fade")?["$value"]?["value"]?.doubleValue, 1700)
        let properties = try declarations(CSSProperties(Interaction(settings: settings)).text)
        XCTAssertEqual(properties["--mailsim-duration-slide"], "37.5ms")
        XCTAssertEqual(properties["--mailsim-delay-hide"], "0ms")
        XCTAssertEqual(properties["--mailsim-duration-fade"], "1700ms")
        // A product would print 35.00000000000001 for some; the decimal moved three places never does.
        for seconds in [0.035, 0.07, 0.1, 0.29, 0.41887902047863906, 1.1, 12.345] {
            let ms = TokenUnits.milliseconds(seconds: seconds)
            XCTAssertEqual(ms, Double(formatExact(seconds) + "e3"))
            XCTAssertEqual(ms, seconds * 1000, accuracy: 1e-9)
        }
    }

    // MARK: Every parameter, both files

    /// Walks the parameter table (SPEC's settings, every profile, and a spring, a rule and a range tuned): each
    /// exported parameter is in the JSON, holding its value, and in the CSS; and nothing else is.
    func testEveryParameterIsInBothFiles() throws {
        var cases = Profile.allCases.map { $0.applied(to: Settings()) }
        cases.append(
            try tuned(Settings(), ["curve.snap spring 0.5 0.35", "menu.release position 200", "icon.fade 10 80"]))
        for settings in cases {
            let interaction = Interaction(settings: settings)
            XCTAssertGreaterThan(interaction.parameters.count, 40)
            let file = try tokens(settings)
            let properties = try declarations(CSSProperties(interaction).text)
            var expectedProperties: Set<String> = []
            for parameter in interaction.parameters {
                let node = try XCTUnwrap(file.at(parameter.name), "\(parameter.name) missing from the tokens")
                assertToken(node, holds: parameter)
                for (name, value) in CSSProperties.declarations(parameter) {
                    XCTAssertEqual(properties[name], value, "\(parameter.name): \(name)")
                    expectedProperties.insert(name)
                }
                XCTAssertTrue(
                    properties.keys.contains { $0.hasPrefix(CSSProperties.propertyName(parameter.name)) },
                    parameter.name)
            }
            XCTAssertEqual(Set(properties.keys), expectedProperties)
            // Nothing in the JSON but the parameters: every token and every value-holding group is one of them.
            let exported = Set(interaction.parameters.map(\.name))
            for path in leaves(file) { XCTAssertTrue(exported.contains(path), "\(path) is no parameter") }
        }
    }

    /// Every token, group and value obeys the Format Module's rules (the JSON Schema's, by hand).
    func testEveryFileObeysTheFormat() throws {
        var cases = Profile.allCases.map { $0.applied(to: Settings()) }
        cases.append(try tuned(Settings(), ["curve.slide spring 1.2 0.25", "icon.fade 40 120", "color.red #00FF7f"]))
        for settings in cases {
            let file = try tokens(settings)
            assertFormat(file, path: "")
        }
    }

    // MARK: The files as files

    func testFilesAreDeterministicParseAndEndWithALineBreak() throws {
        let settings = try tuned(Settings(), ["threshold.left.near 80"])
        let json = DesignTokens(Interaction(settings: settings)).json
        XCTAssertEqual(json, DesignTokens(Interaction(settings: settings)).json)
        XCTAssertEqual(json, HandoffExport.render(.tokens, settings: settings))
        XCTAssertTrue(json.hasSuffix("}\n"))
        // The same text read back (the reader makes 60 an integer, the writer wrote a double: both write `60`).
        XCTAssertEqual(try JSON.parse(json).text, DesignTokens(Interaction(settings: settings)).document.text)
        XCTAssertTrue(json.contains("\n  \"threshold\": {\n    \"left\": {\n      \"near\": {\n"), json)
        XCTAssertTrue(json.contains("\"$value\": [0.42, 0, 0.58, 1]"), json)
        let css = CSSProperties(Interaction(settings: settings)).text
        XCTAssertEqual(css, HandoffExport.render(.css, settings: settings))
        XCTAssertTrue(css.hasSuffix("}\n"))
        XCTAssertTrue(css.contains("\n   tuned: "), css)
        XCTAssertEqual(try declarations(css)["--mailsim-threshold-left-near"], "80px")
    }

    func testCSSIsCommentsAndDeclarationsInOneRule() throws {
        let text = CSSProperties(Interaction(settings: try tuned(Settings(), ["curve.menu spring 0.9 0.5"]))).text
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.removeLast(), "")
        // The header comment, then `:root {`, then comments and declarations, then `}`.
        let open = try XCTUnwrap(lines.firstIndex(of: ":root {"))
        let header = lines[..<open].joined(separator: "\n")
        XCTAssertTrue(header.hasPrefix("/*") && header.hasSuffix("*/"))
        XCTAssertEqual(header.components(of: "*/"), 1, header)
        XCTAssertEqual(lines.last, "}")
        for line in lines[(open + 1)..<(lines.count - 1)] {
            if line.hasPrefix("  /* ") {
                XCTAssertTrue(line.hasSuffix(" */"), line)
                XCTAssertEqual(line.components(of: "*/"), 1, line)
            } else {
                XCTAssertNotNil(CSSDeclaration(line), "not a declaration: \(line)")
            }
        }
        XCTAssertEqual(CSSProperties.commentSafe("a */ b"), "a * / b")
        XCTAssertEqual(CSSProperties.propertyName("compose.draft-alert"), "--mailsim-compose-draft-alert")
    }

    // MARK: The parts

    func testPrettyTextReadsBackAsTheSameValue() throws {
        let value: JSON = .object([
            ("a", .array([.number(0.1), .integer(2), .null, .bool(true), .string("q\"\n")])),
            ("b", .object([])), ("c", .array([])), ("d", .array([.object([("e", .number(-1.5))])]))
        ])
        let text = value.prettyText
        XCTAssertEqual(try JSON.parse(text), value)
        XCTAssertEqual(
            text,
            """
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

    func testANameThatIsATokenAndAGroupKeepsBothUnderRoot() {
        for order in [["a", "a.b"], ["a.b", "a"]] {
            var tree = TokenTree()
            for name in order {
                tree.insert(
                    .token([("$type", .string("number")), ("$value", .string(name))]), at: DesignTokens.path(name)[...])
            }
            XCTAssertEqual(tree.json["a"]?["$root"]?["$value"], .string("a"), "\(order)")
            XCTAssertEqual(tree.json["a"]?["b"]?["$value"], .string("a.b"), "\(order)")
            XCTAssertNil(tree.json["a"]?["$value"])
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
            XCTAssertNil(out[declaration.name], "\(declaration.name) twice")
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
    private func assertToken(_ node: JSON, holds parameter: Interaction.Parameter, line: UInt = #line) {
        let name = parameter.name
        XCTAssertEqual(node["$description"]?.stringValue?.hasPrefix(parameter.summary), true, name, line: line)
        let value = node["$value"]
        switch parameter.value {
        case .number(let n):
            if case .number(_, unit: "pt") = parameter.kind {
                XCTAssertEqual(node["$type"], .string("dimension"), name, line: line)
                XCTAssertEqual(value?["value"]?.doubleValue, n, name, line: line)
                XCTAssertEqual(value?["unit"], .string("px"), name, line: line)
            } else {
                XCTAssertEqual(node["$type"], .string("number"), name, line: line)
                XCTAssertEqual(value?.doubleValue, n, name, line: line)
            }
        case .whole(let n):
            XCTAssertEqual(node["$type"], .string("number"), name, line: line)
            XCTAssertEqual(value?.integerValue, Int64(n), name, line: line)
        case .duration(let span):
            XCTAssertEqual(node["$type"], .string("duration"), name, line: line)
            XCTAssertEqual(value?["value"]?.doubleValue ?? .nan, span.seconds * 1000, accuracy: 1e-9, name, line: line)
            XCTAssertEqual(value?["unit"], .string("ms"), name, line: line)
        case .curve(.bezier(let b)):
            XCTAssertEqual(node["$type"], .string("cubicBezier"), name, line: line)
            XCTAssertEqual(value?.arrayValue?.compactMap(\.doubleValue), [b.x1, b.y1, b.x2, b.y2], name, line: line)
        case .curve(.spring(let s)):
            XCTAssertNil(value, name, line: line)
            XCTAssertEqual(node["damping-ratio"]?["$value"]?.doubleValue, s.dampingRatio, name, line: line)
            XCTAssertEqual(
                node["response"]?["$value"]?["value"]?.doubleValue ?? .nan, s.response * 1000, accuracy: 1e-9, name,
                line: line)
            XCTAssertEqual(node["$extensions"]?["com.mailsim.spring"]?["response"]?.doubleValue, s.response, line: line)
        case .color(let c):
            XCTAssertEqual(node["$type"], .string("color"), name, line: line)
            XCTAssertEqual(value?["hex"], .string(c.hex.lowercased()), name, line: line)
            XCTAssertEqual(
                value?["components"]?.arrayValue?.compactMap(\.doubleValue), [c.red / 255, c.green / 255, c.blue / 255],
                name, line: line)
        case .flag(let on):
            XCTAssertNil(value, name, line: line)
            XCTAssertEqual(node["$extensions"]?["com.mailsim.value"], .bool(on), name, line: line)
        case .choice(let word):
            XCTAssertNil(value, name, line: line)
            XCTAssertEqual(node["$extensions"]?["com.mailsim.value"], .string(word), name, line: line)
        case .menuRelease, .fade, .profile:
            XCTAssertNil(value, name, line: line)
            XCTAssertNotNil(node["$extensions"]?["com.mailsim.value"], name, line: line)
            XCTAssertEqual(
                node["$description"]?.stringValue?.hasSuffix("(set \(name) \(parameter.value.scriptText))"), true, name,
                line: line)
        }
    }

    /// The Format Module's rules for the node at `path` and everything inside it.
    private func assertFormat(_ node: JSON, path: String) {
        guard let members = node.objectValue else { return XCTFail("\(path) is no object") }
        let groupProperties: Set<String> = ["$description", "$type", "$extends", "$deprecated", "$extensions", "$root"]
        let tokenProperties: Set<String> = ["$value", "$type", "$description", "$extensions", "$deprecated"]
        if let value = node["$value"] {
            // § Design token: a token; § Types: its type is one of the format's and its value follows it.
            for (key, _) in members { XCTAssertTrue(tokenProperties.contains(key), "\(path): \(key) in a token") }
            switch node["$type"]?.stringValue {
            case "dimension":
                XCTAssertNotNil(value["value"]?.doubleValue, path)
                XCTAssertTrue(["px", "rem"].contains(value["unit"]?.stringValue ?? ""), path)
                XCTAssertEqual(value.objectValue?.count, 2, path)
            case "duration":
                XCTAssertNotNil(value["value"]?.doubleValue, path)
                XCTAssertTrue(["ms", "s"].contains(value["unit"]?.stringValue ?? ""), path)
                XCTAssertEqual(value.objectValue?.count, 2, path)
            case "cubicBezier":
                let numbers = value.arrayValue?.compactMap(\.doubleValue) ?? []
                XCTAssertEqual(numbers.count, 4, path)
                if numbers.count == 4 { XCTAssertTrue((0...1).contains(numbers[0]) && (0...1).contains(numbers[2])) }
            case "number": XCTAssertNotNil(value.doubleValue, path)
            case "color":
                XCTAssertEqual(value["colorSpace"], .string("srgb"), path)
                let components = value["components"]?.arrayValue?.compactMap(\.doubleValue) ?? []
                XCTAssertEqual(components.count, 3, path)
                XCTAssertTrue(components.allSatisfy { (0...1).contains($0) }, path)
                let hex = value["hex"]?.stringValue ?? ""
                XCTAssertTrue(hex.count == 7 && hex.first == "#" && hex.dropFirst().allSatisfy(\.isHexDigit), path)
                XCTAssertEqual(hex, hex.lowercased(), path)
            default: XCTFail("\(path): no type of the format: \(String(describing: node["$type"]))")
            }
        } else {
            // § Groups: a group's properties, and names that neither begin with $ nor hold {, } or a period.
            for (key, child) in members {
                if key.hasPrefix("$") {
                    XCTAssertTrue(groupProperties.contains(key), "\(path): \(key) in a group")
                } else {
                    XCTAssertFalse(key.isEmpty || key.contains { "{}.".contains($0) }, "\(path): name \(key)")
                    assertFormat(child, path: path.isEmpty ? key : path + "." + key)
                }
            }
        }
        if let description = node["$description"] { XCTAssertNotNil(description.stringValue, path) }
        // § Design token, Extensions: an object of vendor-specific keys (reverse domain name notation).
        if let extensions = node["$extensions"] {
            let keys = extensions.objectValue?.map(\.0) ?? []
            XCTAssertFalse(keys.isEmpty, path)
            for key in keys { XCTAssertTrue(key.hasPrefix("com.mailsim."), "\(path): \(key)") }
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
