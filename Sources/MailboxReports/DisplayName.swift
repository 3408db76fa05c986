import MailboxText

/// A file name as text output shows it: as it is, unless it holds a control character (an ESC, a newline, a
/// tab, DEL or a C1 control), which would reach the terminal raw or split the one line a script has. Then it
/// is quoted as git quotes such names: in double quotes, with C escapes (`\n`, `\t`, `\033`, `\"`, `\\`).
/// So `a<ESC>[31m.mbs` is shown as `"a\033[31m.mbs"` and a name with a newline stays on one line.
public func displayName(_ name: String) -> String {
    guard name.unicodeScalars.contains(where: needsQuoting) else { return name }
    var quoted = "\""
    for scalar in name.unicodeScalars {
        switch scalar {
        case "\"": quoted += "\\\""
        case "\\": quoted += "\\\\"
        case "\n": quoted += "\\n"
        case "\t": quoted += "\\t"
        case "\r": quoted += "\\r"
        case _ where needsQuoting(scalar):
            // Octal, as git writes bytes: each UTF-8 byte of a C1 control.
            for byte in String(scalar).utf8 {
                let octal = String(byte, radix: 8)
                quoted += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        default: quoted.unicodeScalars.append(scalar)
        }
    }
    return quoted + "\""
}

/// `text` with every occurrence of the name `name` shown as `displayName` shows it (a message that names
/// a file: `a.mbs:3: expected …`; `cannot read 'a.mbs'`, where the single quotes give way to the double ones).
public func displayingName(_ name: String, in text: String) -> String {
    let shown = displayName(name)
    guard shown != name, !name.isEmpty else { return text }
    // A name already in single quotes (`cannot read 'x'`) takes the double quotes instead.
    return text.replacingAll("'" + name + "'", with: shown).replacingAll(name, with: shown)
}

private func needsQuoting(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
}

extension String {
    /// Without Foundation.
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstTextRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
