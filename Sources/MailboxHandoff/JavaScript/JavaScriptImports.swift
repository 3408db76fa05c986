/// The `import { … } from "./MODULE";` lines with which one exported ES module names what it reads of another.
enum JavaScriptImports {
    /// `import {` `names` `} from "./module";`, wrapped at `Comment.width` columns, and a blank line.
    static func statement(_ names: [String], from module: String) -> String {
        var out = "import {\n"
        var line = " "
        for name in names {
            if line.count + 1 + name.count + 1 > Comment.width {
                out += line + "\n"
                line = " "
            }
            line += " " + name + ","
        }
        if line != " " { out += line + "\n" }
        return out + "} from \"./\(module)\";\n"
    }

    /// The names `text` exports (`export function NAME`, `export const NAME` at the start of a line), in order.
    static func exportedNames(_ text: String) -> [String] {
        var names: [String] = []
        for line in text.split(separator: "\n") {
            for prefix in ["export function ", "export const "] where line.hasPrefix(prefix) {
                names.append(String(line.dropFirst(prefix.count).prefix(while: isNameCharacter)))
            }
        }
        return names
    }

    /// An ASCII letter, digit, `_` or `$`: what the exported names are made of.
    private static func isNameCharacter(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return false }
        return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "_" || scalar == "$"
    }
}
