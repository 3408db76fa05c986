import MailboxRaster
import MailboxReports
import MailboxScript
import MailboxSim
import MailboxWalkthrough
import ArgumentParser

extension MailsimCommand {
    /// `mailsim record SCRIPT -o OUT`: plays a script in virtual time and writes its walkthrough.
    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play a script in virtual time and write a walkthrough of it: an animated GIF or an HTML player.",
            discussion: """
            Frame k shows the screen at virtual time k / FPS, from 0 to the script's last instant; the line being \
            played is captioned under the screen. Point (x, y) is pixel (S·x, S·y). The script's expectations \
            still run: the exit status is that of `mailsim run` (0, 1 or 2), and the walkthrough is written even \
            when an expectation failed or an error stopped the script (it then ends there).
            """
        )

        /// What `record` writes, by the output's extension.
        enum Format: String, CaseIterable {
            case gif, html
        }

        @Argument(help: "The .mbs script to play (- reads standard input).")
        var script: String

        @Option(name: [.customShort("o"), .long], help: "Where to write the walkthrough: FILE.gif or FILE.html.")
        var output: String

        @Option(name: .long, help: "Frames per second of virtual time (1…\(Record.fpsRange.upperBound)).")
        var fps = Record.defaultFPS

        @Option(name: .long, help: "Playback speed: 0.25 is slow motion, each frame shown 1 / (fps · speed) seconds.")
        var speed = 1.0

        @Option(name: .long, help: "Pixels per point (\(PictureRequest.scales.lowerBound)…\(PictureRequest.scales.upperBound)).")
        var scale = PictureRequest.defaultScale

        @OptionGroup var style: OutputOptions

        static let defaultFPS = 30
        static let fpsRange = 1...120
        static let speedRange = 0.01...100.0

        var format: Format? {
            guard let dot = output.lastIndex(of: ".") else { return nil }
            return Format(rawValue: output[output.index(after: dot)...].lowercased())
        }

        func validate() throws {
            if format == nil {
                throw ValidationError("-o must name a .gif or .html file (got '\(output)')")
            }
            if !Record.fpsRange.contains(fps) {
                throw ValidationError("--fps must be a whole number from \(Record.fpsRange.lowerBound) to \(Record.fpsRange.upperBound)")
            }
            if !speed.isFinite || !Record.speedRange.contains(speed) {
                throw ValidationError("--speed must be from \(Record.speedRange.lowerBound) to \(Record.speedRange.upperBound)")
            }
            if !PictureRequest.scales.contains(scale) {
                throw ValidationError("--scale must be from \(PictureRequest.scales.lowerBound) to \(PictureRequest.scales.upperBound)")
            }
        }

        func run() throws {
            let status = Record.execute(script: script, output: output, format: format!, fps: fps, speed: speed,
                                        scale: scale, color: style.color)
            if status != 0 { throw ExitCode(status) }
        }

        /// Plays and writes; the exit status (that of `run`, or 2 when the walkthrough cannot be written).
        static func execute(script: String, output: String, format: Format, fps: Int, speed: Double, scale: Int,
                            color: ColorChoice?) -> Int32 {
            let printer = ScriptPrinter(trace: false, style: Style.resolve(color))
            FileSystem.protectInput(script)
            do throws(FileSystem.Failure) {
                try FileSystem.refuseInput(output, for: "-o")
            } catch {
                Console.error(printer.style.error("mailsim: record: \(error.message)"))
                return 2
            }
            guard let walkthrough = Record.play(script, fps: fps, printer: printer) else { return 2 }
            do {
                let bytes: [UInt8]
                switch format {
                case .gif: bytes = try WalkthroughGIF.encode(walkthrough, scale: scale, speed: speed)
                case .html: bytes = Array(HTMLPlayer.page(walkthrough, speed: speed).utf8)
                }
                try FileSystem.write(bytes: bytes, to: output)
            } catch let error as RasterError {
                Console.error(printer.style.error("mailsim: record: \(error.message)"))
                return 2
            } catch let error as FileSystem.Failure {
                Console.error(printer.style.error("mailsim: record: \(error.message)"))
                return 2
            } catch {
                Console.error(printer.style.error("mailsim: record: \(error)"))
                return 2
            }
            return walkthrough.report.exitCode
        }

        /// The most frames a walkthrough has: frames 0 to 18 000, so 600 s at 30 fps (a frame at 0 s and one at 600 s).
        static let maxFrames = 18_001

        /// How long a walkthrough may last at `fps`, in seconds, as text (`600`, `2571.43`).
        static func longest(fps: Int) -> String {
            let hundredths = (maxFrames - 1) * 100 / fps
            let whole = "\(hundredths / 100)"
            guard hundredths % 100 != 0 else { return whole }
            let fraction = hundredths % 100
            return whole + "." + (fraction < 10 ? "0\(fraction)" : fraction % 10 == 0 ? "\(fraction / 10)" : "\(fraction)")
        }

        /// Runs the script with a recorder, printing what `run` prints; nil (after saying why) when the
        /// script cannot be read or the walkthrough would be too long.
        static func play(_ script: String, fps: Int, printer: ScriptPrinter) -> Walkthrough? {
            let recorder = Recorder(clock: FrameClock(framesPerSecond: fps), maxFrames: maxFrames)
            var walkthrough: Walkthrough?
            let name = script == "-" ? "<stdin>" : script
            var output = printer
            let report = ScriptFile.run(script, trace: false, output: &output, observer: recorder, finished: { session in
                walkthrough = recorder.finish(file: name, session: session)
            })
            if let error = report.error, case .unreadable = error.kind {
                if !printer.quiet { Console.error(printer.style.error(error.text)) }
                return nil
            }
            if recorder.overflowed {
                if !printer.quiet { Console.error(printer.style.error("mailsim: record: the walkthrough would be longer than \(Record.longest(fps: fps)) s at \(fps) fps (\(maxFrames) frames, the most a walkthrough has): record a shorter script or use a lower --fps")) }
                return nil
            }
            walkthrough?.attach(report)
            return walkthrough
        }
    }
}
