// swift-tools-version: 6.1
import PackageDescription

/// `mailsim-playground`: the playground's HTTP and WebSocket server (docs/playground.md). A package of its own so
/// that SwiftNIO and Hummingbird are never linked into `mailsim` nor built by the simulator's own builds and tests;
/// everything the page shows is computed by `MailboxPlayground`, a library of the root package.
let package = Package(
    name: "mailsim-playground",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "mailsim-playground", targets: ["mailsim-playground"]),
        .library(name: "PlaygroundServer", targets: ["PlaygroundServer"])
    ],
    dependencies: [
        .package(name: "mailsim", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // No traits (as hummingbird-websocket asks for it): the defaults (ConfigurationSupport, FullFoundation) are
        // unused here, and SwiftPM wrote their -D flags in a different order at each new build plan, so that
        // Hummingbird recompiled whenever the plan was made again.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // Already in the graph (Hummingbird): the server starts its own graceful shutdown, after the drain.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Already in the graph (swift-nio-extras): the walkthrough's policy hashes its inline blocks.
        .package(url: "https://github.com/apple/swift-crypto.git", "3.0.0"..<"5.0.0")
    ],
    targets: [
        .target(
            name: "PlaygroundServer",
            dependencies: [
                .product(name: "MailboxPlayground", package: "mailsim"),
                .product(name: "PlaygroundServing", package: "mailsim"),
                .product(name: "PlaygroundOptions", package: "mailsim"),
                .product(name: "MailsimVersion", package: "mailsim"),
                .product(name: "MailboxJSON", package: "mailsim"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto")
            ]
        ),
        .executableTarget(
            name: "mailsim-playground",
            dependencies: [
                "PlaygroundServer",
                .product(name: "PlaygroundOptions", package: "mailsim"),
                .product(name: "MailsimVersion", package: "mailsim"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log")
            ]
        ),
        .testTarget(
            name: "PlaygroundServerTests",
            dependencies: [
                "PlaygroundServer",
                .product(name: "PlaygroundOptions", package: "mailsim"),
                .product(name: "MailsimVersion", package: "mailsim"),
                .product(name: "MailboxPlayground", package: "mailsim"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                // The session protocol's tests open a real WebSocket against the live server.
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
                .product(name: "MailboxJSON", package: "mailsim"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log")
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
