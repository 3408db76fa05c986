// swift-tools-version: 6.0
import PackageDescription

/// "SPEC §N" in comments cites docs/SPEC.md, the behaviour contract.
/// The layers, each using only those below it:
/// MailboxThreads, MailboxText ← MailboxJSON ← MailboxAnimation ← MailboxSim (the model) ← MailboxScript ←
/// MailboxReports ← mailsim; MailboxHandoff (the exports) sits on MailboxScript beside MailboxReports. MailboxThreads (locks and POSIX threads) and MailboxText (text) use nothing of ours.
/// Release builds optimise across them, so the hot path (a line parsed, the reducer, the animator) is
/// specialised and inlined as it was in one module.
let crossModule: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
    // A file sees only what it imports, extension members included: imports say the truth.
    .enableUpcomingFeature("MemberImportVisibility")
]

let package = Package(
    name: "mailsim",
    products: [
        .executable(name: "mailsim", targets: ["mailsim"]),
        // MailsimKit: every layer as one module (`import MailsimKit`, Sources/MailsimKit re-exports them). A program
        // that drives the simulation uses `Session` and the `LineRunner` (MailboxScript) and the screen as a value
        // (MailboxSim); MailboxReports for the words and text of what it finds; MailboxScene, MailboxRaster and
        // MailboxWalkthrough for pictures and walkthroughs; MailboxTestResults for `mailsim test`'s renderings;
        // MailboxFootageDecoding and MailboxGrade to read a walkthrough back (`mailsim grade`).
        .library(name: "MailsimKit", targets: ["MailsimKit"]),
        // The playground without a network (docs/playground.md): the page's messages turned into script lines run
        // on a Session, answered with the screen. The server package (Playground/) depends on it; `mailsim` does
        // not, so its start-up does not grow.
        .library(name: "MailboxPlayground", targets: ["MailboxPlayground"]),
        // The page's files and the native walkthroughs, for the playground's server.
        .library(name: "PlaygroundServing", targets: ["PlaygroundServing"]),
        // The playground server's arguments, declared once for `mailsim serve` and `mailsim-playground`.
        .library(name: "PlaygroundOptions", targets: ["PlaygroundOptions"]),
        // The version, in one place, for both programs.
        .library(name: "MailsimVersion", targets: ["MailsimVersion"]),
        // The one JSON writer, for the server's log lines too (one object a line, escaped as every JSON mailsim
        // prints).
        .library(name: "MailboxJSON", targets: ["MailboxJSON"]),
        // The hand-off (docs/handoff.md): the settings in force as a Swift file, an ES module, design tokens and CSS
        // custom properties (`mailsim export`, the prompt's `export`, the playground's Export buttons).
        .library(name: "MailboxHandoff", targets: ["MailboxHandoff"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        .systemLibrary(
            name: "CEdit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        // The C library's maths (exp, log, sin, cos, pow) and memchr, the one C the model and the language use:
        // glibc's natively, Debian's wasi-libc's in the page's WebAssembly (make wasm).
        .systemLibrary(name: "CMaths"),
        // The one thread helper: a value behind a lock, a lock with a condition, a POSIX thread running a closure.
        .target(name: "MailboxThreads", swiftSettings: crossModule),
        // The version both programs, the language server and the packages print.
        .target(name: "MailsimVersion"),
        // Text: number formats, quoting, "did you mean", display width, XML escaping, error lines, counts.
        .target(name: "MailboxText", swiftSettings: crossModule),
        // The JSON value, its one writer and its strict parser (reports, the playground's protocol, the language
        // server).
        .target(name: "MailboxJSON", dependencies: ["MailboxText"], swiftSettings: crossModule),
        // The animation engine: exact time, Core Animation curves, springs, the animator.
        .target(name: "MailboxAnimation", dependencies: ["MailboxText", "CMaths"], swiftSettings: crossModule),
        // The model: the screen as a value, the actions, the reducer, the timeline, snapshots.
        .target(name: "MailboxSim", dependencies: ["MailboxText", "MailboxAnimation"], swiftSettings: crossModule),
        // The script language: lexer, parser, command table, property paths, Session, script runs.
        .target(
            name: "MailboxScript", dependencies: ["MailboxText", "MailboxAnimation", "MailboxSim", "CMaths"],
            swiftSettings: crossModule),
        // The drawing: the screen at an instant as a scene of shapes, text and glyphs; SVG.
        .target(
            name: "MailboxScene", dependencies: ["MailboxText", "MailboxAnimation", "MailboxSim"],
            // The property plots' style sheet, one file for the HTML player and the playground's plots.css.
            resources: [.embedInCode("Embedded/plots.css")],
            swiftSettings: crossModule),
        // cairo, libpng, libwebp and FFmpeg: headers only; the libraries are opened with dlopen when the first
        // picture (or WebP, or video) is made.
        .systemLibrary(name: "CCairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPNG", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CWebP", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CAV", providers: [.apt(["libavformat-dev", "libavcodec-dev"])]),
        // The animated GIF coder, mailsim's own: each frame's colour table, LZW, the file. Pure (the C maths only), so
        // the page's WebAssembly codes a walkthrough with it too.
        .target(name: "MailboxGIF", dependencies: ["MailboxText", "CMaths"], swiftSettings: crossModule),
        // Pixels: a scene drawn by cairo, PNG (libpng), animated WebP (libwebp), video (FFmpeg's libavformat and
        // libavcodec).
        .target(
            name: "MailboxRaster",
            dependencies: ["MailboxThreads", "MailboxScene", "MailboxGIF", "CCairo", "CPNG", "CWebP", "CAV"],
            swiftSettings: crossModule),
        // Walkthroughs: a script played in virtual time, frame by frame, as data; the HTML player; a GIF whose frames a
        // host draws (the page's canvas). Pure: the page's WebAssembly records with it.
        .target(
            name: "MailboxWalkthrough",
            dependencies: [
                "MailboxText", "MailboxJSON", "MailboxAnimation", "MailboxSim", "MailboxScript",
                "MailboxReports", "MailboxScene", "MailboxGIF"
            ],
            swiftSettings: crossModule),
        // A walkthrough drawn by cairo as it plays and coded into an animated GIF, WebP or a video (`mailsim record`).
        .target(
            name: "MailboxMovie",
            dependencies: [
                "MailboxAnimation", "MailboxSim", "MailboxScene", "MailboxGIF", "MailboxRaster", "MailboxWalkthrough"
            ],
            swiftSettings: crossModule),
        // A walkthrough read back: its frames as pixels and times, and the bounds on what is read. Pure.
        .target(name: "MailboxFootage", swiftSettings: crossModule),
        // mailsim grade's reading: a walkthrough's frames in, each user story's verdict and the thresholds, colours
        // and durations measured out; and its renderings (text, JSON, the HTML evidence page). Pure.
        .target(
            name: "MailboxGrade",
            dependencies: [
                "MailboxText", "MailboxJSON", "MailboxSim", "MailboxReports", "MailboxGIF", "MailboxFootage"
            ],
            // Its loops over every pixel of every frame are optimised in debug builds too: the calibration suite
            // grades a few hundred walkthroughs, in seconds rather than minutes.
            swiftSettings: crossModule + [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // giflib: headers only; libgif.so.7 is opened with dlopen when the first GIF is read.
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        // A walkthrough read from a file, frame by frame as it is decoded: GIFs through giflib, MP4, MOV and WebM
        // through FFmpeg's libavformat and libavcodec, both opened with dlopen on first use (`mailsim grade`).
        .target(
            name: "MailboxFootageDecoding", dependencies: ["MailboxFootage", "CGIF", "CAV"],
            swiftSettings: crossModule),
        // The renderers: reports as text.
        .target(
            name: "MailboxReports",
            dependencies: ["MailboxText", "MailboxJSON", "MailboxAnimation", "MailboxSim", "MailboxScript"],
            swiftSettings: crossModule),
        // `mailsim test`'s results and every rendering of them: text, JSON lines, JUnit XML, TAP, the HTML page of
        // `--report`.
        .target(
            name: "MailboxTestResults",
            dependencies: [
                "MailboxText", "MailboxJSON", "MailboxAnimation", "MailboxSim", "MailboxScript",
                "MailboxReports", "MailboxWalkthrough"
            ],
            swiftSettings: crossModule),
        // The hand-off: the parameters and decisions as code (Swift, JavaScript) and as design tokens (DTCG JSON, CSS),
        // rendered from the parameter table and the model's own enums.
        .target(
            name: "MailboxHandoff",
            dependencies: ["MailboxText", "MailboxJSON", "MailboxAnimation", "MailboxSim", "MailboxScript"],
            // The exported code's templates, files of their own language (Templates/, checked by
            // tools/check-templates.sh), not compiled here.
            exclude: ["Templates"],
            // Embedded as text in the exports, through the links of Embedded/: the model's curve arithmetic and
            // gesture rules (Sources/MailboxAnimation/CurveMath.swift, Sources/MailboxSim/Rules/*.swift), so the
            // export is that code, not a copy; and the templates the exports fill (Templates/*.swift, *.js).
            resources: [
                .embedInCode("Embedded/CurveMath.swift.txt"), .embedInCode("Embedded/ZoneRule.swift.txt"),
                .embedInCode("Embedded/ReleaseRule.swift.txt"), .embedInCode("Embedded/MenuRule.swift.txt"),
                .embedInCode("Embedded/UndoRule.swift.txt"), .embedInCode("Embedded/IconRule.swift.txt"),
                .embedInCode("Embedded/ElasticRule.swift.txt"), .embedInCode("Embedded/HapticRule.swift.txt"),
                .embedInCode("Embedded/Decisions.swift.txt"), .embedInCode("Embedded/Types.swift.txt"),
                .embedInCode("Embedded/Curves.swift.txt"), .embedInCode("Embedded/Rules.swift.txt"),
                .embedInCode("Embedded/decisions.js.txt"),
                .embedInCode("Embedded/curves.js.txt")
            ],
            swiftSettings: crossModule),
        // The bundle of the layers above, re-exported as one module.
        .target(
            name: "MailsimKit",
            dependencies: [
                "MailboxThreads", "MailboxText", "MailboxJSON", "MailboxAnimation", "MailboxSim", "MailboxScript",
                "MailboxReports", "MailboxScene", "MailboxGIF", "MailboxRaster", "MailboxWalkthrough", "MailboxMovie",
                "MailboxTestResults", "MailboxFootage", "MailboxFootageDecoding", "MailboxGrade"
            ]),
        // The playground's core: sessions driven by pointer, tick and key messages; the protocol's JSON; the hand-off
        // exports; a session's walkthrough, recorded within the playground's bounds. Pure, as the model is: `make wasm`
        // compiles it, with the layers below, for the page.
        .target(
            name: "MailboxPlayground",
            dependencies: [
                "MailboxText", "MailboxJSON", "MailboxAnimation", "MailboxSim", "MailboxScript",
                "MailboxReports", "MailboxScene", "MailboxHandoff", "MailboxGIF", "MailboxWalkthrough"
            ],
            swiftSettings: crossModule),
        // The playground's page (docs/playground.md, "The page"): a folder whose one job is to hold the page's files
        // (HTML, CSS, the script's ES modules, its workers, the service worker, the manifest, the icon and the
        // WebAssembly's loader) and to embed those the server serves as bytes (PlaygroundPage.files), so they cannot
        // drift. tools/wasm/site.sh builds the static site from the same folder.
        .target(
            name: "PlaygroundPage",
            dependencies: ["MailboxScene"],
            // The files that only `make site` serves (the WebAssembly module's loader, the service worker, the
            // manifest and the icon), copied from here by tools/wasm/site.sh, not compiled in; and the type check's
            // settings and shared types (`make check`'s tsc), which nothing serves.
            exclude: [
                "mailsim.mjs", "sw.js", "manifest.webmanifest", "icon.svg",
                "jsconfig.json", "jsconfig.sw.json", "types.d.ts", "ambient.d.ts"
            ],
            // The page's own files, compiled into the module as bytes. The script is ES modules, one job each
            // (playground.js imports the others); PlaygroundPageTests checks this list holds every one of the folder.
            resources: [
                .embedInCode("playground.html"), .embedInCode("playground.css"), .embedInCode("playground.js"),
                .embedInCode("state.js"), .embedInCode("bus.js"), .embedInCode("dom.js"),
                .embedInCode("transport.js"), .embedInCode("messages.js"), .embedInCode("link.js"),
                .embedInCode("restore.js"), .embedInCode("keep.js"), .embedInCode("phones.js"),
                .embedInCode("held-screens.js"), .embedInCode("pointer.js"), .embedInCode("ticks.js"),
                .embedInCode("keys.js"),
                .embedInCode("script-pane.js"), .embedInCode("tuning.js"), .embedInCode("curves.js"),
                .embedInCode("looking-back.js"), .embedInCode("site.js"), .embedInCode("record.js"),
                .embedInCode("record-worker.js"), .embedInCode("grade.js"), .embedInCode("grade-worker.js")
            ],
            swiftSettings: crossModule),
        // What the playground's server adds to the session: the page (PlaygroundPage, re-exported), and the
        // walkthroughs that need native libraries (GIF, WebP, video and the HTML player, through MailboxRaster and
        // MailboxWalkthrough).
        .target(
            name: "PlaygroundServing",
            dependencies: [
                "MailboxText", "MailboxAnimation", "MailboxSim", "MailboxScript", "MailboxReports", "MailboxScene",
                "MailboxGIF", "MailboxRaster", "MailboxWalkthrough", "MailboxMovie", "MailboxPlayground",
                "PlaygroundPage"
            ],
            swiftSettings: crossModule),
        // The playground core's cost per message (Benchmarks/PlaygroundCore; docs/performance.md): a release build's
        // `playground-core-bench`, not a test.
        .executableTarget(
            name: "playground-core-bench",
            dependencies: [
                "MailboxJSON", "MailboxSim", "MailboxScript", "MailboxReports", "MailboxScene",
                "MailboxPlayground"
            ],
            path: "Benchmarks/PlaygroundCore", swiftSettings: crossModule),
        // The playground server's arguments and help (ArgumentParser), shared by `mailsim serve` and the server.
        .target(
            name: "PlaygroundOptions",
            dependencies: ["MailboxPlayground", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // `mailsim lsp`: the language server (JSON-RPC on standard input and output, docs/editors.md).
        .target(
            name: "MailboxLanguageServer",
            dependencies: [
                "MailboxThreads", "MailboxText", "MailboxJSON", "MailboxAnimation", "MailboxSim",
                "MailboxScript", "MailboxReports", "MailboxScene", "MailsimVersion"
            ],
            swiftSettings: crossModule),
        // The front end: the command line, the REPL on libedit, styled output.
        .executableTarget(
            name: "mailsim",
            dependencies: [
                "MailboxThreads", "MailboxText", "MailboxJSON", "MailboxAnimation", "MailboxSim", "MailboxScript",
                "MailboxReports", "MailboxScene", "MailboxGIF", "MailboxRaster", "MailboxWalkthrough", "MailboxMovie",
                "MailboxTestResults", "MailboxLanguageServer", "MailboxHandoff", "PlaygroundOptions", "MailsimVersion",
                "MailboxFootage", "MailboxFootageDecoding", "MailboxGrade", "CEdit",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ],
            swiftSettings: crossModule
        ),
        // What more than one test target uses (ArgumentParserTestHelpers' way): time and message shorthands,
        // refusals that change nothing, `Logged`, `PromptSession`, the seeded generator, the command generators and
        // the invariants (also compiled into the fuzz target by tools/fuzz.sh). A regular target, built by
        // `swift build` too (release included): it uses the layers' public and package API only, no @testable.
        .target(
            name: "MailsimTestSupport",
            dependencies: ["MailboxText", "MailboxAnimation", "MailboxSim", "MailboxScript", "MailboxReports"],
            path: "Tests/MailsimTestSupport"),
        // What LICEcap and a student do to a recording, as functions over frames (crop, title bar, border, cursor,
        // merged and resampled frames, colour shifts, a home screen), and a GIF writer like LICEcap's: the grader's
        // calibration tests damage mailsim's own walkthroughs with it. A regular target, like MailsimTestSupport.
        .target(
            name: "WalkthroughDamage", dependencies: ["MailboxFootage", "MailboxGIF"], path: "Tests/WalkthroughDamage"),
        // Random scripts from that generator, written as files (`mailsim-scripts COUNT SEED FOLDER`): the page's
        // differential run sends each through the native binary and the WebAssembly module (Tests/wasm).
        .executableTarget(
            name: "mailsim-scripts", dependencies: ["MailboxScript", "MailboxSim", "MailsimTestSupport"],
            path: "Tests/ScriptGenerator"),
        // The unit tests, a target a layer (as the library is split), each depending on the layers its tests use.
        // A test is filed by what it is about, not by what it drives: most drive a Session.
        // Text: display width, quoting and number formats as reports use them.
        .testTarget(
            name: "MailboxTextTests",
            dependencies: [
                "MailboxText", "MailboxJSON", "MailboxSim", "MailboxScript", "MailboxReports",
                "MailsimTestSupport"
            ]),
        // The JSON writer and its strict parser.
        .testTarget(name: "MailboxJSONTests", dependencies: ["MailboxText", "MailboxJSON", "MailsimTestSupport"]),
        // The one thread helper and lock: a thread's options (its stack, its signals), join, the lock under four
        // threads.
        .testTarget(name: "MailboxThreadsTests", dependencies: ["MailboxThreads"]),
        // The playground server's options: their bounds, and the arguments `mailsim serve` passes on.
        .testTarget(name: "PlaygroundOptionsTests", dependencies: ["PlaygroundOptions", "MailboxPlayground"]),
        // The animation engine: ticks, Béziers, springs and their notations, the animator.
        .testTarget(
            name: "MailboxAnimationTests",
            dependencies: [
                "MailboxText", "MailboxAnimation", "MailboxSim", "MailboxScript", "MailboxReports",
                "MailsimTestSupport"
            ]),
        // The model's behaviour (SPEC §2, §3, §7): the reducer, swipes, menu, compose, segments, undo, the timeline,
        // real apps' rules, the contract with SPEC; and the model's property tests.
        .testTarget(
            name: "MailboxSimTests",
            dependencies: [
                "MailboxText", "MailboxAnimation", "MailboxSim", "MailboxScript", "MailboxReports",
                "MailsimTestSupport"
            ]),
        // The language: lexer, parsers, paths, numbers, completion, the session, saving, the runners, the scripts
        // under Scripts/, robustness and the fuzz regressions. (LineRunnerTests watches a run with a Recorder.)
        .testTarget(
            name: "MailboxScriptTests",
            dependencies: [
                "MailboxText", "MailboxAnimation", "MailboxSim", "MailboxScript", "MailboxReports",
                "MailboxWalkthrough", "MailsimTestSupport"
            ]),
        // The words and text of what runs find: formatting, reports and their width, JSON reports, test results,
        // golden files, the generated parts of docs/.
        .testTarget(
            name: "MailboxReportsTests",
            dependencies: [
                "MailboxText", "MailboxJSON", "MailboxAnimation", "MailboxSim", "MailboxScript",
                "MailboxReports", "MailsimTestSupport"
            ]),
        // `mailsim test`'s results rendered: text, JSON lines, JUnit XML, TAP, the HTML report.
        .testTarget(
            name: "MailboxTestResultsTests",
            dependencies: [
                "MailboxText", "MailboxAnimation", "MailboxSim", "MailboxScript", "MailboxReports", "MailboxTestResults"
            ]),
        // The scene: hit testing, the compose sheet and its keyboard drawn as shapes.
        .testTarget(
            name: "MailboxSceneTests",
            dependencies: ["MailboxSim", "MailboxScript", "MailboxReports", "MailboxScene"]),
        // Pixels: cairo's pixels read back against SPEC's geometry, SVG's bytes, drawing on several threads.
        .testTarget(
            name: "MailboxRasterTests",
            dependencies: [
                "MailboxThreads", "MailboxText", "MailboxAnimation", "MailboxSim", "MailboxScript", "MailboxScene",
                "MailboxRaster"
            ]),
        // Walkthroughs: frame instants, the recorder, the HTML player, the property plots, GIF palettes.
        .testTarget(
            name: "MailboxWalkthroughTests",
            dependencies: [
                "MailboxText", "MailboxAnimation", "MailboxSim", "MailboxScript", "MailboxScene", "MailboxGIF",
                "MailboxRaster", "MailboxWalkthrough", "MailboxMovie"
            ]),
        // The GIF coder alone: frames, delays, rectangles, a capped sink.
        .testTarget(name: "MailboxGIFTests", dependencies: ["MailboxGIF"]),
        // The grader: stories read from mailsim's own walkthroughs, where the truth is known.
        .testTarget(
            name: "MailboxGradeTests",
            dependencies: [
                "MailboxFootage", "MailboxFootageDecoding", "MailboxGrade", "MailboxGIF", "MailboxScript", "MailboxSim",
                "MailboxScene", "MailboxRaster", "MailboxWalkthrough", "MailboxMovie", "WalkthroughDamage"
            ]),
        // Footage: frames and their bounds.
        .testTarget(name: "MailboxFootageTests", dependencies: ["MailboxFootage"]),
        // Reading walkthroughs back: GIFs, MP4 and WebM made by `mailsim record` (the binary, built beside the
        // tests), hand-made GIFs for each rule of composition, hostile files; and mailsim's walkthroughs damaged as
        // LICEcap and students damage them, read back.
        .testTarget(
            name: "MailboxFootageDecodingTests",
            dependencies: [
                "mailsim", "MailboxFootage", "MailboxFootageDecoding", "MailboxGIF", "WalkthroughDamage"
            ]),
        // The page's GIF against mailsim record's: given cairo's pixels, the same bytes.
        .testTarget(
            name: "MailboxMovieTests",
            dependencies: [
                "MailboxAnimation", "MailboxSim", "MailboxScript", "MailboxScene", "MailboxGIF", "MailboxRaster",
                "MailboxWalkthrough", "MailboxMovie"
            ]),
        .testTarget(
            name: "MailboxPlaygroundTests",
            dependencies: [
                "MailboxThreads", "MailboxText", "MailboxJSON", "MailboxAnimation", "MailboxSim",
                "MailboxScript", "MailboxReports", "MailboxScene", "MailboxPlayground", "MailboxHandoff",
                "MailboxGIF", "MailboxWalkthrough", "PlaygroundServing"
            ]),
        // The page's files as the server and the site serve them: the table, the modules, byte for byte the tree's.
        .testTarget(name: "PlaygroundPageTests", dependencies: ["PlaygroundPage"]),
        // The server's library as the server imports it: the page re-exported.
        .testTarget(name: "PlaygroundServingTests", dependencies: ["PlaygroundServing"]),
        // The hand-off: the exports' text, and the differential run that compiles the Swift with swiftc, runs the
        // JavaScript with Node and compares both with the model on 100,000 cases and more.
        .testTarget(
            name: "MailboxHandoffTests",
            dependencies: [
                "MailboxText", "MailboxJSON", "MailboxAnimation", "MailboxSim", "MailboxScript", "MailboxHandoff",
                "MailsimTestSupport"
            ]),
        // The version's form, and the editor extension's agreement with it.
        .testTarget(name: "MailsimVersionTests", dependencies: ["MailsimVersion"]),
        // MailsimKit as a program imports it: one import drives, reads and draws.
        .testTarget(name: "MailsimKitTests", dependencies: ["MailsimKit"]),
        // Through the real binary; MailboxHandoff (and what its API takes) to compare `mailsim export` with the renderer.
        .testTarget(
            name: "mailsimCLITests",
            dependencies: ["mailsim", "MailboxSim", "MailboxScript", "MailboxHandoff", "MailsimTestSupport"]),
        .testTarget(
            name: "MailboxLanguageServerTests",
            dependencies: [
                "MailboxThreads", "MailboxText", "MailboxJSON", "MailboxAnimation", "MailboxSim",
                "MailboxScript", "MailboxReports", "MailboxLanguageServer"
            ])
    ],
    swiftLanguageModes: [.v6]
)
