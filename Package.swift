// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "mailsim",
    products: [
        .executable(name: "mailsim", targets: ["mailsim"]),
        .library(name: "MailboxSim", targets: ["MailboxSim"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CEdit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(name: "MailboxSim"),
        .executableTarget(
            name: "mailsim",
            dependencies: [
                "MailboxSim",
                "CEdit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "MailboxSimTests", dependencies: ["MailboxSim"]),
        .testTarget(name: "mailsimCLITests", dependencies: ["mailsim"]),
    ],
    swiftLanguageModes: [.v6]
)
