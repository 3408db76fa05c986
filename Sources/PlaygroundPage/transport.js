// Where the session runs, and the messages to it and from it (docs/playground.md, Protocol). In this page:
// mailsim.mjs's Playground, the same Swift as `mailsim` compiled to WebAssembly, so a drag makes no network request;
// only where WebAssembly cannot run does the session run on the server, over a WebSocket. Answers are queued and
// shown in order, as a socket's would be, so that a message sent while answers are being shown (the link's `load`
// on hello) is answered after them. Each answer that changes the session is kept in the browser (keep.js).
import { $, byteLength, notify } from "./dom.js";
import { page } from "./state.js";
import { banner, cancelRetry, connectedAgain, holdSession, lost, restore, restored, restoreFailed } from "./restore.js";
import { ask, lineCount, refuseRestore, tooLong } from "./restore.js";
import { linesChanged, openKept, settingsChanged, showKept } from "./keep.js";
import { keepParams, onScreen, takeScreens } from "./phones.js";
import { forgetScreens } from "./held-screens.js";
import { onReport, onScript, pendingAnswer, showReport } from "./script-pane.js";
import { buildParams, buildProfiles, paramError } from "./tuning.js";
import { onPlot } from "./curves.js";
import { onHistory, onExport } from "./looking-back.js";
import { onRecord } from "./record.js";
// The service worker, a newer version of the site, a module that did not load: site.js.
import { keepOffline, moduleFailed } from "./site.js";

var queue = [], draining = false;
var loadedFromLink = false;

// The program an export's first comment names: the page's own version (make site writes it in the page).
function generator() {
  var meta = document.querySelector('meta[name="mailsim-version"]');
  return meta && meta.content ? "mailsim " + meta.content : "mailsim";
}

// The page's first start: which session this tab keeps is found (keep.js) while the module loads; the session it
// kept, if any, is then restored from its script as a reconnect restores one.
export function begin() {
  showKept();
  start(openKept().then(function (held) { if (held) page.held = held; }));
  window.addEventListener("hashchange", function () { openLink(false); });
}

// The session, in the page or else on the server, once `ready` (the kept session found) has settled.
export function start(ready) {
  ready = ready || Promise.resolve();
  if (/[?&]session=server(&|$)/.test(location.search)) return ready.then(connect);
  setConnection("loading…", "bad");
  var began = performance.now();
  var module = null;
  var loaded = import("./mailsim.mjs").then(function (mailsim) {
    module = mailsim;
    return mailsim.Playground.create({ generator: generator() });
  });
  Promise.all([loaded, ready]).then(function (both) {
    var playground = both[0];
    forgetScreens();
    page.local = playground;
    page.inPage = true;
    page.connected = true;
    page.trap = null;
    setConnection("in this page", "ok");
    keepOffline();
    if (page.held && page.held.why === "trap") banner("Restarted: restoring the session from its script…", []);
    deliver(playground.opening);
    performance.measure("mailsim:start", { start: began });
    warmUp(module);
  }, function (error) {
    // No WebAssembly here (iOS Lockdown Mode, a browser with it turned off): the server's session, if a server
    // sent this page (site.js asks; on a static host it says what went wrong and offers to try again).
    moduleFailed(error).then(function (server) {
      if (!server) return setConnection("not loaded", "bad");
      notify("This browser cannot run the simulation in the page (" + error.message + "): using the server.", "error");
      ready.then(connect);
    });
  });
}

// Once the page is idle, a throwaway session of its own drags a row and lets go: the browser then has the module's
// hot code optimised (its tiers are per module, shared by every session) before the first real drag, whose slowest
// events would otherwise pay for it (docs/performance.md). About 60 ms of idle time; nothing is shown.
function warmUp(mailsim) {
  var idle = window.requestIdleCallback || function (f) { return setTimeout(f, 300); };
  idle(function () {
    mailsim.Playground.create().then(function (scratch) {
      try {
        for (var round = 0; round < 3; round++) {
          scratch.send({ type: "down", x: 200, y: 187, t: round * 1000 });
          for (var i = 1; i <= 40; i++) scratch.send({ type: "move", x: 200 - 4 * i, y: 187, t: round * 1000 + 8 * i });
          scratch.send({ type: "up", x: 40, y: 187, t: round * 1000 + 330 });
          scratch.send({ type: "tick", t: round * 1000 + 700 });
          scratch.send({ type: "reset" });
        }
      } finally {
        scratch.close();
      }
    }, function () { /* the page's own session loaded: nothing to warm for */ });
  });
}

