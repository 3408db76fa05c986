// A lost session comes back on its own (docs/playground.md, "When the server goes"): the page reconnects with
// back-off and jitter and sends the script it holds as a `load`, so the same phone, tuning and script come back.
// An idle close (1000, the server freeing a page nobody used) waits for the user to act instead. The banner says
// where it stands. The same machinery brings back a session kept in the browser (keep.js) and restarts one after a
// trap in the page's module. The banner asks the page's questions too (a link over a session, a new session). What
// befalls the session it hears from the transport on the bus (`started`, `connecting`, `opened`, `lost`, `stopped`).
import { $, byteLength, download, notify } from "./dom.js";
import { limits, page } from "./state.js";
import { on } from "./bus.js";
import { connect, send, setConnection, start, transmit } from "./transport.js";
import { scriptText } from "./script-pane.js";
import { forgetKept } from "./keep.js";
import { showSpeed } from "./keys.js";

var attempt = 0;         // reconnect attempts since the socket was lost
var lostWhy = "";        // why the server closed the socket that was lost (kept while the attempts fail)
var retryTimer = 0, countdownTimer = 0, retryAt = 0;
var reconnects = 0;      // sessions restored since the page opened (for tests)

// The connection as the banner tells it: restores done, attempts since the loss, whether one is waited for.
/** @returns {object} */
export function connection() {
  return { connected: page.connected, restoring: !!page.restoring, held: !!page.held, attempt: attempt,
           reconnects: reconnects, waitingForUser: page.waitingForUser };
}

// A new socket is being opened: no attempt is waited for any more.
function cancelRetry() {
  clearTimeout(retryTimer);
  clearInterval(countdownTimer);
}
on("connecting", cancelRetry);

// The socket opened: a held session is restored on its hello; else the banner goes.
function connectedAgain() {
  if (page.held && page.held.why === "kept") return;
  if (page.held) return banner("Connected again: restoring the session from its script…", []);
  attempt = 0;
  banner("", []);
}
on("opened", connectedAgain);

// The socket closed: keep what the session was (once: a restore that failed keeps the first), then reconnect
// after a back-off, unless the server closed an idle page (1000) or the script is too long to load.
/** @param {CloseEvent} event */
function lost(event) {
  var had = page.connected;
  page.connected = false;
  page.tickWaiting = false;
  page.restoring = null;
  if (page.pointer) {
    var p = page.pointer;
    page.pointer = null;
    try { p.element.releasePointerCapture(p.id); } catch (e) { /* already released */ }
  }
  if (!page.held && page.hello && (page.lines.length || page.comparing || page.speed !== 1)) {
    page.held = holdSession("lost");
  }
  var why = event && event.reason ? " (" + event.reason + ")" : "";
  if (had) lostWhy = why;
  if (had && event && event.code === 1000) {
    page.waitingForUser = true;
    page.idleClosed = true;
    setConnection("disconnected", "bad");
    return banner("The connection to mailsim was closed" + why + ". Your session is its script: Reconnect, or " +
      "touch the phone, to go on from it.", ["reconnect"]);
  }
  if (page.held && tooLong(page.held)) return refuseRestore();
  attempt += 1;
  var delay = backoff(attempt);
  retryAt = Date.now() + delay;
  retryTimer = setTimeout(connect, delay);
  setConnection("reconnecting…", "bad");
  // Never connected (a full server refuses the upgrade, which the browser sees as a close without words): say so.
  var first = page.hello ? "The connection to mailsim was lost" + lostWhy + ". "
    : "mailsim does not answer (the server may be full or restarting). ";
  var say = function () {
    var left = Math.max(1, Math.ceil((retryAt - Date.now()) / 1000));
    banner(first + "Reconnecting… attempt " + attempt + ", next in " + left + " s.", ["reconnect"]);
  };
  say();
  clearInterval(countdownTimer);
  countdownTimer = setInterval(say, 250);
}
on("lost", lost);

// The page's module runs a new session: after a trap, the held session is restored on its hello.
on("started", function () {
  if (page.held && page.held.why === "trap") banner("Restarted: restoring the session from its script…", []);
});

