// The page's small helpers for the document: elements by id, new elements, downloads, the status line, numbers as
// the page shows them. No state of the session here (state.js holds it).

export const SVG_NS = "http://www.w3.org/2000/svg";

export function $(id) { return document.getElementById(id); }

export function element(tag, className, text) {
  var e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

export function svgEl(tag, attrs) {
  var e = document.createElementNS(SVG_NS, tag);
  for (var k in attrs) e.setAttribute(k, attrs[k]);
  return e;
}

export function download(name, blob) {
  var a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

export function byteLength(text) { return new TextEncoder().encode(text).length; }

export function formatSeconds(t) {
  if (typeof t !== "number") return String(t);
  return (Math.round(t * 1000) / 1000).toFixed(3);
}

export function round3(x) { return String(Math.round(x * 1000) / 1000); }

// The status line: a sentence shown for a few seconds (an error for longer).
var statusTimer = 0;
export function notify(text, kind) {
  var s = $("status");
  s.textContent = text;
  s.className = "status show " + (kind || "");
  clearTimeout(statusTimer);
  statusTimer = setTimeout(function () { s.className = "status"; }, kind === "error" ? 8000 : 4000);
}
