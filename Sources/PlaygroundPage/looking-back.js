// Looking back: the last gesture's timeline and property plots (the `history` message), the settings' export
// saved as a file, and the server's HTML player in a tab of its own (Open walkthrough). The page records GIFs and
// players itself (record.js).
import { $, download, element, notify } from "./dom.js";
import { page } from "./state.js";
import { scriptText } from "./script-pane.js";
import { send } from "./transport.js";

// The last gesture settled (a screen said `historyDue`): its timeline and plots are asked for once the page is idle,
// not in the frame that settled it (drawing them is a replay of the gesture). A finger down by then starts another
// gesture, whose settling asks again.
var historyAsked = false;
/** @returns {void} */
export function historyDue() {
  if (historyAsked) return;
  historyAsked = true;
  var idle = window.requestIdleCallback || function (f) { return setTimeout(f, 50); };
  idle(function () {
    historyAsked = false;
    if (!page.pointer) send({ type: "history" });
  }, { timeout: 1000 });
}

/** @param {import("./types").Message} m */
export function onHistory(m) {
  page.history = m;
  var list = $("timeline");
  list.textContent = "";
  var entries = m.timeline || [];
  if (typeof entries === "string") entries = entries.split("\n").filter(Boolean);
  if (!entries.length) list.appendChild(element("li", "empty", "Nothing has moved yet."));
  entries.forEach(function (line) { list.appendChild(element("li", "", line)); });
  list.scrollTop = list.scrollHeight;
  var plots = m.plots || [];
  if (typeof plots === "string") plots = [plots];
  $("plots").innerHTML = plots.join("\n");
}

/**
 * The export, saved with one click: tokens and CSS as their file (`text`); the Swift and JavaScript sets, several
 * files each, as the store-only ZIP the session made of them (`base64`: the same bytes natively and in WebAssembly).
 * @param {import("./types").Message} m
 */
export function onExport(m) {
  var body = typeof m.base64 === "string" ? bytesOf(m.base64) : m.text;
  download(m.fileName, new Blob([body], { type: m.mediaType }));
  var files = m.files || [];
  notify("Exported " + m.fileName + (files.length > 1 ? " (" + files.length + " files: " + files.join(", ") + ")." : "."));
}

/** @param {string} base64 @returns {Uint8Array} its bytes */
function bytesOf(base64) {
  var text = atob(base64);
  var bytes = new Uint8Array(text.length);
  for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

// The server's walkthroughs: there is a server when this page came from `mailsim serve` or a class's server, none on
// a static host. Asked once, when first wanted.
var serverAnswers = null;
/**
 * @param {string} what  the words the status line says the server is missing for
 * @param {() => void} then
 */
export function withServer(what, then) {
  if (!serverAnswers) {
    serverAnswers = fetch("healthz", { cache: "no-store" }).then(function (r) { return r.ok; }, function () { return false; });
  }
  serverAnswers.then(function (there) {
    if (there) return then();
    serverAnswers = null;
    notify(what + " is drawn by mailsim's server, and this page has none (a static copy, or offline): Record " +
      "makes the walkthrough in this page (its Download player is the same page).", "error");
  });
}

$("open-walkthrough").addEventListener("click", function () { withServer("The walkthrough", openWalkthrough); });

function openWalkthrough() {
  // A form posted into a new tab: the player is then a page of the server with a policy of its own (its inline
  // script and style allowed by their hashes), not a blob: URL, which would inherit this page's policy.
  var form = element("form");
  form.method = "post";
  form.action = "walkthrough";
  form.target = "_blank";
  form.hidden = true;
  var field = element("textarea");
  field.name = "script";
  field.value = scriptText();
  form.appendChild(field);
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
