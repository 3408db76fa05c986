// The script pane: the session's lines as the `script` messages replace them, each phone's file to download, the
// link that replays it, the command box and what answers its line, and the settings' export.
import { $, byteLength, download, notify } from "./dom.js";
import { page } from "./state.js";
import { send } from "./transport.js";

/** @param {import("./types").Message} m */
export function onScript(m) {
  var lines = page.lines, linePhones = page.linePhones;
  var from = Math.max(0, Math.min(m.from | 0, lines.length));
  var added = m.lines || [];
  lines.length = from;
  Array.prototype.push.apply(lines, added);
  if (m.phones) {
    if (m.phones.length === lines.length) page.linePhones = m.phones.map(String);
    else { linePhones.length = from; Array.prototype.push.apply(linePhones, m.phones.map(String)); }
  } else {
    linePhones.length = Math.min(linePhones.length, from);
  }
  if (from === 0) more = 0;  // a new script (a load, a restore): its newest lines shown
  renderScript(from);
}

// Whether the script pane follows its last line: read when the user scrolls it, never while a line is shown (a
// read of its scroll height after the phone's new SVG would lay the page out inside every pointer event).
var scriptAtBottom = true, scriptScroll = false;
$("script").addEventListener("scroll", function () {
  var list = $("script");
  scriptAtBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
});

// The pane holds the newest SHOWN lines (and as many more before them as asked for, SHOWN at a time, with "Show
// earlier lines"; Download has them all): the browser lays out, prepaints and paints the whole list again in every
// frame a line changes. With 6,000 lines shown a frame took 72 ms at 4× CPU throttling (14 frames a second while a
// row animated), 22 ms with 300 shown, 17 ms with 100, as with none (docs/performance.md, "A long session").
// `first` is the first line shown, `more` how many lines were asked for beyond SHOWN.
var SHOWN = 100;
var first = 0, more = 0;

$("script-earlier").addEventListener("click", function () {
  more += SHOWN;
  renderScript(0);
  $("script").scrollTop = 0;
  scriptAtBottom = false;
});

/** @param {number} from  the first line that changed */
export function renderScript(from) {
  var list = $("script"), lines = page.lines;
  var nearBottom = scriptAtBottom;
  // Lines come at the end: the oldest shown leave the top. Any other change of the first line shown: drawn anew.
  var start = Math.max(0, lines.length - SHOWN - more);
  if (start !== first) {
    if (start > first && start - first < list.children.length && from >= start) {
      for (var gone = start - first; gone > 0; gone--) list.removeChild(list.firstElementChild);
    } else {
      list.textContent = "";
    }
    first = start;
  }
  from = Math.max(from, first);
  var count = list.children.length;
  // A line amended (a drag's last pan, `advance` as ticks come) is changed in place when it keeps its kind.
  while (!page.comparing && from - first < list.children.length && from < lines.length) {
    var item = list.children[from - first];
    if (item.childElementCount !== 1 || item.className !== lineClass(lines[from])) break;
    var node = /** @type {CharacterData | null} */ (item.lastChild.firstChild);
    if (node && node.nodeType === 3 && !node.nextSibling) {
      if (node.data !== lines[from]) node.data = lines[from];
    } else {
      item.lastChild.textContent = lines[from];
    }
    from += 1;
  }
  while (list.children.length > from - first) list.removeChild(list.lastChild);
  for (var i = first + list.children.length; i < lines.length; i++) {
    var li = document.createElement("li");
    var text = lines[i];
    li.className = lineClass(text);
    li.dataset.line = String(i + 1);
    if (page.comparing) {
      var owner = page.linePhones[i] || "both";
      var badge = document.createElement("span");
      badge.className = "owner o" + owner;
      badge.textContent = owner === "0" ? "A" : owner === "1" ? "B" : "A·B";
      badge.title = owner === "both" ? "both phones" : "phone " + (owner === "0" ? "A" : "B") + " only";
      li.appendChild(badge);
      li.dataset.phone = owner;
    }
    var shown = document.createElement("code");
    shown.textContent = text;
    li.appendChild(shown);
    list.appendChild(li);
  }
  var counted = lines.length === 1 ? "1 line" : lines.length + " lines";
  if ($("script-count").textContent !== counted) $("script-count").textContent = counted;
  var earlier = $("script-earlier");
  if (earlier.hidden !== (first === 0)) earlier.hidden = first === 0;
  if (first > 0) {
    var label = first <= SHOWN ? "Show the " + (first === 1 ? "earlier line" : first + " earlier lines")
      : "Show " + SHOWN + " earlier lines (" + first + " not shown; Download has all)";
    if (earlier.textContent !== label) earlier.textContent = label;
  }
  // Scrolled when lines came or went (a line amended in place leaves the pane's height as it was).
  if (list.children.length !== count && (nearBottom || from >= first + list.children.length - 3) && !scriptScroll) {
    // Scrolled once a frame, when the page is laid out anyway.
    scriptScroll = true;
    requestAnimationFrame(function () {
      scriptScroll = false;
      list.scrollTop = list.scrollHeight;
      scriptAtBottom = true;
    });
  }
}

