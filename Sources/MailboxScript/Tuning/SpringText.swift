import MailboxAnimation
import MailboxText

/// Springs as `set curve.NAME spring TOOL …` writes them in another tool's notation (`SpringNotation.all`).
enum SpringText {
    /// mailsim's ranges: a damping ratio above 0 and at most 100, a response from 0.01 to 60 seconds.
    static func fits(ratio: Double, response: Double) -> Bool {
        ratio > 0 && ratio <= 100 && response >= 0.01 && response <= 60
    }

    /// `tool` and the words after it (`duration 0.5 bounce 0.3`) as mailsim's spring, or why not.
    static func parse(tool: Substring, _ words: [Substring], for name: String) throws(ScriptError) -> Spring {
        let forms = SpringNotation.forms(of: tool)
        guard !forms.isEmpty else {
            throw .setting(
                name, .unknownSpringNotation(String(tool), suggestion: nearest(String(tool), in: SpringNotation.tools)))
        }
        let keywords = stride(from: 0, to: words.count, by: 2).map { String(words[$0]) }
        guard words.count % 2 == 0, let notation = forms.first(where: { $0.keywords == keywords }) else {
            throw .setting(name, .springNotationForm(tool: String(tool), forms: forms.map({ $0.form })))
        }
        var values: [Double] = []
        for (index, keyword) in notation.keywords.enumerated() {
            let value = try DecimalNumber.parse(words[2 * index + 1]).value
            guard notation.ranges[index].contains(value) else {
                throw .setting(
                    name, .springNotationValue(keyword: keyword, got: value, allowed: notation.ranges[index]))
            }
            values.append(value)
        }
        let (ratio, response) = notation.convert(values)
        guard fits(ratio: ratio, response: response) else {
            let written = (["spring", String(tool)] + words.map(String.init)).joined(separator: " ")
            throw .setting(name, .springConverted(written: written, dampingRatio: ratio, response: response))
        }
        return Spring(dampingRatio: ratio, response: response)
    }
}
