import Crypto
import Foundation

/// `site.json`, the list `make site` writes beside the site (tools/wasm/site.sh; docs/deploy.md, "What a site is"):
/// the version's name (`build`), and every file the service worker keeps, with its size and SHA-256, and the worker
/// itself. The server serves exactly these files, each checked against the list at start.
struct SiteManifest: Decodable, Sendable {
    /// One file of the list: its path under the site folder, its size in bytes and its SHA-256 in hex.
    struct Entry: Decodable, Sendable {
        let path: String
        let sha256: String
        let size: Int
    }

    /// The list's format: 1, the only one.
    let format: Int
    /// The version of mailsim the site was made from (`MailsimVersion.number`).
    let mailsim: String
    /// The version's name: the folder `v/BUILD/` its modules are in.
    let build: String
    /// The service worker, `sw.js`: served, not kept by itself.
    let worker: Entry
    /// The files the worker keeps: the page (`index.html`), the web manifest and icons, and `v/BUILD/…`.
    let files: [Entry]

    /// The list's own name in the folder.
    static let name = "site.json"
    /// The page, one of `files`.
    static let page = "index.html"
    /// The most files a list may name (a site has about 20).
    static let mostFiles = 500

    /// The list in `bytes`, or why it is not one `make site` wrote.
    static func decode(_ bytes: [UInt8]) -> Result<SiteManifest, SiteFiles.Failure> {
        let manifest: SiteManifest
        do {
            manifest = try JSONDecoder().decode(SiteManifest.self, from: Data(bytes))
        } catch {
            return .failure(SiteFiles.Failure(reason: "\(name) is not the list make site writes (\(error))"))
        }
        guard manifest.format == 1 else {
            return .failure(
                SiteFiles.Failure(reason: "\(name) is of format \(manifest.format); this server reads format 1"))
        }
        guard manifest.files.count <= mostFiles else {
            return .failure(SiteFiles.Failure(reason: "\(name) lists \(manifest.files.count) files, over \(mostFiles)"))
        }
        if let outside = (manifest.files + [manifest.worker]).first(where: { !isPlain($0.path) }) {
            return .failure(SiteFiles.Failure(reason: "\(name) lists '\(outside.path)', not a path inside the site"))
        }
        guard manifest.files.contains(where: { $0.path == page }) else {
            return .failure(SiteFiles.Failure(reason: "\(name) does not list the page, \(page)"))
        }
        return .success(manifest)
    }

    /// Whether `path` names a file inside the folder: relative, its parts made of letters, digits, `.`, `-` and
    /// `_`, none of them `.` or `..`.
    static func isPlain(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return !parts.isEmpty
            && parts.allSatisfy { part in
                !part.isEmpty && part != "." && part != ".."
                    && part.utf8.allSatisfy { byte in
                        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                            || (byte >= 0x61 && byte <= 0x7A)
                            || byte == 0x2E || byte == 0x2D || byte == 0x5F
                    }
            }
    }

    /// The SHA-256 of `bytes` in lower-case hex, as the list writes it.
    static func sha256(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        for byte in SHA256.hash(data: bytes) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// The `Content-Type` of the file at `path`, by its extension.
    static func type(of path: String) -> String {
        switch path.split(separator: ".").last {
        case "html": "text/html; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "json": "application/json"
        case "wasm": "application/wasm"
        case "webmanifest": "application/manifest+json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        default: "application/octet-stream"
        }
    }

    /// The `Cache-Control` of the file at `path`: a version folder's file never changes under its name (a new
    /// version is a new folder), so a browser keeps it a year without asking; the page, the worker, the list and the
    /// site's root files are asked again at each use (a 304 when unchanged), so that a new site is found.
    static func cacheControl(of path: String) -> String {
        path.hasPrefix("v/") ? "public, max-age=31536000, immutable" : "no-cache"
    }
}