// The in-page simulation trapped (a bug, or memory exhausted; the transport stopped using it): the session is its
// script, kept; Restart starts a new one from it, as a reconnect restores one on the server.
on("stopped", function (error) {
  if (!page.held && page.hello) page.held = holdSession("trap");
  page.waitingForUser = true;
  // A script longer than a `load` takes cannot come back: said now, rather than a Restart that would be refused.
  if (page.held && tooLong(page.held)) return refuseRestore();
  banner("The simulation stopped (" + (/** @type {any} */ (error).reason || error.message) + "). Your session is " +
    "its script: Restart goes on from it, Download keeps it.", ["reconnect", "banner-download"]);
});

// The wait before reconnect attempt n: the first spread over 0.2–1.2 s, so that the pages a stopping server
// closes at once do not all come back in the same instant (300 pages: about 30 in any 100 ms); then 1 s doubling
// to 10 s, each ±20 %.
function backoff(n) {
  if (n <= 1) return 200 + Math.random() * 1000;
  return Math.min(10000, 500 * Math.pow(2, n - 1)) * (0.8 + 0.4 * Math.random());
}

// What the session was: its script (the finger lifted where it was, if the socket went with a finger down, as
// the server does when a page closes), and what is not in the script: the comparison's phone B, the speed. `why`
// it is held: "lost" (the socket), "trap" (the page's module stopped) or "kept" (keep.js: the browser kept it).
function holdSession(why) {
  var text = scriptText();
  if (fingerDown()) text += "release\n";
  return {
    script: text, lines: page.lines.slice(), phones: page.linePhones.slice(), comparing: page.comparing,
    speed: page.speed, why: why,
  };
}

// Whether the last screen had a finger down (its `gesture`, the server's word for the gesture in progress): the
// page reads what the server says, not the script's words.
function fingerDown() {
  return !!(page.screen && page.screen.gesture && page.screen.gesture !== "none");
}

/**
 * @param {string} text
 * @returns {number}
 */
export function lineCount(text) { return text ? text.split("\n").length - (text.endsWith("\n") ? 1 : 0) : 0; }

// A `load` takes at most limits.scriptBytes and scriptLines (64 KiB, 10,000 lines); a session may grow past them.
function tooLong(h) {
  return byteLength(h.script) > limits().scriptBytes || lineCount(h.script) > limits().scriptLines;
}

// The held session cannot come back (too long for a `load`, or refused): the banner says why, in the words of how
// it was lost (a socket, a trap in the page, a reopened page), and offers Download and Start afresh.
function refuseRestore(reason) {
  var how = page.held.why;
  page.waitingForUser = true;
  clearInterval(countdownTimer);
  if (how === "lost") setConnection("disconnected", "bad");
  var l = limits();
  var by = how === "lost" ? "a reconnect" : how === "trap" ? "a restart" : "a reopened page";
  var why = reason || ("its script (" + lineCount(page.held.script) + " lines, " + byteLength(page.held.script) +
    " bytes) is longer than " + by + " can load (" + l.scriptLines + " lines, " + l.scriptBytes / 1024 + " KiB)");
  var stopped = "The simulation stopped" + (page.trap ? " (" + (page.trap.reason || page.trap.message) + ")" : "");
  var first = how === "trap" ? stopped + ", and the session cannot be restored" :
    how === "kept" ? "The session kept in this browser cannot be restored" :
    "The connection to mailsim was lost, and the session cannot be restored";
  banner(first + ": " + why + ". Download keeps it; Start afresh " + (how === "kept" ? "drops it and " : "") +
    "opens a new session.", ["banner-download", "start-afresh"]);
}

// The banner's words and which of its buttons show; no words hides it. While the session is away the phone is
// dimmed; a `question` (the page's own, answered with its buttons) leaves it as it is.
/**
 * @param {string} text
 * @param {string[]} buttons  the ids of the buttons shown
 * @param {boolean} [question]
 */
export function banner(text, buttons, question) {
  if (!question) page.asking = null;
  $("banner-text").textContent = text || "";
  $("banner").hidden = !text;
  ["reconnect", "banner-open", "banner-download", "start-afresh", "banner-cancel"].forEach(function (id) {
    $(id).hidden = buttons.indexOf(id) < 0;
  });
  $("reconnect").textContent = page.trap ? "Restart" : page.waitingForUser ? "Reconnect" : "Try now";
  document.body.classList.toggle("offline", !!text && !question);
}

// A question in the banner: `yes` names its first button (none: the question is Start afresh's), with Download
// and a button that keeps the session shown; `answer(true or false)` is called with the choice.
/**
 * @param {string} text
 * @param {string | null} yes
 * @param {((yes: boolean) => void) | null} answer
 */
