// Where the session runs, and the messages to it and from it (docs/playground.md, Protocol). In this page:
// mailsim.mjs's Playground, the same Swift as `mailsim` compiled to WebAssembly, so a drag makes no network request;
// only where WebAssembly cannot run does the session run on the server, over a WebSocket. Answers are queued and
// told in order (the bus's `message`: messages.js shows them), as a socket's would be, so that a message sent while
// answers are being shown (the link's `load` on hello) is answered after them. What befalls the session (started,
// a socket opened or lost, the module stopped) is told on the bus too: restore.js acts on it. This module imports
// no module above it.
import { $, notify } from "./dom.js";
import { page } from "./state.js";
import { emit } from "./bus.js";
import { endRehearsal, forgetScreens, rehearse } from "./held-screens.js";
// The service worker, a newer version of the site, a module that did not load: site.js.
import { keepOffline, moduleFailed } from "./site.js";

/** @typedef {import("./types").Message} Message */

/** @type {Message[]} */
var queue = [];
var draining = false;

// The program an export's first comment names: the page's own version (make site writes it in the page).
function generator() {
  var meta = /** @type {HTMLMetaElement | null} */ (document.querySelector('meta[name="mailsim-version"]'));
  return meta && meta.content ? "mailsim " + meta.content : "mailsim";
}

/**
 * The session, in the page or else on the server, once `ready` (the kept session found) has settled.
 * @param {Promise<unknown>} [ready]
 */
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
    emit("started");
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

// Once the page is idle, a throwaway session of its own plays WARM_UP_ROUNDS drags, its screens drawn into an
// element outside the document: the browser then has the module's hot code optimised (its tiers are per module,
// shared by every session) and the page's own drawing code compiled (held-screens.js's rehearsal) before the first
// real drag, whose events would otherwise pay for it (docs/performance.md, "A frame's own work"). The messages go a
// few at a time, at most WARM_UP_SLICE_MS an idle period, so a finger that comes meanwhile waits for no more; nothing
// is shown.
var WARM_UP_ROUNDS = 8;
var WARM_UP_SLICE_MS = 4;
function warmUp(mailsim) {
  var idle = window.requestIdleCallback || function (f) { return setTimeout(f, 100); };
  mailsim.Playground.create().then(function (scratch) {
    var stage = document.createElement("div");
    var round = 0;
    /** @type {any[]} */
    var steps = [];
    var done = function () {
      endRehearsal();
      scratch.close();
    };
    rehearse(scratch.opening, stage);
    var next = function () {
      var began = performance.now();
      try {
        do {
          if (!steps.length) {
            if (round === WARM_UP_ROUNDS) return done();
            steps = warmUpRound(round++);
          }
          var step = steps[0];
          if (step.type === "settle") {
            // The animation's frames until it rests (60 at most).
            step.frame += 1;
            var answers = scratch.send({ type: "tick", t: step.t + 16.667 * step.frame });
            rehearse(answers, stage);
            if (!animating(answers) || step.frame >= 60) steps.shift();
          } else {
            rehearse(scratch.send(steps.shift()), stage);
          }
        } while (performance.now() - began < WARM_UP_SLICE_MS);
      } catch (error) {
        return done();
      }
      idle(next);
    };
    idle(next);
  }, function () { /* the page's own session loaded: nothing to warm for */ });
}

// Round `round` of the warm-up: a drag each way in turn, past the near threshold and past the far one, let go and
// animated to rest (the options, an archive, a row coming back), then `reset`. The numbers have fractions, as a
// finger's do (pointer.js): their parsing is code of its own in the module.
/** @param {number} round @returns {any[]} */
function warmUpRound(round) {
  var sign = round % 2 ? -1 : 1, reach = round % 4 < 2 ? 90 : 200, t = round * 2000 + 0.25;
  var from = sign > 0 ? 280.33 : 40.33;  // a left swipe from the right, a right one from the left
  /** @type {any[]} */
  var steps = [{ type: "down", x: from, y: 187.41, t: t }];
  for (var i = 1; i <= 40; i++) {
    var x = Math.round((from - reach * sign * i / 40) * 100) / 100;
    steps.push({ type: "move", x: x, y: 187.41, t: t + 8.333 * i });
  }
  steps.push({ type: "up", x: from - reach * sign, y: 187.41, t: t + 333.32 });
  steps.push({ type: "settle", t: t + 333.32, frame: 0 });
  steps.push({ type: "reset" });
  return steps;
}

/** @param {Message[]} answers @returns {boolean} whether their last screen is still animating */
function animating(answers) {
  for (var i = answers.length - 1; i >= 0; i--) if (answers[i].type === "screen") return !!answers[i].animating;
  return false;
}

// Answers to show, in order, after any still being shown.
function deliver(answers) {
  for (var i = 0; i < answers.length; i++) queue.push(answers[i]);
  if (draining) return;
  draining = true;
  try {
    while (queue.length) emit("message", queue.shift());
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
/** @param {Message[]} messages */
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
  answers.forEach(function (a, i) { if (a.type === "screen" && i !== last) emit("taken", a); });
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
  setConnection("stopped", "bad");
  emit("stopped", error);
}

// The server's session, over a WebSocket (restore.js brings a lost one back).
/** @returns {void} */
export function connect() {
  emit("connecting");
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
    emit("opened");
  });
  ws.addEventListener("message", function (event) {
    if (ws !== page.socket) return;
    var message;
    try { message = JSON.parse(event.data); } catch (e) { return notify("The server sent what is not JSON.", "error"); }
    emit("message", message);
  });
  ws.addEventListener("close", function (event) { if (ws === page.socket) emit("lost", event); });
  ws.addEventListener("error", function () { /* close follows */ });
}

// One message to the session; false when it could not be sent (no session, or one being restored).
/**
 * @param {Message} message
 * @returns {boolean}
 */
export function send(message) {
  if (message.type === "set" || message.type === "load" || message.type === "compare") page.syncedParams = null;
  if (page.inPage) return !page.restoring && page.local ? runHere(message) : false;
  if (page.restoring || !page.socket || page.socket.readyState !== WebSocket.OPEN) return false;
  page.socket.send(JSON.stringify(message));
  return true;
}

// A message sent whatever is being restored (the restore's own `load`).
/**
 * @param {Message} message
 * @returns {boolean}
 */
export function transmit(message) {
  if (page.inPage) return runHere(message);
  page.socket.send(JSON.stringify(message));
  return true;
}

/**
 * @param {string} text
 * @param {string} kind  "ok" or "bad"
 */
export function setConnection(text, kind) {
  var c = $("conn");
  c.textContent = text;
  c.className = "conn " + kind;
}
