// Record: the session's walkthrough made in this page, with no server and offline (docs/playground.md, "Recording in
// the page"). A worker (record-worker.js) plays the script and codes the GIF; this side only draws each frame's SVG
// on a canvas, a few milliseconds a frame between which the page goes on answering, and shows progress, Cancel and
// the result: Share (the system's share sheet, where the browser has one for files), Download GIF, Download player.
// A page whose module cannot load (the server's session, no --site) asks the server for the GIF instead.
import { $, download, notify } from "./dom.js";
import { page } from "./state.js";
import { scriptText } from "./script-pane.js";
import { withServer } from "./looking-back.js";

// The recording running or done: { worker, state, figures, drawn, gif, player, then, ... }; null before any.
/** @type {any} */
var job = null;
// The canvases frames are drawn on, one by size (the whole frame, the caption strip).
var canvases = {};

// A `record` line typed at the prompt: the lines, scale and speed it asks for, recorded at once.
/** @param {import("./types").Message} m */
export function onRecord(m) {
  showPanel(true);
  $("record-first", HTMLInputElement).value = m.first;
  $("record-last", HTMLInputElement).value = m.last || page.lines.length;
  $("record-scale", HTMLSelectElement).value = String(m.scale);
  $("record-speed", HTMLSelectElement).value = String(m.speed);
  record({ first: m.first, last: m.last || 0, scale: m.scale, speed: m.speed }, "show");
}

// What a test (or the curious) reads of the recording: its state and progress.
/** @returns {object} */
export function recordingState() {
  if (!job) return { state: "idle" };
  return {
    state: job.state, frames: job.figures ? job.figures.frames : 0, drawn: job.drawn, added: job.added,
    bytes: job.gif ? job.gif.size : 0, message: job.message || "", seconds: job.seconds || 0,
    drawMs: job.drawMs, heldMs: job.heldMs, width: job.figures ? job.figures.width : 0, height: job.figures ? job.figures.height : 0,
  };
}

function showPanel(on) {
  $("record-panel").hidden = !on;
  $("record-open").setAttribute("aria-expanded", String(on));
  if (on && !$("record-last", HTMLInputElement).value) {
    $("record-last", HTMLInputElement).value = String(Math.max(1, page.lines.length));
  }
}

$("record-open").addEventListener("click", function () {
  var open = $("record-panel").hidden;
  showPanel(open);
  if (open) {
    $("record-first", HTMLInputElement).max = $("record-last", HTMLInputElement).max = String(Math.max(1, page.lines.length));
    $("record-last", HTMLInputElement).value = String(Math.max(1, page.lines.length));
  }
});

$("record-start", HTMLButtonElement).addEventListener("click", function () {
  var last = Number($("record-last", HTMLInputElement).value) || 0;
  record({
    first: Number($("record-first", HTMLInputElement).value) || 1, last: last >= page.lines.length ? 0 : last,
    scale: Number($("record-scale", HTMLSelectElement).value), speed: Number($("record-speed", HTMLSelectElement).value),
  }, "show");
});

// Download GIF: the whole session at one pixel a point, downloaded (or shared) when done.
$("download-gif").addEventListener("click", function () {
  record({ first: 1, last: 0, scale: 1, speed: 1 }, "download");
});

$("record-cancel").addEventListener("click", function () { cancel("Recording cancelled."); });
$("record-share").addEventListener("click", function () { share(); });
$("record-gif").addEventListener("click", function () { if (job && job.gif) download(fileName(".gif"), job.gif); });
$("record-player").addEventListener("click", function () {
  if (job && job.player) download(fileName(".html"), job.player);
});

function fileName(extension) { return "playground" + extension; }

// Starts recording lines first…last (0: to the end) at `scale` and `speed`; `then` is what to do with the GIF:
// "show" it in the panel, or "download" it at once.
function record(options, then) {
  if (job && job.state === "recording") return notify("A walkthrough is being recorded: Cancel it first.", "error");
  var script = scriptText();
  if (!script) return notify("Nothing to record yet: drag a row, or type a line.", "error");
  var worker;
  try {
    worker = new Worker(new URL("./record-worker.js", import.meta.url), { type: "module" });
  } catch (error) {
    return serverGIF(then, error);
  }
  job = { worker: worker, state: "recording", then: then, drawn: 0, added: 0, queue: Promise.resolve(),
    began: performance.now(), drawMs: [], heldMs: [] };
  var own = job;
  setProgress(0, 0);
  $("record-progress").hidden = false;
  $("record-result").hidden = true;
  $("record-start", HTMLButtonElement).disabled = true;
  worker.onmessage = function (event) { if (job === own) receive(own, event.data); };
  worker.onerror = function (event) {
    if (job !== own) return;
    var why = event.message || "its worker failed";
    // Before it started, the worker's module did not load (a server without the site's files): the server's GIF.
    if (!own.figures) return serverGIF(own.then, new Error(why), own);
    failed(own, "the recording stopped (" + why + ")");
  };
  worker.postMessage({ type: "start", script: script, file: fileName(".mbs"), first: options.first,
    last: options.last, scale: options.scale, speed: options.speed });
  notify("Recording the walkthrough…");
}

function receive(own, m) {
  switch (m.type) {
  case "started":
    own.figures = m.figures;
    setProgress(0, m.figures.frames);
    return;
  case "draw":
    // Drawn in order, one at a time; the worker sends a few ahead.
    own.queue = own.queue.then(function () { return draw(own, m.drawing); });
    return;
  case "added":
    own.added = m.frame + 1;
    setProgress(own.added, own.figures.frames);
    return;
  case "done":
    return finished(own, m);
  case "error":
    if (m.unloaded) return serverGIF(own.then, new Error(m.message), own);
    return failed(own, m.message);
  }
}