// A line's class in the pane: its kind, by its first word.
function lineClass(text) {
  if (/^\s*#/.test(text)) return "comment";
  if (/^\s*expect\b/.test(text)) return "expect";
  if (/^\s*set\b/.test(text)) return "set";
  return "";
}

/** @returns {string} */
export function scriptText() { return page.lines.length ? page.lines.join("\n") + "\n" : ""; }

// Phone B's script: its own lines plain, phone A's own as `#A: LINE` (docs/playground.md, A comparison).
/** @returns {string} */
export function scriptTextB() {
  return page.lines.map(function (line, i) {
    var owner = page.linePhones[i] || "both";
    if (owner === "0") return "#A: " + line;
    if (owner === "1") return line.replace(/^#B: /, "");
    return line;
  }).join("\n") + "\n";
}

$("download").addEventListener("click", function () {
  download("playground.mbs", new Blob([scriptText()], { type: "text/plain" }));
});
$("download-b").addEventListener("click", function () {
  download("playground-B.mbs", new Blob([scriptTextB()], { type: "text/plain" }));
});
$("pin").addEventListener("click", function () { send({ type: "pin" }); });

// Export: the session renders the settings in force (phone A, or B) in the chosen format, as `mailsim export`
// does; the answer is saved under its own file name: the tokens' or CSS's file, a ZIP of the Swift or JS set.
$("export").addEventListener("click", function () {
  send({ type: "export", format: $("export-format", HTMLSelectElement).value });
});
$("export-b").addEventListener("click", function () {
  send({ type: "export", format: $("export-format", HTMLSelectElement).value, phone: 1 });
});

/** @returns {string} */
export function link() { return location.origin + location.pathname + "#script=" + encodeURIComponent(scriptText()); }

$("copy-link").addEventListener("click", function () {
  var text = scriptText();
  var hello = page.hello;
  if (hello && hello.limits && byteLength(text) > hello.limits.scriptBytes) {
    return notify("The script is " + byteLength(text) + " bytes; a link holds at most " + hello.limits.scriptBytes + ": download it instead.", "error");
  }
  var url = link();
  var field = $("link", HTMLInputElement);
  field.value = url;
  field.hidden = false;
  var done = function () { notify("Link copied: it replays this session."); };
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(url).then(done, function () { field.select(); notify("Copy the link below (the clipboard refused)."); });
  } else { field.select(); notify("Copy the link below."); }
});

// The command box's line carries an id; the report or error that answers it carries the same id, so what
// other messages print meanwhile (a shake's "Nothing to undo.") goes to the status line instead.
var commandIds = 0;
$("command").addEventListener("submit", function (event) {
  event.preventDefault();
  var input = $("command-line", HTMLInputElement);
  var text = input.value.trim();
  if (!text) return;
  $("report").hidden = true;
  var id = ++commandIds;
  // Pending before it is sent: in the page the answer comes before `send` returns.
  var was = page.pendingCommand;
  page.pendingCommand = id;
  if (send({ type: "line", text: text, id: id })) input.value = "";
  else page.pendingCommand = was;
});

// Whether an answer with `id` answers the command box's line (it is then no longer waited for).
/**
 * @param {number | undefined} id
 * @returns {boolean}
 */
export function pendingAnswer(id) {
  if (id === undefined || id !== page.pendingCommand) return false;
  page.pendingCommand = null;
  return true;
}

// A report that answers the line typed last in the command box (its id) shows under the box; any other (a
// shake with nothing to undo says "Nothing to undo.") goes to the status line.
/** @param {import("./types").Message} m */
export function onReport(m) {
  if (!pendingAnswer(m.id)) return notify(String(m.text || "").trim());
  showReport(m.text, false);
}

/**
 * @param {string} text
 * @param {boolean} isError
 */
export function showReport(text, isError) {
  var r = $("report");
  r.textContent = text;
  r.classList.toggle("error", isError);
  r.hidden = !text;
}
