// The page's Record, off the main thread: a dedicated module worker with its own instance of the simulation
// (mailsim.mjs) plays the session's script as `mailsim record` plays it, hands the page each frame's SVG to draw on
// a canvas (a worker has no SVG renderer), and codes the pixels the page draws back into the GIF with mailsim's own
// GIF coder; the HTML player is the same Swift that writes it natively. The page stops a recording by terminating
// this worker: nothing here outlives it. docs/playground.md, "Recording in the page".
import { Recording } from "./mailsim.mjs";

// Drawings the page may hold at once: it draws the next while this codes the one before.
const AHEAD = 3;
let recording = null;
let sent = 0;

self.onmessage = function (event) {
  const m = event.data;
  try {
    if (m.type === "start") start(m);
    else if (m.type === "pixels") take(m);
  } catch (error) {
    fail(error);
  }
};

function fail(error) {
  self.postMessage({ type: "error", message: String((error && error.message) || error), status: error && error.status });
  if (recording) recording.close();
  recording = null;
}

async function start(m) {
  try {
    recording = await Recording.create({
      script: m.script, file: m.file, first: m.first, last: m.last, scale: m.scale, speed: m.speed, wasm: m.module,
    });
  } catch (error) {
    // status 2: the script cannot be recorded (its words); otherwise the module did not load.
    return self.postMessage({
      type: "error", message: String((error && error.message) || error), unloaded: !(error && error.status),
    });
  }
  self.postMessage({ type: "started", figures: recording.figures });
  while (sent < AHEAD) drawNext();
}

// Sends frame `sent`'s drawing, if there is one.
function drawNext() {
  if (!recording || sent >= recording.figures.frames) return;
  const drawing = recording.drawing(sent);
  sent += 1;
  self.postMessage({ type: "draw", drawing: drawing });
}

function take(m) {
  if (!recording) return;
  recording.add(new Uint8Array(m.pixels));
  self.postMessage({ type: "added", frame: m.frame });
  drawNext();
  if (m.frame + 1 < recording.figures.frames) return;
  const gif = recording.gif();
  const player = recording.player();
  const figures = recording.figures;
  recording.close();
  recording = null;
  // A dedicated worker's scope posts as a Worker does: the message, then what it hands over (the GIF's bytes).
  /** @type {Worker} */ (/** @type {unknown} */ (self)).postMessage(
    { type: "done", gif: gif.buffer, player: player, figures: figures }, [gif.buffer]);
}
