import Glibc
import MailboxJSON
import MailboxText
import MailsimVersion

/// The language server's state and its answer to each message, with no input or output of its own: `handle`
/// takes one JSON-RPC message and returns the messages to send (responses and notifications), so that the tests
/// drive it directly and `StdioServer` drives it over standard input and output.
public struct Server {
    /// JSON-RPC and LSP error codes.
    public enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case serverNotInitialized = -32002
        case requestCancelled = -32800
    }

    enum Phase { case starting, running, shuttingDown, exited }

    private var phase = Phase.starting
    /// Open documents and what running each found, by URI.
    private var documents: [String: OpenDocument] = [:]
    /// How the hover shows the screen: a data: URI in the Markdown (the default), or nothing.
    public var pictures: HoverPictures = .dataURI
    public var bounds = RunBounds()
    /// How many documents, and how much text, the server holds for a client.
    public var limits = DocumentLimits()
    /// The exit status once `exit` arrived (0 after `shutdown`, 1 without); nil while running.
    public private(set) var exitStatus: Int32?
    /// True once `shutdown` was answered (the end of input is then a clean exit, status 0).
    public var hasShutDown: Bool { phase == .shuttingDown || (phase == .exited && exitStatus == 0) }

    public enum HoverPictures: String, Sendable {
        case dataURI = "data"
        case none
    }

    struct OpenDocument {
        var document: Document
        var analysis: Analysis
        /// The version whose diagnostics were last published (nil: none yet or out of date).
        var published: Int?
        /// The version whose run paused a window past its change and published what it had (`RunStop.paused`).
        var partial: Int?
        /// What the editor shows: the diagnostics last published, and the text they were for.
        var shown: [EditorDiagnostic] = []
        var shownLines: LineStore = []
    }

    /// How far past a change a run goes before it publishes what it found (then it runs the rest): a change's
    /// diagnostics near it come in about the time of this many lines, however long the document past it.
    public static let publishWindow = 1024

    public init() {}

    /// Whether the text of `uri` changed since its diagnostics were published (the stdio loop runs it then).
    public func needsRun(_ uri: String) -> Bool {
        guard let open = documents[uri] else { return false }
        return open.published != open.document.version || !open.analysis.isComplete
    }

    /// The URIs with diagnostics to run and publish.
    public var pendingURIs: [String] { documents.keys.filter(needsRun).sorted() }

    /// Answers one message. `isCancelled` is polled while a script runs (a newer change cancels the run).
    public mutating func handle(_ message: JSON, isCancelled: @escaping @Sendable () -> Bool = { false }) -> [JSON] {
        guard case .object = message else {
            return [Server.error(id: .null, .invalidRequest, "a JSON-RPC message is an object")]
        }
        let id = message["id"]
        if let id, !Server.validID(id) {
            return [Server.error(id: .null, .invalidRequest, "an id is a number or a string")]
        }
        guard let method = message["method"]?.stringValue else {
            // A response from the client (we send no requests) is dropped; anything else is invalid.
            if id != nil, message["result"] != nil || message["error"] != nil { return [] }
            return [Server.error(id: id ?? .null, .invalidRequest, "a request needs a method")]
        }
        let params = message["params"] ?? .null
        guard let id else { return notification(method, params, isCancelled: isCancelled) }
        return [request(method, params, id: id)]
    }

    static func validID(_ id: JSON) -> Bool {
        switch id {
        case .integer, .string, .number, .null: true
        default: false
        }
    }

    // MARK: Requests

    private mutating func request(_ method: String, _ params: JSON, id: JSON) -> JSON {
        switch phase {
        case .starting where method != "initialize":
            return Server.error(id: id, .serverNotInitialized, "the server is not initialized (send initialize first)")
        case .shuttingDown, .exited:
            return Server.error(id: id, .invalidRequest, "the server is shutting down (only exit is accepted)")
        default: break
        }
        switch method {
        case "initialize":
            guard phase == .starting else {
                return Server.error(id: id, .invalidRequest, "initialize was already sent")
            }
            phase = .running
            if let picture = params["initializationOptions"]?["hoverPicture"]?.stringValue,
                let choice = HoverPictures(rawValue: picture)
            {
                pictures = choice
            }
            return Server.result(id: id, Server.capabilities)
        case "shutdown":
            phase = .shuttingDown
            return Server.result(id: id, .null)
        default:
            break
        }
        let handler: ((inout Server, OpenDocument, JSON) -> JSON)?
        switch method {
        case "textDocument/hover": handler = { server, open, params in server.hover(open, params) }
        case "textDocument/completion": handler = { server, open, params in server.completion(open, params) }
        case "textDocument/inlayHint": handler = { server, open, params in server.inlayHints(open, params) }
        case "textDocument/codeAction": handler = { server, open, params in server.codeActions(open, params) }
        case "textDocument/definition": handler = { server, open, params in server.definition(open, params) }
        case "textDocument/documentSymbol": handler = { server, open, params in server.documentSymbols(open, params) }
        default: handler = nil
        }
        guard let handler else {
            return Server.error(id: id, .methodNotFound, "unknown method \(quotedMethod(method))")
        }
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            return Server.error(id: id, .invalidParams, "\(method) needs params.textDocument.uri")
        }
        guard var open = documents[uri] else {
            return Server.error(
                id: id, .invalidParams, "the document \(uri) is not open (send textDocument/didOpen first)")
        }
        // Answers read the analysis as of the text now.
        if open.analysis.lines != open.document.lines || !open.analysis.isComplete {
            open.analysis.update(to: open.document.lines)
            documents[uri] = open
        }
        let answer = handler(&self, open, params)
        if case .object(let members) = answer, members.first?.0 == "error" {
            return Server.error(id: id, .invalidParams, answer["error"]?.stringValue ?? "invalid params")
        }
        return Server.result(id: id, answer)
    }

    private func quotedMethod(_ method: String) -> String { JSON.quote(shortened(method)) }

    // MARK: Notifications

    private mutating func notification(_ method: String, _ params: JSON, isCancelled: @escaping @Sendable () -> Bool)
        -> [JSON]
    {
        if method == "exit" {
            exitStatus = phase == .shuttingDown ? 0 : 1
            phase = .exited
            return []
        }
        guard phase == .running else { return [] }
        switch method {
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.stringValue,
                let text = item["text"]?.stringValue
            else { return [] }
            let version = Int(item["version"]?.integerValue ?? 0)
            // Counted before the text is split, so that a text past the bound is never held as lines.
            if let refusal = refusal(holding: LineStore.held(splitting: text), as: uri, opening: true) {
                return refusal
            }
            let document = Document(uri: uri, version: version, text: text)
            var analysis = Analysis(file: Server.fileName(uri), bounds: bounds)
            analysis.bounds = bounds
            documents[uri] = OpenDocument(document: document, analysis: analysis, published: nil)
            return []
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, var open = documents[uri],
                let changes = params["contentChanges"]?.arrayValue
            else { return [] }
            for change in changes {
                guard let text = change["text"]?.stringValue else { continue }
                // What the change's lines would hold is counted before they are made, with the document's lines
                // now (the analysis holds them until it runs the new text).
                let adding = LineStore.held(splitting: text) + open.document.lines.held
                if let refusal = refusal(holding: adding, as: uri, opening: false) { return refusal }
                if let range = TextRange(change["range"]) {
                    open.document.replace(range, with: text)
                } else if change["range"] == nil {
                    open.document.replace(with: text)
                }  // a range that cannot be read changes nothing
            }
            if let version = params["textDocument"]?["version"]?.integerValue { open.document.version = Int(version) }
            if let refusal = refusal(holding: open.document.lines.held, as: uri, opening: false) { return refusal }
            open.published = nil
            documents[uri] = open
            return []
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, documents[uri] != nil else { return [] }
            documents[uri] = nil
            // Clears what the editor shows for it.
            return [
                Server.notification(
                    "textDocument/publishDiagnostics",
                    .object([("uri", .string(uri)), ("diagnostics", .array([]))]))
            ]
        default:
            // `initialized`, `$/cancelRequest` (handled by the reader), `$/setTrace`, unknown notifications: nothing.
            return []
        }
    }

    /// When holding `bytes` of lines (`LineStore.held`) as `uri` would pass `limits`: the document is let go (its
    /// diagnostics cleared, if it was open) and the user told why.
    private mutating func refusal(holding bytes: Int, as uri: String, opening: Bool) -> [JSON]? {
        let others = documents.filter { $0.key != uri }
        let held = others.values.reduce(bytes) { $0 + $1.document.lines.held }
        let reason: String
        if others.count >= limits.maxDocuments {
            reason = "mailsim lsp holds at most \(limits.maxDocuments) documents: close another, then reopen it"
        } else if held > limits.maxBytes {
            reason =
                "mailsim lsp holds at most \(Server.size(limits.maxBytes)) for the lines of all its documents "
                + "(their text and 16 bytes a line; with this one, \(Server.size(held))): close a document, or make "
                + "this one smaller and reopen it"
        } else {
            return nil
        }
        var out: [JSON] = []
        if documents.removeValue(forKey: uri) != nil {
            out.append(
                Server.notification(
                    "textDocument/publishDiagnostics",
                    .object([("uri", .string(uri)), ("diagnostics", .array([]))])))
        }
        let what = opening ? "is not opened" : "is closed"
        out.append(
            Server.notification(
                "window/showMessage",
                .object([
                    ("type", .int(1)), ("message", .string("\(uri) \(what): \(reason)"))
                ])))
        return out
    }

    /// A size in bytes as a person reads it: whole MiB as MiB, anything else in bytes.
    static func size(_ bytes: Int) -> String {
        let mebibyte = 1024 * 1024
        return bytes >= mebibyte && bytes % mebibyte == 0 ? "\(bytes / mebibyte) MiB" : "\(bytes) bytes"
    }

    /// Runs the script of `uri` as far as its text changed and returns its diagnostics to publish, or nothing
    /// when the run was cancelled by a newer change. The first run after a change pauses `publishWindow` lines past
    /// it and publishes what it found there, with the rest of what the editor showed moved along; the next call
    /// (the stdio loop makes it when no message waits) runs the rest and publishes the whole.
    public mutating func runAndPublish(_ uri: String, isCancelled: @escaping @Sendable () -> Bool = { false }) -> [JSON]
    {
        guard var open = documents[uri] else { return [] }
        let version = open.document.version
        // The first run after a change pauses a window past it and publishes; the next runs the rest.
        let window = open.partial == version ? nil : Server.publishWindow
        open.analysis.update(to: open.document.lines, window: window, isCancelled: isCancelled)
        let diagnostics: [EditorDiagnostic]
        if case .paused? = open.analysis.stop {
            diagnostics = Features.diagnostics(open.analysis, carrying: open.shown, from: open.shownLines)
            open.partial = version
        } else if open.analysis.isComplete {
            diagnostics = Features.diagnostics(open.analysis)
            open.published = version
        } else {
            documents[uri] = open
            return []
        }
        open.shown = diagnostics
        open.shownLines = open.document.lines
        documents[uri] = open
        return [
            Server.notification(
                "textDocument/publishDiagnostics",
                .object([
                    ("uri", .string(uri)), ("version", .int(open.document.version)),
                    ("diagnostics", .array(diagnostics.map(\.json)))
                ]))
        ]
    }

    /// The analysis of an open document (tests, benchmarks).
    public func analysis(of uri: String) -> Analysis? { documents[uri]?.analysis }

    // MARK: Features (Features.swift does the work)

    private func hover(_ open: OpenDocument, _ params: JSON) -> JSON {
        guard let position = Position(params["position"]) else { return Server.paramsError("hover needs a position") }
        return Features.hover(open.analysis, at: position, pictures: pictures) ?? .null
    }

    private func completion(_ open: OpenDocument, _ params: JSON) -> JSON {
        guard let position = Position(params["position"]) else {
            return Server.paramsError("completion needs a position")
        }
        return Features.completion(open.analysis, at: position)
    }

    private func inlayHints(_ open: OpenDocument, _ params: JSON) -> JSON {
        let lines: Range<Int>
        if let range = TextRange(params["range"]) {
            lines = min(range.start.line, range.end.line)..<(max(range.start.line, range.end.line) + 1)
        } else {
            lines = 0..<open.analysis.lines.count
        }
        return .array(Features.inlayHints(open.analysis, lines: lines))
    }

    private func codeActions(_ open: OpenDocument, _ params: JSON) -> JSON {
        guard let range = TextRange(params["range"]) else { return Server.paramsError("codeAction needs a range") }
        return .array(Features.codeActions(open.analysis, uri: open.document.uri, range: range))
    }

    private func definition(_ open: OpenDocument, _ params: JSON) -> JSON {
        guard let position = Position(params["position"]) else {
            return Server.paramsError("definition needs a position")
        }
        return Features.definition(open.analysis, uri: open.document.uri, at: position) ?? .null
    }

    private func documentSymbols(_ open: OpenDocument, _ params: JSON) -> JSON {
        .array(Features.documentSymbols(open.analysis))
    }

    // MARK: Messages

    static let capabilities: JSON = .object([
        (
            "capabilities",
            .object([
                ("positionEncoding", .string("utf-16")),
                ("textDocumentSync", .object([("openClose", .bool(true)), ("change", .int(2))])),
                ("completionProvider", .object([("triggerCharacters", .array([.string(" "), .string(".")]))])),
                ("hoverProvider", .bool(true)),
                ("inlayHintProvider", .bool(true)),
                (
                    "codeActionProvider",
                    .object([("codeActionKinds", .array([.string("quickfix"), .string("refactor.rewrite")]))])
                ),
                ("definitionProvider", .bool(true)),
                ("documentSymbolProvider", .bool(true))
            ])
        ),
        ("serverInfo", .object([("name", .string("mailsim")), ("version", .string(MailsimVersion.number))]))
    ])

    static func result(id: JSON, _ result: JSON) -> JSON {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])
    }

    public static func error(id: JSON, _ code: ErrorCode, _ message: String) -> JSON {
        .object([
            ("jsonrpc", .string("2.0")), ("id", id),
            ("error", .object([("code", .int(code.rawValue)), ("message", .string(message))]))
        ])
    }

    static func notification(_ method: String, _ params: JSON) -> JSON {
        .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
    }

    /// A handler's way to say its params were wrong (turned into an invalidParams error).
    static func paramsError(_ message: String) -> JSON { .object([("error", .string(message))]) }

    /// The file name diagnostics name the script by: the URI's last path component.
    static func fileName(_ uri: String) -> String {
        let path = FileURI.path(uri) ?? uri
        return path.split(separator: "/").last.map(String.init) ?? path
    }
}

