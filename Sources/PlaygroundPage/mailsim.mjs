// mailsim in the page: the simulation compiled to WebAssembly (make wasm) from the same Swift the native binary
// runs, loaded in a browser or in Node 18+ from this file's folder (docs/playground.md).
//
//   import { Session } from "./mailsim.mjs";
//   const session = await Session.create({ file: "first.mbs" });
//   session.execute("pan msg1 -180");            // "" : a gesture prints nothing
//   session.execute("state --json");             // what `mailsim run` prints for the line
//   session.execute("expect msg1.x == 0");       // throws MailsimError: "first.mbs:3: expected msg1.x == 0, got …"
//
// The module only moves bytes; every rule is the Swift library's (ScriptConsole, PlaygroundSession).

const wasmURL = new URL("./mailsim.wasm", import.meta.url);
const encoder = new TextEncoder();
const decoder = new TextDecoder();

// generated: answer-block
// The answer block's layout, from the Swift that writes it (MailboxPlayground's AnswerBlock): bytes from
// the block's start, little-endian 32-bit words.
const ANSWER = Object.freeze({ status: 0, handle: 4, count: 8, parts: 12, word: 4 });
// end generated

/** A line that failed: `message` is what `mailsim run` prints on standard error for it (without the last newline);
 * `status` is 1 for an `expect` that did not hold (the script goes on) and 2 for a refused line (it stops there);
 * `output` is what the line printed on standard output before. A trap in the module has status 3, and `reason`
 * says what the engine or the Swift runtime said of it. */
export class MailsimError extends Error {
  constructor(message, status, output = "") {
    super(message);
    this.name = "MailsimError";
    this.status = status;
    this.output = output;
  }
}

