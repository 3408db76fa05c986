// The phones: each screen message drawn (its SVG as sent, whole or patched: held-screens.js), the clock line, phone
// B shown in a comparison, and the haptic pulses of phone A. Every pixel of a phone is the SVG the session sends.
import { $, formatSeconds, notify } from "./dom.js";
import { page } from "./state.js";
import { on } from "./bus.js";
import { scheduleTick } from "./ticks.js";
import { renderScript } from "./script-pane.js";
import { paramValue, setTarget, syncParams } from "./tuning.js";
import { drawScreen, heldText, takeScreen } from "./held-screens.js";
import { send } from "./transport.js";
import { historyDue } from "./looking-back.js";

var screens = Array.prototype.slice.call(document.querySelectorAll(".screen"));
var figures = Array.prototype.slice.call(document.querySelectorAll(".phone"));

var shownOnce = false;     // the first screen: `mailsim:phone-shown`, its time from the navigation's start
var lastParams = [];       // each phone's params, from the last screen that carried them

// A screen carries a phone's params only when they changed: those it lacks are the last ones sent.
/** @param {import("./types").Message} m */
export function keepParams(m) {
  var phones = m.phones || [];
  for (var i = 0; i < phones.length; i++) {
    if (phones[i].params) lastParams[i] = phones[i].params;
    else phones[i].params = lastParams[i] || {};
  }
}

// A screen message taken (each phone's SVG as the page now holds it, its params, whether the history is due) but
// not drawn: one of a pointer event's coalesced samples, before the last one's screen is shown.
/** @param {import("./types").Message} m */
export function takeScreens(m) {
  keepParams(m);
  var phones = m.phones || [];
  var lost = false;
  for (var i = 0; i < phones.length; i++) {
    if (!takeScreen(i, phones[i])) lost = true;
  }
  // A patch of a screen this page does not hold: the whole screens are asked for (once until they come), after
  // this message is done with (in the page the answer comes at once).
  if (lost && !page.askedWhole) {
    page.askedWhole = true;
    queueMicrotask(function () { send({ type: "screen" }); });
  } else if (!lost) {
    page.askedWhole = false;
  }
  if (m.historyDue) historyDue();
}
on("taken", takeScreens);

// The last screen, each phone's `svg` the whole document the page holds (a patch carries only what changed): for
// tests and the curious (mailsimPlayground.screen()).
/** @returns {import("./types").Screen | null} */
export function lastScreen() {
  var phones = (page.screen && page.screen.phones) || [];
  for (var i = 0; i < phones.length; i++) if (typeof phones[i].svg !== "string") phones[i].svg = heldText(i);
  return page.screen;
}

/** @param {import("./types").Screen} m */
export function onScreen(m) {
  takeScreens(m);
  page.screen = m;
  var phones = m.phones || [];
  for (var i = 0; i < screens.length; i++) {
    if (phones[i]) drawScreen(i, screens[i]);
  }
  setComparing(phones.length > 1);
  // Each set only when it changed: a change is a mutation the browser lays out again.
  setText($("time"), formatSeconds(m.time) + " s");
  setText($("gesture"), m.gesture && m.gesture !== "none" ? " · " + m.gesture : "");
  if (document.body.classList.contains("animating") !== !!m.animating) {
    document.body.classList.toggle("animating", !!m.animating);
  }
  syncParams();  // the controls and the profile pickers, when the params changed
  feelHaptics();
  if (!shownOnce) {
    shownOnce = true;
    performance.mark("mailsim:phone-shown");
  }
  if (page.sentAt !== null) {
    // The server's session: a pointer event's round trip, from its handler to its screen in the DOM.
    performance.measure("mailsim:round-trip", { start: page.sentAt });
    page.sentAt = null;
  }
  page.tickWaiting = false;
  if (m.animating && !page.pointer) scheduleTick();
}

// An element's text, changed in its text node when it has one (no node made or removed).
function setText(element, text) {
  var node = element.firstChild;
  if (node && node.nodeType === 3 && !node.nextSibling) {
    if (node.data !== text) node.data = text;
  } else if (element.textContent !== text) {
    element.textContent = text;
  }
}

// What the last screen said of phone A (or `index`): `compose` (the sheet's phase), `haptics` (the haptic events so
// far): the two facts of the state the page reads, sent with every screen.
/**
 * @param {string} name
 * @param {number} [index]
 * @returns {any}
 */
export function phoneFact(name, index) {
  var p = page.screen && page.screen.phones && page.screen.phones[index || 0];
  return p ? p[name] : undefined;
}

// ---- haptics: the Vibration API where the browser has one, as an option kept by the browser. Phone A's haptic
// events (the model's `haptic.count`, with `haptics` on) each become a 15 ms pulse: the API has durations only, so
// a light event (the near threshold) and a medium one (the far threshold) feel the same.
var vibrating = false, hapticsSeen = null;
if (typeof navigator.vibrate === "function") {
  $("vibrate-option").hidden = false;
  try { vibrating = localStorage.getItem("mailsim.vibrate") === "on"; } catch (e) { /* storage refused */ }
  $("vibrate", HTMLInputElement).checked = vibrating;
  $("vibrate", HTMLInputElement).addEventListener("change", function () {
    vibrating = $("vibrate", HTMLInputElement).checked;
    try { localStorage.setItem("mailsim.vibrate", vibrating ? "on" : "off"); } catch (e) { /* storage refused */ }
    if (vibrating && paramValue("haptics") !== "on") notify("Set haptics on (Tuning) for the phone to feel the thresholds.");
  });
}

function feelHaptics() {
  var count = phoneFact("haptics");
  if (typeof count !== "number") return;
  var felt = hapticsSeen === null ? 0 : count - hapticsSeen;
  hapticsSeen = count;
  if (!vibrating || felt <= 0) return;
  var pulses = [];
  for (var i = 0; i < Math.min(felt, 4); i++) pulses.push(15, 40);
  pulses.pop();
  navigator.vibrate(pulses);
}

// Screen points of a pointer event on phone `index`: the SVG's own mapping (viewBox and any scale). The mapping is
// read at the pointer's down and kept until the next (the phone does not move under a finger): reading it lays the
// page out, which a move would otherwise pay for after every screen it patched.
var mapping = null;
/**
 * @param {PointerEvent} event
 * @param {number} index
 * @returns {{ x: number, y: number } | null}
 */
export function pointOf(event, index) {
  var svg = screens[index].querySelector("svg");
  if (!svg) return null;
  if (!mapping || mapping.svg !== svg || event.type === "pointerdown") {
    var ctm = svg.getScreenCTM();
    if (!ctm) return null;
    mapping = { svg: svg, inverse: ctm.inverse(), point: svg.createSVGPoint() };
  }
  var p = mapping.point;
  p.x = event.clientX; p.y = event.clientY;
  var q = p.matrixTransform(mapping.inverse);
  return { x: Math.round(q.x * 100) / 100, y: Math.round(q.y * 100) / 100 };
}

function setComparing(on) {
  if (on === page.comparing) return;
  page.comparing = on;
  $("compare", HTMLInputElement).checked = on;
  figures[1].hidden = !on;
  document.body.classList.toggle("comparing", on);
  $("target").hidden = !on;
  $("download-b").hidden = !on;
  $("export-b").hidden = !on;
  if (!on) setTarget("both");
  renderScript(0);
}