// Answers to show, in order, after any still being shown.
function deliver(answers) {
  for (var i = 0; i < answers.length; i++) queue.push(answers[i]);
  if (draining) return;
  draining = true;
  try {
    while (queue.length) receive(queue.shift());
  } finally {
    draining = false;
  }
}

// One message to the in-page session; false when it stopped (then the banner says so and the script is kept).
function runHere(message) {
  var answers;
  try {
    answers = page.local.send(message);
  } catch (error) {
    stopped(error);
    return false;
  }
  deliver(answers);
  return true;
}

// Several messages (a pointer event's coalesced samples) with one screen shown: the last. Each screen before it is
// taken (its patch, its params, whether the history is due), not drawn: the last one's drawing shows them all.
export function sendAll(messages) {
  if (!page.inPage) return messages.forEach(send);
  if (!page.local) return;
  var answers = [];
  for (var i = 0; i < messages.length; i++) {
    try {
      answers = answers.concat(page.local.send(messages[i]));
    } catch (error) {
      return stopped(error);
    }
  }
  var last = -1;
  answers.forEach(function (a, i) { if (a.type === "screen") last = i; });
  answers.forEach(function (a, i) { if (a.type === "screen" && i !== last) takeScreens(a); });
  deliver(answers.filter(function (a, i) { return a.type !== "screen" || i === last; }));
}

// The in-page simulation trapped (a bug, or memory exhausted): nothing more runs in it. The session is its script,
// kept; Restart starts a new one from it, as a reconnect restores one on the server.
function stopped(error) {
  if (page.trap) return;
  page.trap = error;
  page.inPage = false;
  page.local = null;
  page.connected = false;
  if (page.pointer) page.pointer = null;
  if (!page.held && page.hello) page.held = holdSession("trap");
  page.waitingForUser = true;
  setConnection("stopped", "bad");
  // A script longer than a `load` takes cannot come back: said now, rather than a Restart that would be refused.
  if (page.held && tooLong(page.held)) return refuseRestore();
  banner("The simulation stopped (" + (error.reason || error.message) + "). Your session is its script: " +
    "Restart goes on from it, Download keeps it.", ["reconnect", "banner-download"]);
}

// The server's session, over a WebSocket (restore.js brings a lost one back).
export function connect() {
  cancelRetry();
  page.waitingForUser = false;
  page.idleClosed = false;
  if (page.socket && page.socket.readyState <= WebSocket.OPEN) {
    // An attempt still under way (Try now clicked meanwhile): dropped, its events ignored, so one session opens.
    var previous = page.socket;
    page.socket = null;
    previous.close();
  }
  forgetScreens();
  var scheme = location.protocol === "https:" ? "wss://" : "ws://";
  var ws = new WebSocket(scheme + location.host + "/ws");
  page.socket = ws;
  ws.addEventListener("open", function () {
    if (ws !== page.socket) return;
    page.connected = true;
    setConnection(page.held ? "restoring…" : "connected", page.held ? "bad" : "ok");
    connectedAgain();
  });
  ws.addEventListener("message", function (event) {
    if (ws !== page.socket) return;
    var message;
    try { message = JSON.parse(event.data); } catch (e) { return notify("The server sent what is not JSON.", "error"); }
    receive(message);
  });
  ws.addEventListener("close", function (event) { if (ws === page.socket) lost(event); });
  ws.addEventListener("error", function () { /* close follows */ });
}

// One message to the session; false when it could not be sent (no session, or one being restored).
export function send(message) {
  if (message.type === "set" || message.type === "load" || message.type === "compare") page.syncedParams = null;
  if (page.inPage) return !page.restoring && page.local ? runHere(message) : false;
  if (page.restoring || !page.socket || page.socket.readyState !== WebSocket.OPEN) return false;
  page.socket.send(JSON.stringify(message));
  return true;
}

// A message sent whatever is being restored (the restore's own `load`).
export function transmit(message) {
  if (page.inPage) return runHere(message);
  page.socket.send(JSON.stringify(message));
  return true;
}

export function setConnection(text, kind) {
  var c = $("conn");
  c.textContent = text;
  c.className = "conn " + kind;
}