/** The module's bytes: this folder's mailsim.wasm, read from disk in Node and fetched in a browser. */
async function wasmSource(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  const url = source ? new URL(source, import.meta.url) : wasmURL;
  if (url.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    return WebAssembly.compile(await readFile(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`mailsim.wasm: ${response.status} ${response.statusText}`);
  if (WebAssembly.compileStreaming && (response.headers.get("content-type") || "").startsWith("application/wasm")) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

const clock = typeof performance !== "undefined" ? () => performance.now() : () => Date.now();
const modules = new Map();

/** One instance of the module: its memory holds every session made from it. After a trap it is broken, and
 * every session on it throws; a new instance (Session.create again) starts clean. */
class Instance {
  static async load(source) {
    const key = source || "";
    if (!modules.has(key)) modules.set(key, wasmSource(source));
    const module = await modules.get(key);
    return new Instance(module);
  }

  constructor(module) {
    this.said = "";
    this.broken = null;
    const words = () => new Uint32Array(this.exports.memory.buffer);
    // The C library the module links writes a trap's reason to standard error through WASI's fd_write; it is kept
    // for the error the trap becomes. Nothing else of WASI is used.
    const wasi = {
      fd_write: (fd, iovs, count, written) => {
        let total = 0;
        const memory = new Uint8Array(this.exports.memory.buffer);
        for (let i = 0; i < count; i++) {
          const [pointer, length] = [words()[(iovs >> 2) + 2 * i], words()[(iovs >> 2) + 2 * i + 1]];
          this.said += decoder.decode(memory.subarray(pointer, pointer + length));
          total += length;
        }
        words()[written >> 2] = total;
        return 0;
      },
      fd_close: () => 0,
      fd_seek: () => 70, // ESPIPE: standard error cannot seek
    };
    const instance = new WebAssembly.Instance(module, {
      mailsim: { now_ms: clock },
      wasi_snapshot_preview1: wasi,
    });
    /** @type {any} its memory and the functions it exports (Sources/MailboxWasm/Exports.swift) */
    this.exports = instance.exports;
  }

  /** Calls export `name` with the texts as (address, length) pairs and the other arguments as they are. */
  call(name, ...args) {
    if (this.broken) throw this.broken;
    const pass = [];
    try {
      for (const arg of args) {
        if (typeof arg === "string") {
          const bytes = encoder.encode(arg);
          const pointer = this.exports.mailsim_alloc(bytes.length);
          new Uint8Array(this.exports.memory.buffer, pointer, bytes.length).set(bytes);
          pass.push(pointer, bytes.length);
        } else {
          pass.push(arg);
        }
      }
      return this.exports[name](...pass);
    } catch (error) {
      // A trap (Swift's precondition, memory exhausted): this instance can run nothing more.
      const reason = this.said.trim() || String(error && error.message);
      this.broken = new MailsimError(`error: the simulation stopped (${reason}): reload to go on`, 3);
      /** @type {MailsimError & { reason?: string }} */ (this.broken).reason = reason;
      throw this.broken;
    }
  }

  /** Reads and frees an answer block (`ANSWER`'s layout): { status, handle, texts }. */
  answer(pointer) {
    const view = new DataView(this.exports.memory.buffer);
    const status = view.getUint32(pointer + ANSWER.status, true);
    const handle = view.getUint32(pointer + ANSWER.handle, true);
    const count = view.getUint32(pointer + ANSWER.count, true);
    const texts = [];
    let at = pointer + ANSWER.parts;
    for (let i = 0; i < count; i++) {
      const length = view.getUint32(at, true);
      texts.push(decoder.decode(new Uint8Array(this.exports.memory.buffer, at + ANSWER.word, length)));
      at += ANSWER.word + length;
    }
    this.exports.mailsim_free(pointer);
    return { status, handle, texts };
  }

  /** Reads and frees an answer block whose one part is bytes (a file): { status, bytes } (texts when refused). */
  answerBytes(pointer) {
    const view = new DataView(this.exports.memory.buffer);
    const status = view.getUint32(pointer + ANSWER.status, true);
    if (status !== 0) return this.answer(pointer);
    const length = view.getUint32(pointer + ANSWER.parts, true);
    const start = pointer + ANSWER.parts + ANSWER.word;
    const bytes = new Uint8Array(this.exports.memory.buffer, start, length).slice();
    this.exports.mailsim_free(pointer);
    return { status, bytes };
  }

  /** Copies `bytes` into the module's memory: the address (the module frees it). */
  put(bytes) {
    if (this.broken) throw this.broken;
    const pointer = this.exports.mailsim_alloc(bytes.length);
    new Uint8Array(this.exports.memory.buffer, pointer, bytes.length).set(bytes);
    return pointer;
  }
}

/** A script run line by line, as `mailsim run` runs a file: `execute` answers what it prints on standard output and
 * throws a MailsimError with what it prints on standard error. Lines are numbered from 1 across calls. */
export class Session {
  /** `file`: how diagnostics name the script (`<stdin>`); `trace`: print the timeline as `mailsim run --trace`;
   * `wasm`: another module (a URL, bytes or a compiled WebAssembly.Module).
   * @param {{ file?: string, trace?: boolean, wasm?: any }} options */
  static async create({ file = "<stdin>", trace = false, wasm } = {}) {
    const instance = await Instance.load(wasm);
    return new Session(instance, instance.call("mailsim_console_new", file, trace ? 1 : 0));
  }

  constructor(instance, handle) {
    this.instance = instance;
    this.handle = handle;
  }

  /** Runs `line` (several lines if it holds newlines); what `mailsim run` prints on standard output for it. */
  execute(line) {
    return this.#printed(this.instance.call("mailsim_console_execute", this.handle, String(line)));
  }

  /** Ends the script as the end of a file does (a finger still down is then an error); what it printed. */
  finish() {
    return this.#printed(this.instance.call("mailsim_console_finish", this.handle));
  }

  /** The number of the last line run. */
  get line() { return this.lastLine || 0; }

  /** Frees the session (it is freed with its page anyway). */
  close() {
    if (this.handle && !this.instance.broken) this.instance.exports.mailsim_console_release(this.handle);
    this.handle = 0;
  }

  #printed(pointer) {
    const { status, texts } = this.instance.answer(pointer);
    const [output, errors, line] = texts;
    this.lastLine = Number(line);
    if (status !== 0) throw new MailsimError(errors.replace(/\n$/, ""), status, output);
    return output;
  }
}

/** The playground's session: the page's messages (pointer down, move and up with their times, ticks, keys, `set`,
 * Compare, `history`, exports: docs/playground.md's protocol) in, the messages to show out, as objects. */
export class Playground {
  /** `script`: the start script's text (refused whole as `mailsim run` would refuse it: the error's message);
   * `generator`: the program named in exports' first comment.
   * @param {{ script?: string, generator?: string, wasm?: any }} options
   * @returns {Promise<Playground>} */
  static async create({ script = "", generator = "mailsim", wasm } = {}) {
    const instance = await Instance.load(wasm);
    const { status, handle, texts } = instance.answer(instance.call("mailsim_playground_new", script, generator));
    if (status !== 0) throw new MailsimError(texts[0], status);
    const playground = new Playground(instance, handle);
    playground.opening = texts.map((text) => JSON.parse(text));
    return playground;
  }

  constructor(instance, handle) {
    this.instance = instance;
    this.handle = handle;
    /** @type {any[]} the messages the session opens with (hello, screen, script), as objects */
    this.opening = [];
  }

  /** One message (an object or its JSON text); the messages it is answered with.
   * @param {object | string} message
   * @returns {any[]} */
  send(message) {
    const text = typeof message === "string" ? message : JSON.stringify(message);
    const { texts } = this.instance.answer(this.instance.call("mailsim_playground_receive", this.handle, text));
    return texts.map((answer) => JSON.parse(answer));
  }

  close() {
    if (this.handle && !this.instance.broken) this.instance.exports.mailsim_playground_release(this.handle);
    this.handle = 0;
  }
}

/** A walkthrough recorded as `mailsim record` records a script (the same frames, captions and player), whose GIF's
 * frames the caller draws: `drawing()` gives the next frame's SVG and its place in the picture, the caller draws it
 * at that size onto an opaque white canvas and gives the pixels to `add`; `gif()` is then the file, coded by
 * mailsim's own GIF coder. `player()` is the HTML player, what `mailsim record -o FILE.html` writes. */
export class Recording {
  /** `script`: the session's script, named `file` as `mailsim record FILE` would name it; `first` to `last` (0: to
   * the end) the lines recorded; `scale` pixels a point (1 to 4) and `speed` the playback speed. Throws a
   * MailsimError (status 2) when the script cannot be recorded.
   * @param {{ script?: string, file?: string, first?: number, last?: number, scale?: number, speed?: number,
   *   wasm?: any }} options */
  static async create({ script, file = "playground.mbs", first = 1, last = 0, scale = 2, speed = 1, wasm } = {}) {
    const instance = await Instance.load(wasm);
    const pointer = instance.call("mailsim_recording_new", String(script), String(file), first | 0, last | 0,
      scale | 0, Number(speed));
    const { status, handle, texts } = instance.answer(pointer);
    if (status !== 0) throw new MailsimError(texts[0], status);
    return new Recording(instance, handle, JSON.parse(texts[0]));
  }

  constructor(instance, handle, figures) {
    this.instance = instance;
    this.handle = handle;
    /** { frames, width, height, fps, speed, exitCode, summary } */
    this.figures = figures;
  }

  /** What to draw for frame `frame` (0 …): { svg, frame, top, width, height, strip }, or null past the last. A
   * frame's drawing depends on the walkthrough alone: the next ones may be drawn while one is being added. */
  drawing(frame) {
    const { status, texts } = this.instance.answer(
      this.instance.call("mailsim_recording_drawing", this.handle, frame | 0));
    if (status !== 0) return null;
    return Object.assign({ svg: texts[0] }, JSON.parse(texts[1]));
  }

  /** The pixels of the next frame's drawing (frames are added in order): width × height × 4 bytes, RGBA (a
   * canvas's ImageData.data). */
  add(rgba) {
    const pointer = this.instance.put(rgba);
    const { status, texts } = this.instance.answer(
      this.instance.call("mailsim_recording_add", this.handle, pointer, rgba.length));
    if (status !== 0) throw new MailsimError(texts[0], status);
  }

  /** The GIF file's bytes, once every frame is drawn. */
  gif() {
    const { status, bytes, texts } = this.instance.answerBytes(this.instance.call("mailsim_recording_gif", this.handle));
    if (status !== 0) throw new MailsimError(texts[0], status);
    return bytes;
  }

  /** The HTML player's text. */
  player() {
    return this.instance.answer(this.instance.call("mailsim_recording_player", this.handle)).texts[0];
  }

  close() {
    if (this.handle && !this.instance.broken) this.instance.exports.mailsim_recording_release(this.handle);
    this.handle = 0;
  }
}

/** A walkthrough GIF graded as `mailsim grade` grades it, from frames the caller decodes (a browser's
 * ImageDecoder): `Grading.check(head, size)` says first whether the file can be graded here; `create` takes the
 * picture's size and frame count, `add` each frame's RGBA pixels and raw delay in order, `report()` gives `mailsim
 * grade --json`'s object and the frames the evidence page shows; `picture` adds those again and `page()` is the
 * page `mailsim grade --report` writes. Every refusal is a MailsimError (status 2) in grade's words. */
export class Grading {
  /** The picture's { width, height } as the GIF's header says, read before anything is decoded; throws a
   * MailsimError unless a file of `size` bytes that starts with `head` (its first 16 bytes) is a GIF the page
   * grades: a video, a PNG, a file or picture over the bounds is refused in words.
   * @param {Uint8Array} head
   * @param {number} size
   * @param {{ wasm?: any }} options */
  static async check(head, size, { wasm } = {}) {
    const instance = await Instance.load(wasm);
    const pointer = instance.put(head);
    const { status, texts } = instance.answer(instance.call("mailsim_grade_open", pointer, head.length, Number(size)));
    if (status !== 0) throw new MailsimError(texts[0], status);
    return JSON.parse(texts[0]);
  }

  /** A GIF of `frames` frames, `width` × `height` pixels.
   * @param {{ width?: number, height?: number, frames?: number, wasm?: any }} options */
  static async create({ width, height, frames, wasm } = {}) {
    const instance = await Instance.load(wasm);
    const { status, handle, texts } = instance.answer(
      instance.call("mailsim_grade_new", width | 0, height | 0, frames | 0));
    if (status !== 0) throw new MailsimError(texts[0], status);
    return new Grading(instance, handle);
  }

  constructor(instance, handle) {
    this.instance = instance;
    this.handle = handle;
  }

  /** The next frame: `rgba` width × height × 4 bytes (a canvas's ImageData.data), shown `centiseconds` as the GIF
   * says (ImageDecoder's duration, in microseconds, / 10,000). */
  add(rgba, centiseconds) {
    const pointer = this.instance.put(rgba);
    const { status, texts } = this.instance.answer(
      this.instance.call("mailsim_grade_add", this.handle, pointer, rgba.length, Math.round(centiseconds) | 0));
    if (status !== 0) throw new MailsimError(texts[0], status);
  }

  /** { report, frames }: `mailsim grade --json`'s object for `file` (with the README's claims when `readme` is
   * text), and the frames the evidence page shows. */
  report(file, readme = null) {
    const { texts } = this.instance.answer(this.instance.call("mailsim_grade_report", this.handle, String(file),
      readme == null ? "" : String(readme), readme == null ? 0 : 1));
    return { report: JSON.parse(texts[0]), frames: JSON.parse(texts[1]) };
  }

  /** Frame `frame`'s pixels again, for the evidence page. */
  picture(frame, rgba) {
    const pointer = this.instance.put(rgba);
    const { status, texts } = this.instance.answer(
      this.instance.call("mailsim_grade_picture", this.handle, frame | 0, pointer, rgba.length));
    if (status !== 0) throw new MailsimError(texts[0], status);
  }

  /** The evidence page's HTML for `file`. */
  page(file) {
    const { status, texts } = this.instance.answer(this.instance.call("mailsim_grade_page", this.handle, String(file)));
    if (status !== 0) throw new MailsimError(texts[0], status);
    return texts[0];
  }

  close() {
    if (this.handle && !this.instance.broken) this.instance.exports.mailsim_grade_release(this.handle);
    this.handle = 0;
  }
}
