// The playground page (docs/playground.md), loaded as ES modules, one job each, no bundler. It computes no
// behaviour: every pixel of a phone is the SVG the session sends, every input is a message the session turns into
// a line of .mbs, and the script pane shows those lines. The session runs in this page (mailsim.mjs: the simulation
// compiled to WebAssembly), so a drag makes no network request; only where WebAssembly cannot run does it run on the
// server, over a WebSocket. Plain JavaScript, no network but this page's own origin.
//
//   state.js        what the page knows (the session's last messages) and its clock
//   dom.js          elements, downloads, the status line
//   transport.js    where the session runs, messages to it and from it
//   restore.js      a lost session brought back from its script; the banner
//   keep.js         the session kept in the browser, each change as it happens
//   phones.js       each screen drawn, haptics, the comparison shown
//   held-screens.js each phone's SVG as the page holds it, whole or patched, and the DOM patched to it
//   pointer.js      pointer events as messages, animation ticks, the pause
//   keys.js         the keyboard and the bar's buttons
//   script-pane.js  the script, downloads, the link, the command box, exports
//   tuning.js       a control for each parameter; the profile pickers
//   curves.js       the curve editors and their plots
//   looking-back.js the timeline, the property plots, the server's walkthrough
//   record.js       Record: the walkthrough's GIF and player made in the page (record-worker.js codes them)
//   grade.js        Grade: a walkthrough GIF dropped on the page read back (grade-worker.js decodes and grades it)
//   site.js         the site's version, its service worker, a newer version offered
import { page } from "./state.js";
import { begin, send } from "./transport.js";
import { connection } from "./restore.js";
import { keptStatus } from "./keep.js";
import "./pointer.js";
import "./keys.js";
import { link, scriptText, scriptTextB } from "./script-pane.js";
import "./looking-back.js";
import { recordingState } from "./record.js";
import { gradingState } from "./grade.js";
import { lastScreen } from "./phones.js";

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