export function ask(text, yes, answer) {
  page.asking = answer || null;
  if (yes) $("banner-open").textContent = yes;
  banner(text, [yes ? "banner-open" : "start-afresh", "banner-download", "banner-cancel"], true);
}

// On the new socket's hello (or the page's module's): the held script as a `load`, unless it is longer than a load
// takes. The opening's screen and script (a fresh session) are not shown; the load's answer is.
/** @returns {void} */
export function restore() {
  if (tooLong(page.held)) return refuseRestore();
  page.restoring = { screen: true, script: true };
  transmit({ type: "load", script: page.held.script });
}

// The load was answered with a screen: the session is back. What the script does not hold follows: phone B (the
// comparison again, then phone B's own `set` lines, each but those a later line for both phones overrides), the
// speed. Phone B's own gestures (a line phone A refused) are not replayed (docs/playground.md).
/** @returns {void} */
export function restored() {
  var h = page.held;
  page.held = null;
  page.restoring = null;
  attempt = 0;
  lostWhy = "";
  if (h.why !== "kept") reconnects += 1;
  setConnection(page.inPage ? "in this page" : "connected", "ok");
  banner("", []);
  notify(h.why === "kept" ? "Your session is back (" + lineCount(h.script) + " lines, kept in this browser). " +
    "New session starts an empty one." : page.inPage ? "Restarted: the session is restored from its script." :
    "Reconnected: the session is restored from its script.");
  if (h.comparing) {
    send({ type: "compare", on: true });
    phoneBSets(h.lines, h.phones).forEach(function (words) {
      send({ type: "set", name: words[0], value: words[1], phone: 1 });
    });
  }
  if (h.speed !== 1) {
    page.speed = h.speed;
    showSpeed(h.speed);
    send({ type: "speed", value: h.speed });
  }
  if (page.watchingState) send({ type: "watch", state: true });
}

// Phone B's own `set` lines ([name, value] each, in order), but one that a later `set` of the same parameter (or
// of the profile) for both phones overrides.
function phoneBSets(list, owners) {
  var out = [];
  for (var i = 0; i < list.length; i++) {
    var m = /^#B: set (\S+) (.+)$/.exec(list[i]);
    if (!m || owners[i] !== "1") continue;
    var overridden = false;
    for (var j = i + 1; j < list.length && !overridden; j++) {
      var later = /^set (\S+) /.exec(list[j]);
      overridden = !!later && (owners[j] || "both") === "both" && (later[1] === m[1] || later[1] === "profile");
    }
    if (!overridden) out.push([m[1], m[2]]);
  }
  return out;
}

/** @param {string} message */
export function restoreFailed(message) {
  // Work interrupted (a loaded server): try again later; any other refusal would come again.
  if (!page.inPage && /interrupted|slow down/.test(message)) {
    page.restoring = null;
    return page.socket.close(4000, "restore interrupted");
  }
  page.restoring = null;
  refuseRestore(message.replace(/^error: /, ""));
}

$("reconnect").addEventListener("click", function () {
  if (page.connected) return;
  if (page.trap) return start();
  connect();
});
// Start afresh: a new, empty session, and the one kept in the browser for this tab dropped.
$("start-afresh").addEventListener("click", function () {
  page.held = null;
  page.asking = null;
  page.link = null;
  attempt = 0;
  page.speed = 1;  // a new session's
  showSpeed(1);
  forgetKept();
  banner("", []);
  if (page.inPage || page.trap) return start();
  if (page.socket && page.socket.readyState === WebSocket.OPEN) page.socket.close(4001, "start afresh");
  connect();
});
$("banner-download").addEventListener("click", function () {
  download("playground.mbs", new Blob([page.held ? page.held.script : scriptText()], { type: "text/plain" }));
});
$("banner-open").addEventListener("click", function () { answer(true); });
$("banner-cancel").addEventListener("click", function () { answer(false); });

function answer(yes) {
  var asked = page.asking;
  banner("", []);
  if (asked) asked(yes);
}

// New session: Start afresh, asked first when there is something to lose (the session shown, or one held).
$("new-session").addEventListener("click", function () {
  if (page.held) {
    return notify("The banner above says what became of the session; Start afresh is there when it cannot come back.");
  }
  var lines = page.lines.length;
  if (!lines && !page.comparing) return $("start-afresh").click();
  ask("Start a new, empty session? This one (" + lines + (lines === 1 ? " line" : " lines") + ") is dropped from " +
    "this browser: Download keeps it.", null, null);
});
