// The playground page (docs/playground.md), loaded as ES modules, one job each, no bundler. It computes no
// behaviour: every pixel of a phone is the SVG the session sends, every input is a message the session turns into
// a line of .mbs, and the script pane shows those lines. The session runs in this page (mailsim.mjs: the simulation
// compiled to WebAssembly), so a drag makes no network request; only where WebAssembly cannot run does it run on the
// server, over a WebSocket. Plain JavaScript, no network but this page's own origin.
//
// The modules, bottom up: each imports only modules above it in this list, never one below (no cycle:
// Tests/page/import_cycles.py). The transport tells what it hears on the bus; the modules above subscribe.
//
//   state.js        what the page knows (the session's last messages) and its clock
//   bus.js          the message bus: what the transport hears, told to the modules that subscribe
//   dom.js          elements, downloads, the status line
//   held-screens.js each phone's SVG as the page holds it, whole or patched, and the DOM patched to it
//   site.js         the site's version, its service worker, a newer version offered
//   transport.js    where the session runs, messages to it, answers told on the bus
//   keep.js         the session kept in the browser, each change as it happens
//   script-pane.js  the script, downloads, the link, the command box, exports
//   ticks.js        animation ticks and the pause
//   curves.js       the curve editors and their plots
//   tuning.js       a control for each parameter; the profile pickers
//   looking-back.js the timeline, the property plots, the server's walkthrough
//   phones.js       each screen drawn, haptics, the comparison shown
//   pointer.js      pointer events as messages
//   keys.js         the keyboard and the bar's buttons
//   restore.js      a lost session brought back from its script; the banner
//   link.js         a `#script=` link opened
//   record.js       Record: the walkthrough's GIF and player made in the page (record-worker.js codes them)
//   grade.js        Grade: a walkthrough GIF dropped on the page read back (grade-worker.js decodes and grades it)
//   messages.js     each answer of the session handed to the module whose job it is
import { page } from "./state.js";
import { send, start } from "./transport.js";
import { openKept, keptStatus, showKept } from "./keep.js";
import { link, scriptText, scriptTextB } from "./script-pane.js";
import "./looking-back.js";
import { lastScreen } from "./phones.js";
import "./pointer.js";
import "./keys.js";
import { connection } from "./restore.js";
import { openLink } from "./link.js";
import { recordingState } from "./record.js";
import { gradingState } from "./grade.js";
import "./messages.js";

// The page's first start: which session this tab keeps is found (keep.js) while the module loads; the session it
// kept, if any, is then restored from its script as a reconnect restores one.
function begin() {
  showKept();
  start(openKept().then(function (held) { if (held) page.held = held; }));
  window.addEventListener("hashchange", function () { openLink(false); });
}

// For tests and the curious.
window.mailsimPlayground = {
  hello: function () { return page.hello; },
  screen: lastScreen,
  // Phone `phone`'s whole state object, while the page watches it (watchState, or window.mailsimWatchState set
  // before the page loads); else null.
  state: function (phone) {
    var p = page.screen && page.screen.phones && page.screen.phones[phone || 0];
    return (p && p.state) || null;
  },
  watchState: function (on) {
    page.watchingState = on !== false;
    return send({ type: "watch", state: page.watchingState });
  },
  script: scriptText,
  // The walkthrough being recorded in the page, or the last: { state, frames, drawn, added, bytes, message, … }.
  recording: recordingState,
  // The walkthrough GIF being graded in the page, or the last: { state, name, frames, read, report, message, … }.
  grading: gradingState,
  scriptB: scriptTextB,
  lines: function () { return page.lines.slice(); },
  linePhones: function () { return page.linePhones.slice(); },
  history: function () { return page.history; },
  link: link,
  connected: function () { return page.connected; },
  // Where the session runs: "page" (the module, WebAssembly), "server" (the WebSocket), "stopped" (the module
  // trapped: nothing runs until Restart) or "loading" (not yet either).
  runs: function () {
    if (page.trap) return "stopped";
    return page.inPage ? "page" : page.socket ? "server" : "loading";
  },
  // The connection as the banner tells it: restores done, attempts since the loss, whether one is waited for.
  connection: connection,
  // The session kept in this browser: its key, whether it is kept (why not), what the last reopen brought back.
  kept: keptStatus,
};

begin();