/// `file://` URIs and paths.
enum FileURI {
    /// The path of a `file://` URI, percent-decoded; nil for another scheme.
    static func path(_ uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Array(uri.utf8.dropFirst(7))
        // file://host/path: the host is dropped (localhost or empty).
        if let slash = rest.firstIndex(of: UInt8(ascii: "/")) { rest = Array(rest[slash...]) } else { return nil }
        var bytes: [UInt8] = []
        var index = 0
        while index < rest.count {
            if rest[index] == UInt8(ascii: "%"), index + 2 < rest.count,
                let value = UInt8(String(decoding: rest[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(rest[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `path` names a regular file (after symbolic links), looked at with `stat`, never opened.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFREG
    }

    /// The `file://` URI of an absolute path, percent-encoding what is not unreserved or `/`.
    static func uri(_ path: String) -> String {
        var out = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}

/// How many open documents, and how much memory their lines, the server holds: a `didOpen` past either is
/// refused and a `didChange` that grows the lines past `maxBytes` closes its document, each with a message to the user.
public struct DocumentLimits: Sendable {
    public var maxDocuments: Int
    /// The memory the lines of all open documents take together (`LineStore.held`: the text, and 16 bytes a
    /// line for its `String`), counted before a text is split into lines.
    public var maxBytes: Int

    public init(maxDocuments: Int = 64, maxBytes: Int = 256 * 1024 * 1024) {
        self.maxDocuments = maxDocuments
        self.maxBytes = maxBytes
    }
}
