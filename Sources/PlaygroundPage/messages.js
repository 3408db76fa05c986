// What each message from the session does (docs/playground.md, Protocol): the transport tells each answer on the bus
// (`message`), and this module hands it to the module whose job it is: a screen to the phones, a script delta to the
// script pane, a plot to the curves, and so on. A session being restored (restore.js) or a link's `load`
// (link.js) sees the answers first. This module sits above the modules it calls, and none of them imports it.
import { notify } from "./dom.js";
import { page } from "./state.js";
import { on } from "./bus.js";
import { send } from "./transport.js";
import { restore, restored, restoreFailed } from "./restore.js";
import { linesChanged, settingsChanged } from "./keep.js";
import { keepParams, onScreen } from "./phones.js";
import { onReport, onScript, pendingAnswer, showReport } from "./script-pane.js";
import { buildParams, buildProfiles, paramError } from "./tuning.js";
import { onPlot } from "./curves.js";
import { onHistory, onExport } from "./looking-back.js";
import { onRecord } from "./record.js";
import { linkAnswered, openLink } from "./link.js";

/** @typedef {import("./types").Message} Message */
/** @typedef {import("./types").Hello} Hello */
/** @typedef {import("./types").Screen} Screen */

var loadedFromLink = false;

/** @param {Message} m */
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
  case "hello": return onHello(/** @type {Hello} */ (m));
  case "screen":
    onScreen(/** @type {Screen} */ (m));
    return settingsChanged();
  case "script":
    var count = page.lines.length;
    onScript(m);
    return linesChanged(m.from, page.lines.length === count && m.from === count - 1);
  case "report": return onReport(m);
  case "plot": return onPlot(m);
  case "history": return onHistory(m);
  case "export": return onExport(m);
  case "record": return onRecord(m);
  case "error": return onError(m);
  }
}

on("message", receive);

/** @param {Hello} m */
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

/**
 * A refusal: under the tuning control whose `set` it refused, under the command box when it answers its line, else
 * on the status line.
 * @param {Message} m
 */
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
