// The page's small helpers for the document: elements by id, new elements, downloads, the status line, numbers as
// the page shows them. No state of the session here (state.js holds it).

/** The SVG namespace, for the elements the page makes. */
export const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * The page's element of id `id`. `as` names its class where a module uses what only that kind of element has
 * (`$("compare", HTMLInputElement).checked`): for the type check, which then knows it; the page does not check it.
 * @template {HTMLElement} T
 * @param {string} id
 * @param {{ new (): T, prototype: T }} [as]
 * @returns {T}
 */
export function $(id, as) { return /** @type {T} */ (document.getElementById(id)); }

/**
 * A new element, with its class and its text if given.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [className]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function element(tag, className, text) {
  var e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * A new SVG element with its attributes.
 * @param {string} tag
 * @param {{ [name: string]: string | number }} attrs
 * @returns {SVGElement}
 */
export function svgEl(tag, attrs) {
  var e = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, tag));
  setAttrs(e, attrs);
  return e;
}

/**
 * Sets each of `attrs` on `e`, in order, a number as its text.
 * @param {Element} e
 * @param {{ [name: string]: string | number }} attrs
 */
export function setAttrs(e, attrs) {
  for (var k in attrs) e.setAttribute(k, String(attrs[k]));
}

/**
 * Saves `blob` as the file `name` (the browser's download).
 * @param {string} name
 * @param {Blob} blob
 */
export function download(name, blob) {
  var a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

/** @param {string} text @returns {number} its length in UTF-8 */
export function byteLength(text) { return new TextEncoder().encode(text).length; }

/** @param {unknown} t  seconds @returns {string} to the millisecond, as the page shows times */
export function formatSeconds(t) {
  if (typeof t !== "number") return String(t);
  return (Math.round(t * 1000) / 1000).toFixed(3);
}

/** @param {number} x @returns {string} to three decimals, as a `set` takes it */
export function round3(x) { return String(Math.round(x * 1000) / 1000); }

// The status line: a sentence shown for a few seconds (an error for longer).
var statusTimer = 0;
/**
 * The status line says `text`; "error" keeps it longer.
 * @param {string} text
 * @param {string} [kind]
 */
export function notify(text, kind) {
  var s = $("status");
  s.textContent = text;
  s.className = "status show " + (kind || "");
  clearTimeout(statusTimer);
  statusTimer = setTimeout(function () { s.className = "status"; }, kind === "error" ? 8000 : 4000);
}
