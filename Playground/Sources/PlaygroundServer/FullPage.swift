import Hummingbird
import NIOCore

/// The page `GET /` answers when no session place is free for its client (every place taken, or every place of
/// the client's address): 503 with a short page that says so and when to try again, instead of the playground,
/// whose socket would then be refused.
enum FullPage {
    /// `Retry-After` of the full page: a minute.
    static let retrySeconds = 60

    static func answer(_ refusal: SessionGate.Refusal, gate: SessionGate) -> Response {
        let words: String
        switch refusal {
        case .full:
            words =
                "It holds \(gate.limit) session\(gate.limit == 1 ? "" : "s") at once, and every one is in use. "
                + "Try again in a minute."
        case .address(let address):
            words =
                "\(gate.perAddress) session\(gate.perAddress == 1 ? " is" : "s are") open from your address "
                + "(\(escaped(address))), the most one address may hold. Close one of them, or try again in a minute."
        }
        let html = """
            <!doctype html>
            <html lang="en">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width">\
            <title>The playground is full</title></head>
            <body>
            <h1>The playground is full</h1>
            <p>\(words)</p>
            </body>
            </html>

            """
        var headers = PageRoutes.headers(type: "text/html; charset=utf-8")
        headers[.retryAfter] = String(retrySeconds)
        return Response(
            status: .serviceUnavailable, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// Text safe inside HTML.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
