import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PlaygroundOptions
import Testing

@testable import PlaygroundServer

/// A site folder as `make site` writes it (docs/deploy.md, "What a site is"): served as its `site.json` lists it,
/// and refused at start when a file is not the one listed.
@Suite struct SiteTests {
    static let build = "0123456789abcdef"
    static let page = Array("<!DOCTYPE html><title>site</title><script src=\"v/\(build)/playground.js\"></script>".utf8)
    static let script = Array("export const site = true;\n".utf8)
    static let wasm: [UInt8] = [0, 0x61, 0x73, 0x6D, 1, 0, 0, 0]
    static let worker = Array("const BUILD = \"\(build)\";\n".utf8)

    /// A folder holding the site's files (`files`, by path) and the list of `listed` (default: the same files).
    static func site(_ files: [String: [UInt8]], listed: [String: [UInt8]]? = nil) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mailsim-site-\(UUID())").path
        for (path, bytes) in files {
            let url = URL(fileURLWithPath: folder + "/" + path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        func entry(_ path: String, _ bytes: [UInt8]) -> String {
            "{\"path\": \"\(path)\", \"sha256\": \"\(SiteManifest.sha256(bytes))\", \"size\": \(bytes.count)}"
        }
        let list = (listed ?? files).filter { $0.key != "sw.js" }.sorted { $0.key < $1.key }
        let json = """
            {"format": 1, "mailsim": "0.0.0", "build": "\(build)", "worker": \(entry("sw.js", worker)),
             "files": [\(list.map { entry($0.key, $0.value) }.joined(separator: ",\n"))]}
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/site.json"))
        return folder
    }

    static var whole: [String: [UInt8]] {
        ["index.html": page, "v/\(build)/playground.js": script, "v/\(build)/mailsim.wasm": wasm, "sw.js": worker]
    }

    static func failure(_ folder: String) -> String? {
        switch SiteFiles.load(named: folder, executable: nil) {
        case .success: nil
        case .failure(let failure): failure.reason
        }
    }

    @Test func aWholeSiteIsServedAsItsListSays() async throws {
        let folder = try Self.site(
            Self.whole.merging(["unlisted.txt": Array("no\n".utf8)]) { a, _ in a }, listed: Self.whole)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let site = try SiteFiles.load(named: folder, executable: nil).get()
        #expect(site.build == Self.build)
        let playground = buildApplication(
            PlaygroundConfiguration(
                address: ServedAddress(
                    host: "127.0.0.1", publicOrigins: [try PublicOrigin.parse("http://localhost").get()]),
                sessionsPerAddress: 2, maxSessions: 4, site: site),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        try await playground.application.test(.router) { client in
            for uri in ["/", "/index.html"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(Array(buffer: response.body) == Self.page, "the site's own page at \(uri)")
                    #expect(response.headers[.cacheControl] == "no-cache")
                }
            }
            try await client.execute(uri: "/v/\(Self.build)/mailsim.wasm", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/wasm")
                #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
                #expect(Array(buffer: response.body) == Self.wasm)
            }
            try await client.execute(uri: "/v/\(Self.build)/playground.js", method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
                #expect(response.headers[.contentLength] == String(Self.script.count))
                #expect(response.body.readableBytes == 0)
            }
            for (uri, type) in [("/sw.js", "text/javascript; charset=utf-8"), ("/site.json", "application/json")] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(uri)")
                    #expect(response.headers[.contentType] == type)
                    #expect(response.headers[.cacheControl] == "no-cache")
                }
            }
            try await client.execute(uri: "/unlisted.txt", method: .get) { response in
                #expect(response.status == .notFound)
            }
            // The compiled-in page's modules are still there (a page of an older site may ask for them).
            try await client.execute(uri: "/transport.js", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test func aFileCutShortIsRefusedWithWords() throws {
        var files = Self.whole
        files["v/\(Self.build)/mailsim.wasm"] = Array(Self.wasm.prefix(4))
        let folder = try Self.site(files, listed: Self.whole)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let reason = Self.failure(folder)
        #expect(
            reason
                == """
                site '\(folder)': v/\(Self.build)/mailsim.wasm is 4 bytes, site.json says 8: the folder is not whole \
                (copied while it was written, or cut short); copy it again, or run make site
                """)
    }

    @Test func aFileChangedAfterMakeSiteIsRefused() throws {
        var files = Self.whole
        files["v/\(Self.build)/playground.js"] = Array("export const site = 1234;\n".utf8)
        let folder = try Self.site(files, listed: Self.whole)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let reason = Self.failure(folder) ?? ""
        #expect(reason.contains("v/\(Self.build)/playground.js is not the file site.json lists (SHA-256 "))
        #expect(reason.hasSuffix("it changed after make site wrote it; run make site again"))
    }

    @Test func aMissingFileOrWorkerIsRefused() throws {
        for missing in ["index.html", "sw.js"] {
            var files = Self.whole
            files[missing] = nil
            let folder = try Self.site(files, listed: Self.whole)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            #expect(Self.failure(folder)?.contains("\(missing), which site.json lists, is missing") == true)
        }
    }

    @Test func aListThatIsNotMakeSitesIsRefused() throws {
        let outside = try Self.site(Self.whole, listed: Self.whole.merging(["../x": Self.script]) { a, _ in a })
        defer { try? FileManager.default.removeItem(atPath: outside) }
        #expect(Self.failure(outside) == "site '\(outside)': site.json lists '../x', not a path inside the site")
        let noPage = try Self.site(Self.whole, listed: Self.whole.filter { $0.key != "index.html" })
        defer { try? FileManager.default.removeItem(atPath: noPage) }
        #expect(Self.failure(noPage) == "site '\(noPage)': site.json does not list the page, index.html")
        let bare = FileManager.default.temporaryDirectory.appendingPathComponent("mailsim-bare-\(UUID())").path
        try FileManager.default.createDirectory(atPath: bare, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: bare) }
        #expect(Self.failure(bare)?.hasPrefix("--site '\(bare)' has no site.json: name the folder make site") == true)
    }

    @Test func plainPathsOnly() {
        #expect(SiteManifest.isPlain("v/0123/mailsim.wasm"))
        #expect(SiteManifest.isPlain("index.html"))
        for bad in ["", "/etc/passwd", "v//x", "../x", "v/./x", "a b", "v/x/"] {
            #expect(!SiteManifest.isPlain(bad), "\(bad)")
        }
    }
}