function receive(m) {
  if (page.link && linkAnswered(m)) return;
  if (page.restoring) {
    // The opening's screen and script are a fresh session's: skipped (its params kept, as a screen's always are).
    // Then the load's answer: a screen (the session is back) or an error (it was refused).
    if (m.type === "screen" && page.restoring.screen) { page.restoring.screen = false; return keepParams(m); }
    if (m.type === "script" && page.restoring.script) { page.restoring.script = false; return; }
    if (m.type === "error" && !page.restoring.screen) return restoreFailed(m.message || "");
    if (m.type === "screen") restored();
  }
  switch (m.type) {
  case "hello": return onHello(m);
  case "screen":
    onScreen(m);
    return settingsChanged();
  case "script":
    onScript(m);
    return linesChanged(m.from);
  case "report": return onReport(m);
  case "plot": return onPlot(m);
  case "history": return onHistory(m);
  case "export": return onExport(m);
  case "record": return onRecord(m);
  case "error": return onError(m);
  }
}

function onHello(m) {
  var same = page.hello && JSON.stringify(page.hello.params) === JSON.stringify(m.params) &&
    JSON.stringify(page.hello.profiles) === JSON.stringify(m.profiles);
  page.hello = m;
  if (!same) {
    buildProfiles();
    buildParams();
  }
  if (page.held) return restore();
  if (!loadedFromLink) {
    loadedFromLink = true;
    openLink(true);
  }
  if (page.watchingState) send({ type: "watch", state: true });
}

// A `#script=` link: on the page's first hello (the link wins over a kept session: keep.js gave the tab a new one),
// or opened later in this tab (`hashchange`). A session of this tab's own is not replaced without asking: the banner
// offers to open the link, Download, or keep the session shown.
function openLink(opening) {
  var fragment = /^#script=(.*)$/s.exec(location.hash);
  if (!fragment || !page.hello) return;
  var text;
  try {
    text = decodeURIComponent(fragment[1]);
  } catch (e) {
    return notify("The link's script is not readable (bad encoding).", "error");
  }
  var most = page.hello.limits ? page.hello.limits.scriptBytes : 65536;
  if (byteLength(text) > most) {
    return notify("The link's script is " + byteLength(text) + " bytes; a link holds at most " + most + ".", "error");
  }
  if (opening || (!page.lines.length && !page.comparing)) return loadLink(text, opening);
  ask("Open the link's session (" + plural(lineCount(text)) + ")? This tab's session (" + plural(page.lines.length) +
    ") is replaced: Download keeps it.", "Open the link", function (yes) {
    if (yes) return loadLink(text, false);
    forgetLink();
    notify("The link was not opened: this tab's session goes on.");
  });
}

function plural(n) { return n === 1 ? "1 line" : n + " lines"; }

// The link's `load`; its answer (the first screen or error after the opening's, if it is still to come) says how
// it went (linkAnswered).
function loadLink(text, opening) {
  if (page.restoring || page.held) {
    return notify("The link cannot be opened now: the banner says what became of the session first.", "error");
  }
  page.link = { screen: opening, script: opening, lines: lineCount(text) };
  if (!send({ type: "load", script: text })) {
    page.link = null;
    return notify("The link's session could not be opened: no session runs now.", "error");
  }
  if (page.link) notify("Loading the session from the link…");
}

// Whether `m` was the answer to the link's `load`, shown already: a refusal says so (once) in the status line.
function linkAnswered(m) {
  var l = page.link;
  if (m.type === "screen" && l.screen) { l.screen = false; return false; }
  if (m.type === "script" && l.script) { l.script = false; return false; }
  if (m.type === "screen") {
    page.link = null;
    forgetLink();
    notify("The link's session is open (" + plural(l.lines) + ").");
    return false;
  }
  if (m.type === "error" && !l.screen) {
    page.link = null;
    notify("The link's session could not be opened: " + String(m.message || "").replace(/^error: /, ""), "error");
    return true;
  }
  return false;
}

// The link is out of the address once opened or declined: a reload then brings back this tab's kept session (which
// the link's load began), not the link again.
function forgetLink() {
  if (/^#script=/.test(location.hash)) history.replaceState(history.state, "", location.pathname + location.search);
}

// A refusal: under the tuning control whose `set` it refused, under the command box when it answers its line, else
// on the status line.
function onError(m) {
  page.syncedParams = null;
  var shown = false;
  if (m.line) {
    var words = m.line.trim().split(/\s+/);
    if (words[0] === "set" && words[1]) shown = paramError(words[1], m.message);
  }
  if (pendingAnswer(m.id)) {
    showReport(m.message, true);
    shown = true;
  }
  if (!shown) notify(m.message, "error");
}
