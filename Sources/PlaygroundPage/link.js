// A `#script=` link (docs/playground.md, "The script"): the session it holds loaded on the page's first hello (the
// link wins over a kept session: keep.js gave the tab a new one), or when it is opened later in this tab
// (`hashchange`). A session of this tab's own is not replaced without asking: the banner offers to open the link,
// Download, or keep the session shown. The link's `load` is answered as any message is; `linkAnswered` picks its
// answer out of the stream (messages.js asks it first).
import { byteLength, notify } from "./dom.js";
import { page } from "./state.js";
import { send } from "./transport.js";
import { ask, lineCount } from "./restore.js";

/** @typedef {import("./types").Message} Message */

/**
 * Opens the address's link, if it has one and the session has said hello.
 * @param {boolean} opening  the page's first hello (then the link is loaded without asking)
 */
export function openLink(opening) {
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

/** @param {number} n */
function plural(n) { return n === 1 ? "1 line" : n + " lines"; }

/**
 * The link's `load`; its answer (the first screen or error after the opening's, if it is still to come) says how
 * it went (linkAnswered).
 * @param {string} text
 * @param {boolean} opening
 */
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

/**
 * Whether `m` was the answer to the link's `load` (one is awaited: page.link), shown already: a refusal says so
 * (once) in the status line.
 * @param {Message} m
 * @returns {boolean}
 */
export function linkAnswered(m) {
  var l = /** @type {NonNullable<typeof page.link>} */ (page.link);
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
