// The page's WebAssembly module: the one thin layer between JavaScript and the Swift the native build also runs
// (make wasm; docs/playground.md). It only moves bytes: a session is a retained object whose address JavaScript
// holds as a handle, text comes in as UTF-8 at an address JavaScript filled (`mailsim_alloc`), and every answer is
// one block JavaScript reads and frees: status, handle, length (little-endian 32-bit words), then the UTF-8 bytes.
// No state lives here beyond what a handle points at, and no rule: ScriptConsole and PlaygroundSession are the
// library's.
import MailboxPlayground

/// The host's monotonic clock in milliseconds (`performance.now()`), imported: it bounds a message's work as the
/// server's deadline does, and is never read by the simulation.
@_extern(wasm, module: "mailsim", name: "now_ms")
@_extern(c)
func hostMilliseconds() -> Double

/// `size` bytes from Swift's allocator (the embedded runtime's, on wasi-libc's malloc).
func malloc(_ size: Int) -> UnsafeMutableRawPointer? { .allocate(byteCount: size, alignment: 8) }

/// Gives back what `malloc` gave.
func free(_ pointer: UnsafeMutableRawPointer?) { pointer?.deallocate() }

/// A script console behind a handle.
final class ConsoleBox {
    var console: ScriptConsole
    init(_ console: ScriptConsole) { self.console = console }
}

/// A playground session behind a handle.
final class PlaygroundBox {
    var session: PlaygroundSession
    init(_ session: PlaygroundSession) { self.session = session }
}

/// `count` bytes for JavaScript to fill.
@_expose(wasm, "mailsim_alloc")
@_cdecl("mailsim_alloc")
func mailsimAlloc(_ count: Int32) -> UnsafeMutableRawPointer? { malloc(Int(max(count, 1))) }

/// Frees what `mailsim_alloc` gave or an answer block.
@_expose(wasm, "mailsim_free")
@_cdecl("mailsim_free")
func mailsimFree(_ pointer: UnsafeMutableRawPointer?) { free(pointer) }

/// The text JavaScript wrote at `pointer` (freed here).
func takeText(_ pointer: UnsafeMutableRawPointer?, _ count: Int32) -> String {
    guard let pointer, count > 0 else {
        free(pointer)
        return ""
    }
    let text = String(
        decoding: UnsafeRawBufferPointer(start: pointer, count: Int(count)).bindMemory(to: UInt8.self), as: UTF8.self)
    free(pointer)
    return text
}

/// One answer block (`AnswerBlock`: status, handle, then each text as its length and its bytes), in memory
/// JavaScript reads and frees.
func answer(status: Int, handle: UnsafeMutableRawPointer? = nil, _ texts: [String]) -> UnsafeMutableRawPointer? {
    place(AnswerBlock.bytes(status: status, handle: UInt(bitPattern: handle), texts: texts))
}

/// `bytes` copied into memory of their own, for JavaScript to read and free.
func place(_ bytes: [UInt8]) -> UnsafeMutableRawPointer? {
    guard let block = malloc(bytes.count) else { return nil }
    bytes.withUnsafeBytes { block.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    return block
}

// MARK: - The console: `session.execute(line)`

@_expose(wasm, "mailsim_console_new")
@_cdecl("mailsim_console_new")
func consoleNew(_ file: UnsafeMutableRawPointer?, _ fileCount: Int32, _ tracing: Int32) -> UnsafeMutableRawPointer {
    let name = takeText(file, fileCount)
    let console = ScriptConsole(file: name.isEmpty ? "<stdin>" : name, tracing: tracing != 0)
    return Unmanaged.passRetained(ConsoleBox(console)).toOpaque()
}

@_expose(wasm, "mailsim_console_execute")
@_cdecl("mailsim_console_execute")
func consoleExecute(_ handle: UnsafeMutableRawPointer, _ text: UnsafeMutableRawPointer?, _ count: Int32)
    -> UnsafeMutableRawPointer?
{
    let box = Unmanaged<ConsoleBox>.fromOpaque(handle).takeUnretainedValue()
    let printed = box.console.execute(takeText(text, count))
    return answer(status: printed.status.rawValue, [printed.output, printed.errors, String(box.console.lastLine)])
}

@_expose(wasm, "mailsim_console_finish")
@_cdecl("mailsim_console_finish")
func consoleFinish(_ handle: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    let box = Unmanaged<ConsoleBox>.fromOpaque(handle).takeUnretainedValue()
    let printed = box.console.finish()
    return answer(status: printed.status.rawValue, [printed.output, printed.errors, String(box.console.lastLine)])
}

@_expose(wasm, "mailsim_console_release")
@_cdecl("mailsim_console_release")
func consoleRelease(_ handle: UnsafeMutableRawPointer) { Unmanaged<ConsoleBox>.fromOpaque(handle).release() }

// MARK: - The playground: the page's messages

/// A session from a start script (empty: the fresh screen): status 0 and the opening messages, or status 2 and why.
@_expose(wasm, "mailsim_playground_new")
@_cdecl("mailsim_playground_new")
func playgroundNew(
    _ script: UnsafeMutableRawPointer?, _ count: Int32, _ generator: UnsafeMutableRawPointer?, _ generatorCount: Int32
) -> UnsafeMutableRawPointer? {
    let text = takeText(script, count)
    let program = takeText(generator, generatorCount)
    let start: PlaygroundStart
    if text.isEmpty {
        start = .empty
    } else {
        switch PlaygroundStart.script(text, name: "start", isCancelled: deadline()) {
        case .failure(let error): return answer(status: 2, [error.message])
        case .success(let started): start = started
        }
    }
    var session = PlaygroundSession(start: start)
    if !program.isEmpty { session.exportGenerator = program }
    let opening = session.opening()
    return answer(status: 0, handle: Unmanaged.passRetained(PlaygroundBox(session)).toOpaque(), opening)
}

/// One message from the page (JSON text); the messages to show, each a JSON text.
@_expose(wasm, "mailsim_playground_receive")
@_cdecl("mailsim_playground_receive")
func playgroundReceive(_ handle: UnsafeMutableRawPointer, _ text: UnsafeMutableRawPointer?, _ count: Int32)
    -> UnsafeMutableRawPointer?
{
    let box = Unmanaged<PlaygroundBox>.fromOpaque(handle).takeUnretainedValue()
    return answer(status: 0, box.session.receive(takeText(text, count), isCancelled: deadline()))
}

@_expose(wasm, "mailsim_playground_release")
@_cdecl("mailsim_playground_release")
func playgroundRelease(_ handle: UnsafeMutableRawPointer) { Unmanaged<PlaygroundBox>.fromOpaque(handle).release() }

/// A message's bound on its work, as the server's (`PlaygroundLimits.workSeconds`), on the host's clock.
func deadline() -> @Sendable () -> Bool {
    let end = hostMilliseconds() + PlaygroundLimits.workSeconds * 1000
    return { hostMilliseconds() > end }
}