// Frame drawing.frame: its SVG drawn at its size on an opaque white canvas, the pixels sent to the worker.
function draw(own, drawing) {
  if (job !== own || own.state !== "recording") return;
  var began = performance.now();
  var url = URL.createObjectURL(new Blob([drawing.svg], { type: "image/svg+xml" }));
  var image = new Image(drawing.width, drawing.height);
  image.src = url;
  return image.decode().then(function () {
    if (job !== own || own.state !== "recording") return;
    var drawing0 = performance.now();
    var context = canvas(drawing.width, drawing.height);
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, drawing.width, drawing.height);
    context.drawImage(image, 0, 0, drawing.width, drawing.height);
    var pixels = context.getImageData(0, 0, drawing.width, drawing.height).data;
    own.drawn += 1;
    own.worker.postMessage({ type: "pixels", frame: drawing.frame, pixels: pixels.buffer }, [pixels.buffer]);
    // From the SVG handed over to the pixels sent (the image's decoding included), and the part of it that held
    // the page's thread (drawing and reading the canvas).
    own.drawMs.push(performance.now() - began);
    own.heldMs.push(performance.now() - drawing0);
  }, function () {
    failed(own, "the browser could not draw frame " + drawing.frame + " of the walkthrough");
  }).finally(function () { URL.revokeObjectURL(url); });
}

function canvas(width, height) {
  var key = width + "x" + height;
  if (!canvases[key]) {
    var c = typeof OffscreenCanvas === "function" ? new OffscreenCanvas(width, height) : document.createElement("canvas");
    c.width = width;
    c.height = height;
    canvases[key] = c.getContext("2d", { willReadFrequently: true, alpha: false });
  }
  return canvases[key];
}

function setProgress(done, total) {
  var bar = $("record-bar", HTMLProgressElement);
  bar.max = Math.max(1, total);
  bar.value = done;
  $("record-count").textContent = total ? "frame " + done + " of " + total : "playing the script…";
}

function finished(own, m) {
  own.worker.terminate();
  own.state = "done";
  own.seconds = (performance.now() - own.began) / 1000;
  own.gif = new Blob([m.gif], { type: "image/gif" });
  own.player = new Blob([m.player], { type: "text/html" });
  canvases = {};
  performance.measure("mailsim:record", { start: own.began });
  $("record-start", HTMLButtonElement).disabled = false;
  $("record-progress").hidden = true;
  var f = m.figures;
  $("record-summary").textContent = fileName(".gif") + " · " + f.width + " × " + f.height + " · " + f.frames +
    " frames · " + kilobytes(own.gif.size) + " · " + f.summary;
  $("record-share").hidden = !canShare(own.gif);
  $("record-result").hidden = false;
  if (own.then === "download") {
    download(fileName(".gif"), own.gif);
    notify("GIF downloaded (" + kilobytes(own.gif.size) + ", made in this page).");
  } else {
    notify("The walkthrough is ready: " + f.frames + " frames in " + own.seconds.toFixed(1) + " s.");
  }
}

function kilobytes(n) { return n < 1024 * 1024 ? Math.round(n / 1024) + " KB" : (n / 1048576).toFixed(1) + " MB"; }

function failed(own, message) {
  if (own.state !== "recording") return;
  own.worker.terminate();
  own.state = "failed";
  own.message = message;
  $("record-start", HTMLButtonElement).disabled = false;
  $("record-progress").hidden = true;
  notify("No walkthrough: " + message, "error");
}

function cancel(words) {
  if (!job || job.state !== "recording") return;
  job.worker.terminate();
  job.state = "cancelled";
  $("record-start", HTMLButtonElement).disabled = false;
  $("record-progress").hidden = true;
  notify(words);
}

function gifFile() { return new File([job.gif], fileName(".gif"), { type: "image/gif" }); }

function canShare(blob) {
  try {
    return !!(navigator.share && navigator.canShare && blob &&
      navigator.canShare({ files: [new File([blob], fileName(".gif"), { type: "image/gif" })] }));
  } catch (e) {
    return false;
  }
}

// The system's share sheet with the GIF, where the browser has one for files; else the download.
function share() {
  if (!job || !job.gif) return;
  if (!canShare(job.gif)) return download(fileName(".gif"), job.gif);
  navigator.share({ files: [gifFile()], title: "mailsim walkthrough" }).then(function () {
    notify("Shared.");
  }, function (error) {
    if (error && error.name === "AbortError") return;
    download(fileName(".gif"), job.gif);
  });
}

// No module in this page (the server's session without --site): the server draws the GIF, as before Record.
function serverGIF(then, error, own) {
  if (own) {
    own.worker.terminate();
    own.state = "failed";
    own.message = error.message;
    $("record-start", HTMLButtonElement).disabled = false;
    $("record-progress").hidden = true;
  }
  withServer("A GIF (the simulation could not be loaded in this page: " + error.message + ")", function () {
    notify("Drawing the GIF on the server…");
    fetch("walkthrough.gif", { method: "POST", body: scriptText(), headers: { "Content-Type": "text/plain; charset=utf-8" } })
      .then(function (response) {
        if (!response.ok) return response.text().then(function (t) { throw new Error(t || response.statusText); });
        return response.blob();
      })
      .then(function (blob) {
        download(fileName(".gif"), new Blob([blob], { type: "image/gif" }));
        notify("GIF downloaded.");
      }, function (e) { notify(e.message, "error"); });
  });
  if (then === "show") $("record-result").hidden = true;
}
