import MailboxJSON

/// `Content-Length` framing: bytes in, messages out. A header ends at a blank line (CR LF CR LF, LF LF or a
/// mix); its `Content-Length` is plain decimal digits. A header that cannot be read, or longer than
/// `maxHeaderBytes`, starts a run of junk: the run is answered with one parse error and skipped to the next
/// plausible header (a `Content-Length:` line with a number), each byte examined a bounded number of times. A
/// body larger than `maxBodyBytes` is answered with an error and skipped without being held.
public struct Framing {
    private var buffer: [UInt8] = []
    /// Bytes of an oversized body still to skip.
    private var skipping = 0
    /// Looking for the next plausible header after a malformed one.
    private var resyncing = false
    /// The current run of junk was answered: the rest of it is skipped silently until a header is read.
    private var reported = false
    /// No header end starts in `buffer` before this offset (the search resumes here, so junk is read once).
    private var scanned = 0
    let maxHeaderBytes: Int
    let maxBodyBytes: Int

    public init(maxHeaderBytes: Int = StdioServer.maxHeaderBytes, maxBodyBytes: Int = StdioServer.maxBodyBytes) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
    }

    static let lengthName: [UInt8] = Array("content-length:".utf8)
    private static let lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")

    /// The messages (and errors to send) that `bytes` completes.
    mutating func feed(_ bytes: ArraySlice<UInt8>) -> [Incoming] {
        var bytes = bytes
        if skipping > 0 {
            let skipped = min(skipping, bytes.count)
            skipping -= skipped
            bytes = bytes.dropFirst(skipped)
        }
        buffer.append(contentsOf: bytes)
        var out: [Incoming] = []
        var start = 0
        defer {
            let removed = min(start, buffer.count)
            buffer.removeSubrange(0..<removed)
            scanned = max(0, scanned - removed)
        }
        while start < buffer.count {
            if resyncing {
                guard let found = Framing.find(Framing.lengthName, in: buffer, from: start, caseInsensitive: true)
                else {
                    // Keep a possible start of the name.
                    start = max(start, buffer.count - (Framing.lengthName.count - 1))
                    return out
                }
                start = found
                switch plausibleLengthLine(at: found) {
                case nil: return out
                case false?:
                    start = found + 1
                    continue
                case true?: resyncing = false
                }
            }
            let limit = min(buffer.count, start + maxHeaderBytes)
            let end: (header: Int, body: Int)
            switch headerEnd(from: max(start, scanned), before: limit) {
            case .found(let header, let body):
                end = (header, body)
            case .notYet(let examined):
                scanned = examined
                if examined >= start + maxHeaderBytes {
                    junk(&out, "a header longer than \(maxHeaderBytes) bytes")
                    start += 1
                    continue
                }
                return out
            }
            let length: Int
            switch Framing.contentLength(buffer[start..<end.header]) {
            case .failure(let problem):
                junk(&out, problem.message)
                // A header whose every line reads but whose lengths differ is skipped whole: searched from its next
                // byte, its own second `Content-Length` would frame the next messages. Junk that does not read is
                // searched byte by byte: a good header may start inside it.
                start = problem.skipsWholeHeader ? end.body : start + 1
                continue
            case .success(let value):
                length = value
            }
            reported = false
            if length > maxBodyBytes {
                out.append(
                    .send(
                        Server.error(
                            id: .null, .invalidRequest,
                            "a message of \(length) bytes (at most \(maxBodyBytes) are read)")))
                let available = buffer.count - end.body
                if available >= length {
                    start = end.body + length
                } else {
                    skipping = length - available
                    start = buffer.count
                }
                continue
            }
            guard buffer.count - end.body >= length else { return out }
            let body = buffer[end.body..<(end.body + length)]
            start = end.body + length
            out.append(Framing.parse(body))
        }
        return out
    }

    /// Starts (or goes on with) a run of junk: one parse error for the run, then a search for the next header.
    private mutating func junk(_ out: inout [Incoming], _ problem: String) {
        if !reported {
            out.append(
                .send(
                    Server.error(
                        id: .null, .parseError,
                        "\(problem); skipping to the next Content-Length header (one error for the run)")))
            reported = true
        }
        resyncing = true
    }

    enum HeaderEnd {
        /// The header ends before `header`; the body starts at `body`.
        case found(header: Int, body: Int)
        /// No end starts before `examined` (the bytes after it are not all in yet).
        case notYet(examined: Int)
    }

    /// The first blank line at or after `from` that starts before `before`: LF then LF, or LF then CR LF.
    func headerEnd(from: Int, before: Int) -> HeaderEnd {
        var index = from
        while index < before {
            if buffer[index] == Framing.lf {
                guard index + 1 < buffer.count else { return .notYet(examined: index) }
                if buffer[index + 1] == Framing.lf { return .found(header: index, body: index + 2) }
                if buffer[index + 1] == Framing.cr {
                    guard index + 2 < buffer.count else { return .notYet(examined: index) }
                    if buffer[index + 2] == Framing.lf { return .found(header: index, body: index + 3) }
                }
            }
            index += 1
        }
        return .notYet(examined: index)
    }

    /// Whether the line at `at` (which starts with `Content-Length:`) reads as one: blanks, digits, blanks, then
    /// CR or LF. Nil: the bytes are not all in yet.
    func plausibleLengthLine(at: Int) -> Bool? {
        var index = at + Framing.lengthName.count
        var digits = 0
        var sawBlankAfterDigits = false
        while index < buffer.count {
            let byte = buffer[index]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                if digits > 0 { sawBlankAfterDigits = true }
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if sawBlankAfterDigits { return false }
                digits += 1
                if digits > Framing.maxDigits { return false }
            case Framing.cr, Framing.lf:
                return digits > 0
            default:
                return false
            }
            index += 1
            if index - at > maxHeaderBytes { return false }
        }
        return nil
    }

    static func parse(_ body: ArraySlice<UInt8>) -> Incoming {
        guard let text = String(validating: body, as: UTF8.self) else {
            return .send(Server.error(id: .null, .parseError, "the message is not UTF-8"))
        }
        do {
            return .message(try JSON.parse(text, maxDepth: 64), size: body.count)
        } catch {
            return .send(Server.error(id: .null, .parseError, "not JSON: \(error.description)"))
        }
    }

    /// The most digits a length is read with (a longer one is refused as junk).
    static let maxDigits = 12

    /// Why a header block cannot be read.
    struct HeaderProblem: Error {
        let message: String
        /// The block read as one header (its lengths disagree): the search for the next starts after it.
        var skipsWholeHeader = false
    }

    /// The value of `Content-Length` (its name in any case, its value plain decimal digits between blanks).
    static func contentLength(_ header: ArraySlice<UInt8>) -> Result<Int, HeaderProblem> {
        var length: Int?
        for line in header.split(separator: lf) {
            var line = line
            if line.last == cr { line = line.dropLast() }
            guard line.count >= lengthName.count,
                zip(line.prefix(lengthName.count), lengthName).allSatisfy({ lower($0) == $1 })
            else { continue }
            let value = line.dropFirst(lengthName.count).drop(while: isBlank).reversed().drop(while: isBlank).reversed()
            let shown = JSON.quote(String(decoding: value.prefix(20), as: UTF8.self))
            guard !value.isEmpty, value.count <= maxDigits,
                value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            else {
                return .failure(
                    HeaderProblem(message: "Content-Length \(shown) is not a number of bytes (decimal digits only)"))
            }
            let number = value.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            if let length, length != number {
                return .failure(
                    HeaderProblem(
                        message: "two different Content-Length values (\(length) and \(number))",
                        skipsWholeHeader: true))
            }
            length = number
        }
        guard let length else { return .failure(HeaderProblem(message: "a header without Content-Length")) }
        return .success(length)
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int, caseInsensitive: Bool = false) -> Int? {
        let end = haystack.count - needle.count
        guard from <= end else { return nil }
        for index in from...end {
            var match = true
            for k in 0..<needle.count {
                let byte = caseInsensitive ? lower(haystack[index + k]) : haystack[index + k]
                if byte != needle[k] {
                    match = false
                    break
                }
            }
            if match { return index }
        }
        return nil
    }
}
