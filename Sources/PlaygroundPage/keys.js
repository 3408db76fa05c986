// The keyboard and the bar's buttons: a key typed on the phone (or a shortcut), shake, reset, the comparison, the
// playback speed and which phone a tuning change goes to.
import { $ } from "./dom.js";
import { page, phoneParams } from "./state.js";
import { connect, send } from "./transport.js";
import { togglePause } from "./ticks.js";
import { phoneFact } from "./phones.js";
import { setTarget } from "./tuning.js";

document.addEventListener("keydown", function (event) {
  var t = /** @type {HTMLElement | null} */ (event.target);
  if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA" || t.isContentEditable)) return;
  if (event.altKey || event.metaKey) return;
  if (page.idleClosed && !page.connected) return connect();
  if (event.key === " " && !composing()) {
    event.preventDefault();
    return togglePause();
  }
  if (event.key.length !== 1) return;
  event.preventDefault();
  send({ type: "key", key: event.key, ctrl: event.ctrlKey });
});

// Whether phone A shows the compose sheet (a space is then typed, not a pause).
function composing() {
  var compose = phoneFact("compose");
  return !!(compose && compose !== "hidden");
}

$("shake").addEventListener("click", function () { send({ type: "shake" }); });
$("reset").addEventListener("click", function () { send({ type: "reset" }); });
$("compare", HTMLInputElement).addEventListener("change", function () {
  var message = { type: "compare", on: $("compare", HTMLInputElement).checked };
  if (message.on) message.profile = secondProfile();
  send(message);
});
Array.prototype.forEach.call(document.querySelectorAll("#speeds button"), function (b) {
  b.addEventListener("click", function () {
    page.speed = parseFloat(b.dataset.speed);
    send({ type: "speed", value: page.speed });
    showSpeed(page.speed);
  });
});

// The speed buttons show `value` as the one in force (a click, or a restored session's speed).
/** @param {number} value */
export function showSpeed(value) {
  Array.prototype.forEach.call(document.querySelectorAll("#speeds button"), function (o) {
    o.classList.toggle("on", parseFloat(o.dataset.speed) === value);
  });
}
Array.prototype.forEach.call(document.querySelectorAll("#target button"), function (b) {
  b.addEventListener("click", function () { setTarget(b.dataset.target); });
});

// The second phone's profile when a comparison starts: the first profile that is not phone A's.
function secondProfile() {
  var profiles = (page.hello && page.hello.profiles) || [];
  var a = phoneParams(0).profile;
  for (var i = 0; i < profiles.length; i++) if (profiles[i] !== a) return profiles[i];
  return a;
}
