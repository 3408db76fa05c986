// A stand-in for the root package's MailboxPlayground (branch `core`), with its API and echoing behaviour only:
// deleted when `core` is merged.
import Foundation

public struct PlaygroundStartError: Error, Sendable {
    public let message: String
}

public struct PlaygroundStart: Sendable {
    let lines: [String]
    public static let empty = PlaygroundStart(lines: [])
    public static func script(_ text: String, name: String) -> Result<PlaygroundStart, PlaygroundStartError> {
        var lines: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("bogus") {
                return .failure(PlaygroundStartError(message: "\(name):\(index + 1): unknown command 'bogus'"))
            }
            lines.append(String(line))
        }
        return .success(PlaygroundStart(lines: lines))
    }
}

public enum PlaygroundLimits {
    public static let messageBytes = 128 * 1024
    public static let messagesPerSecond = 400
    public static let sessions = 64
    public static let workSeconds = 2
    public static let scriptBytes = 64 * 1024
    public static let scriptLines = 10_000
}

public struct PlaygroundSession: Sendable {
    var script: [String]
    var dragging = false
    var x = 0.0
    public init(start: PlaygroundStart) { script = start.lines }

    public mutating func opening() -> [String] {
        [#"{"type":"hello","version":"stand-in","limits":{"messageBytes":\#(PlaygroundLimits.messageBytes)}}"#, screen(),
         #"{"type":"script","from":0,"lines":[]}"#]
    }

    func screen() -> String { #"{"type":"screen","phones":[{"svg":"<svg/>","state":{"x":\#(x),"dragging":\#(dragging)}}],"lines":\#(script.count)}"# }

    func error(_ message: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: ["type": "error", "message": message])
        return String(decoding: data, as: UTF8.self)
    }

    public mutating func receive(_ text: String, isCancelled: @escaping @Sendable () -> Bool) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              let type = object["type"] as? String else { return [error("not a JSON object with a type")] }
        switch type {
        case "down": dragging = true
        case "move": x = object["x"] as? Double ?? x
        case "up": dragging = false; script.append("release 0")
        case "tick": break
        case "line":
            if (object["text"] as? String)?.hasPrefix("spin") == true { while !isCancelled() {}; return [error("interrupted")] }
            script.append(object["text"] as? String ?? "")
        default: return [error("unknown message type '\(type)'")]
        }
        return [screen()]
    }

    public mutating func pointerLost() -> [String] {
        if dragging { dragging = false; script.append("release 0") }
        return [screen()]
    }
}

public enum PlaygroundExportError: Error, Sendable { case script(String) }

public enum PlaygroundExports {
    public static func walkthroughHTML(script: String) -> Result<String, PlaygroundStartError> {
        script.contains("bogus") ? .failure(.init(message: "walkthrough:1: unknown command 'bogus'")) : .success("<!doctype html><title>walkthrough</title>")
    }
    public static func walkthroughGIF(script: String) -> Result<[UInt8], PlaygroundStartError> {
        script.contains("bogus") ? .failure(.init(message: "walkthrough:1: unknown command 'bogus'")) : .success(Array("GIF89a".utf8))
    }
}

public enum PlaygroundPage {
    public static let html = #"<!doctype html><html><head><link rel="stylesheet" href="/playground.css"><script src="/playground.js" defer></script></head><body><main id="phone"></main></body></html>"#
    public static let script = "const ws = new WebSocket(`ws://${location.host}/ws`);"
    public static let style = "body { margin: 0 }"
}
