import ArgumentParser
import MailboxGIF
import MailboxMovie
import MailboxRaster
import MailboxReports
import MailboxScript
import MailboxSim
import MailboxText
import MailboxWalkthrough

#if canImport(Glibc)
    import Glibc
#endif

extension MailsimCommand {
    /// `mailsim record SCRIPT -o OUT`: plays a script in virtual time and writes its walkthrough.
    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                """
                Play a script in virtual time and write a walkthrough of it: an animated GIF or WebP, a video \
                (MP4, WebM) or an HTML player.
                """,
            discussion: """
                Frame k shows the screen at virtual time k / FPS, from 0 to the script's last instant; the line being \
                played is captioned under the screen. Point (x, y) is pixel (S·x, S·y). The script's expectations \
                still run: the exit status is that of `mailsim run` (0, 1 or 2), and the walkthrough is written even \
                when an expectation failed or an error stopped the script (it then ends there). GIF, WebP and video \
                are drawn and written as the script plays (memory stays flat however long it is); the file appears, \
                whole, when it is done.
                """
        )

        /// What `record` writes, by the output's extension.
        enum Format: String, CaseIterable {
            case gif, webp, mp4, webm, html

            /// The frame-by-frame format, for all but the HTML player.
            var movie: WalkthroughMovie.Format? { WalkthroughMovie.Format(rawValue: rawValue) }
        }

        @Argument(help: "The .mbs script to play (- reads standard input).", completion: .file(extensions: ["mbs"]))
        var script: String

        @Option(
            name: [.customShort("o"), .long],
            help: "Where to write the walkthrough: FILE.gif, FILE.webp, FILE.mp4, FILE.webm or FILE.html.",
            completion: .file(extensions: ["gif", "webp", "mp4", "webm", "html"]))
        var output: String

        @Option(name: .long, help: "Frames per second of virtual time (1…\(Record.fpsRange.upperBound)).")
        var fps = Record.defaultFPS

        @Option(name: .long, help: "Playback speed: 0.25 is slow motion, each frame shown 1 / (fps · speed) seconds.")
        var speed = 1.0

        @Option(
            name: .long,
            help: "Pixels per point (\(PictureRequest.scales.lowerBound)…\(PictureRequest.scales.upperBound)).")
        var scale = PictureRequest.defaultScale

        @OptionGroup var style: OutputOptions

        static let defaultFPS = 30
        static let fpsRange = 1...120
        static let speedRange = Walkthrough.speeds

        var format: Format? {
            guard let dot = output.lastIndex(of: ".") else { return nil }
            return Format(rawValue: output[output.index(after: dot)...].lowercased())
        }

        func validate() throws {
            if format == nil {
                throw ValidationError("-o must name a .gif, .webp, .mp4, .webm or .html file (got '\(output)')")
            }
            if !Record.fpsRange.contains(fps) {
                throw ValidationError(
                    "--fps must be a whole number from \(Record.fpsRange.lowerBound) to \(Record.fpsRange.upperBound)")
            }
            if !speed.isFinite || !Record.speedRange.contains(speed) {
                throw ValidationError(
                    "--speed must be from \(Record.speedRange.lowerBound) to \(Record.speedRange.upperBound)")
            }
            if !PictureRequest.scales.contains(scale) {
                throw ValidationError(
                    "--scale must be from \(PictureRequest.scales.lowerBound) to \(PictureRequest.scales.upperBound)")
            }
        }

        func run() throws {
            let status = Record.execute(
                script: script, output: output, format: format!, fps: fps, speed: speed,
                scale: scale, color: style.color)
            if status != 0 { throw ExitCode(status) }
        }

        /// Plays and writes; the exit status (that of `run`, or 2 when the walkthrough cannot be written).
        static func execute(
            script: String, output: String, format: Format, fps: Int, speed: Double, scale: Int,
            color: ColorChoice?
        ) -> Int32 {
            let printer = ScriptPrinter(trace: false, style: Style.resolve(color))
            FileSystem.protectInput(script)
            do throws(FileSystem.Failure) {
                try FileSystem.refuseInput(output, for: "-o")
            } catch {
                Console.error(printer.style.error(errorLine(error.message)))
                return 2
            }
            if let movie = format.movie {
                return stream(
                    script: script, output: output, format: movie, fps: fps, speed: speed, scale: scale,
                    printer: printer)
            }
            guard let walkthrough = Record.play(script, fps: fps, printer: printer) else { return 2 }
            do throws(FileSystem.Failure) {
                try FileSystem.write(bytes: Array(HTMLPlayer.page(walkthrough, speed: speed).utf8), to: output)
            } catch {
                Console.error(printer.style.error(errorLine(error.message)))
                return 2
            }
            Record.sayWritten(output, format: format, frames: walkthrough.frames.count, fps: fps, speed: speed)
            return walkthrough.report.exitCode
        }

        /// Plays the script while its frames are drawn and coded into the temporary that becomes `output`: no
        /// frame is kept past the next, and the file is renamed into place, whole, only when the walkthrough is.
        static func stream(
            script: String, output: String, format: WalkthroughMovie.Format, fps: Int, speed: Double,
            scale: Int, printer: ScriptPrinter
        ) -> Int32 {
            let clock = FrameClock(framesPerSecond: fps)
            if format == .gif, let warning = Record.gifDelayWarning(fps: fps, speed: speed) {
                Console.error(printer.style.failure(warning))
            }
            var status: Int32 = 2
            var frames = 0
            // Said already (the script unreadable, too long): the write's own failure adds nothing.
            var said = false
            var failure: RasterError?
            do throws(FileSystem.Failure) {
                try FileSystem.write(to: output) { fd, _ in
                    let movie = WalkthroughMovie(format, scale: scale, speed: speed, clock: clock, fd: fd)
                    guard let walkthrough = Record.play(script, fps: fps, printer: printer, sink: movie) else {
                        said = true
                        return false
                    }
                    do throws(RasterError) {
                        if let error = walkthrough.sinkError { throw error }
                        try movie.finish()
                    } catch {
                        failure = error
                        if let code = error.errno { errno = code } else { said = true }
                        return false
                    }
                    status = walkthrough.report.exitCode
                    frames = movie.frames
                    return true
                }
            } catch {
                if let failure, failure.errno == nil {
                    Console.error(printer.style.error(errorLine(failure.message)))
                } else if !said || failure != nil {
                    Console.error(printer.style.error(errorLine(error.message)))
                }
                return 2
            }
            Record.sayWritten(
                output, format: Format(rawValue: format.rawValue)!, frames: frames, fps: fps, speed: speed)
            return status
        }

        /// Browsers play a GIF frame delay of 0 or 1 centisecond as 10 cs (a rule older than the format's
        /// users): above 50 frames a second of playback some delays are 1 cs, and the walkthrough plays slower
        /// than it says. The warning, or nil when every delay is 2 cs or more.
        static func gifDelayWarning(fps: Int, speed: Double) -> String? {
            let shown = Double(fps) * speed
            guard shown > 50 else { return nil }
            let sped = speed == 1 ? "" : " × --speed \(formatNumber(speed))"
            return
                "warning: a GIF's frame delays are whole centiseconds, and browsers play delays under 2 cs as 10 cs: "
                + "at \(formatNumber(shown)) frames a second (--fps \(fps)\(sped)) "
                    + """
                    this walkthrough will play slower than it should; use 50 frames a second or fewer, or -o \
                    FILE.webp, .mp4 or .webm
                    """
        }

        /// Says what `record` wrote, on standard output: `wrote a.gif: 91 frames, 3.033 s at 30 fps, 1,713,860 bytes`.
        static func sayWritten(_ output: String, format: Format, frames: Int, fps: Int, speed: Double) {
            var info = stat()
            let size = stat(output, &info) == 0 ? Int(info.st_size) : nil
            let seconds = Double(frames) / (Double(fps) * speed)
            var text =
                "wrote \(output) (\(format.rawValue.uppercased())): \(counted(frames, "frame")), "
                + "\(formatNumber(seconds)) s at \(fps) fps"
            if speed != 1 { text += " × \(formatNumber(speed))" }
            if let size { text += ", \(grouped(size)) bytes" }
            Console.out(text)
        }

        /// The most frames a walkthrough has: frames 0 to 18 000, so 600 s at 30 fps (a frame at 0 s and one at 600 s).
        static let maxFrames = 18_001

        /// How long a walkthrough may last at `fps`, in seconds, as text (`600`, `2571.43`).
        static func longest(fps: Int) -> String {
            let hundredths = (maxFrames - 1) * 100 / fps
            let whole = "\(hundredths / 100)"
            guard hundredths % 100 != 0 else { return whole }
            let fraction = hundredths % 100
            return whole + "."
                + (fraction < 10 ? "0\(fraction)" : fraction % 10 == 0 ? "\(fraction / 10)" : "\(fraction)")
        }

        /// Runs the script with a recorder, printing what `run` prints; nil (after saying why) when the
        /// script cannot be read or the walkthrough would be too long.
        static func play(
            _ script: String, fps: Int, printer: ScriptPrinter,
            sink: WalkthroughFrameSink? = nil
        ) -> Walkthrough? {
            let recorder = Recorder(clock: FrameClock(framesPerSecond: fps), maxFrames: maxFrames, sink: sink)
            var walkthrough: Walkthrough?
            let name = script == "-" ? "<stdin>" : script
            let report = FileRunner.run(
                script, trace: false, output: printer, observer: recorder,
                finished: { session in
                    walkthrough = recorder.finish(file: name, session: session)
                })
            if let error = report.error, case .unreadable = error.kind {
                if !printer.quiet { Console.error(printer.style.error(error.text)) }
                return nil
            }
            if recorder.overflowed {
                if !printer.quiet {
                    Console.error(
                        printer.style.error(
                            errorLine(
                                """
                                the walkthrough would be longer than \(Record.longest(fps: fps)) s at \(fps) fps \
                                (\(maxFrames) frames, the most a walkthrough has): record a shorter script or use \
                                a lower --fps
                                """
                            )))
                }
                return nil
            }
            walkthrough?.attach(report)
            walkthrough?.sinkError = recorder.sinkError
            return walkthrough
        }
    }
}
