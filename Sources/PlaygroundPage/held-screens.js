// Each phone's SVG as this page holds it, and the DOM patched to it (docs/playground.md, Protocol). A screen message
// gives a phone's SVG whole or, for a pointer event or a tick, a patch: the top-level nodes gone and new since the
// screen numbered `base` (a row hidden, a row come up from below), the texts of those that changed, or for a node
// only its lines that changed (an overlay fading in: its group's opening line; a row moving: its translation), put
// into the text held. The page keeps each node's text and how many elements it made in the DOM
// (one, or two for a clip path and the group it clips), and replaces only the elements of the nodes that changed: a
// drag moves one row, and the DOM parses that row, not the screen.
var SVG_NS = "http://www.w3.org/2000/svg";
var scratch = document.createElementNS(SVG_NS, "g"); // where a node's text is parsed (as SVG, by the HTML parser)

// Per phone: { frame, head, texts, sizes } as the session last sent them, and `drawn` (each node's element count as
// the DOM holds them), `dirty` (nodes whose text the DOM does not show yet), `moves` (the nodes gone and new since
// the DOM was drawn, in order: { removed, inserted } each) and `redraw` (the DOM is to be set whole), or null before a
// whole screen.
var held = [];

// A new session (a reconnect, a restart): its screens' numbers are not the last one's. Its first screen is whole.
/** @returns {void} */
export function forgetScreens() { held = []; }

// A rehearsal (transport.js's warm-up): a throwaway session's screens taken and drawn into an element outside the
// document, under a slot of their own, so that the page's code for a drag (this module's) is compiled before the
// first real one, whose first events would otherwise run it unoptimised. No phone's slot is touched.
var REHEARSAL = 8;
/**
 * @param {import("./types").Message[]} answers  the throwaway session's answers, in order (its opening first)
 * @param {Element} element  an element outside the document
 */
export function rehearse(answers, element) {
  for (var i = 0; i < answers.length; i++) {
    var m = answers[i];
    var phone = m.type === "screen" && m.phones ? m.phones[0] : null;
    if (phone && takeScreen(REHEARSAL, phone)) drawScreen(REHEARSAL, element);
  }
}

/** The rehearsal's slot emptied. */
export function endRehearsal() { delete held[REHEARSAL]; }

// The document cut into its head (the XML declaration and the root's opening tag), its top-level nodes' texts and
// the closing `</svg>` (SVGWriter writes one element a line; a group's children are between its lines `<g…>` and
// `</g>`; a clip path is one line before the group it clips); null if the text is not that.
function cut(text) {
  var lines = text.split("\n");
  if (lines.length < 4 || lines[lines.length - 2] !== "</svg>" || lines[lines.length - 1] !== "") return null;
  var texts = [], sizes = [], node = "", size = 0, depth = 0;
  for (var i = 2; i < lines.length - 2; i++) {
    var line = lines[i];
    node += line + "\n";
    if (depth === 0) size += 1;
    if (line.lastIndexOf("<clipPath", 0) === 0) continue;
    if (line.lastIndexOf("<g", 0) === 0 && line.slice(-2) !== "/>") depth += 1;
    else if (line === "</g>") depth -= 1;
    if (depth === 0) {
      texts.push(node);
      sizes.push(size);
      node = "";
      size = 0;
    }
  }
  if (node || depth) return null;
  return { head: lines[0] + "\n" + lines[1] + "\n", texts: texts, sizes: sizes };
}

// A node's text held with the lines a patch changed ([[line, text]…], from 0, each without its line break; the
// node has as many lines as before): null when it does not hold that node or those lines.
function withLines(text, changes) {
  if (typeof text !== "string" || !Array.isArray(changes)) return null;
  var lines = text.split("\n");
  for (var i = 0; i < changes.length; i++) {
    var at = changes[i][0];
    if (!(at >= 0 && at < lines.length) || typeof changes[i][1] !== "string") return null;
    lines[at] = changes[i][1];
  }
  return lines.join("\n");
}

// How many top-level elements a node's text makes.
function sizeOf(text) { return text.lastIndexOf("<clipPath", 0) === 0 ? 2 : 1; }

// Phone `index`'s part of a screen message, taken: the texts it holds now, and what the DOM must change. False when
// it is a patch of a screen this page does not hold (an answer was missed, or the session is new): then nothing
// changed, and the caller asks for the whole screen.
/**
 * @param {number} index
 * @param {import("./types").PhoneScreen} phone
 * @returns {boolean}
 */
export function takeScreen(index, phone) {
  var h = held[index];
  if (typeof phone.svg !== "string") {
    if (!h || !h.head || h.frame !== phone.base || !Array.isArray(phone.nodes)) return false;
    var texts = h.texts.slice(), sizes = h.sizes.slice();
    var removed = phone.removed || [], inserted = phone.inserted || [];
    if (!Array.isArray(removed) || !Array.isArray(inserted)) return false;
    for (var r = removed.length - 1; r >= 0; r--) {
      if (!(removed[r] >= 0 && removed[r] < texts.length)) return false;
      texts.splice(removed[r], 1);
      sizes.splice(removed[r], 1);
    }
    for (var n = 0; n < inserted.length; n++) {
      if (!(inserted[n] >= 0 && inserted[n] <= texts.length)) return false;
      texts.splice(inserted[n], 0, null);
      sizes.splice(inserted[n], 0, 0);
    }
    for (var i = 0; i < phone.nodes.length; i++) {
      var at = phone.nodes[i][0], text = phone.nodes[i][1];
      if (!(at >= 0 && at <= texts.length)) return false;
      if (typeof text !== "string") {
        text = withLines(texts[at], text);
        if (text === null) return false;
      }
      texts[at] = text;
      sizes[at] = sizeOf(text);
    }
    if (texts.indexOf(null) >= 0) return false;
    if (removed.length || inserted.length) {
      h.dirty = moved(h.dirty, removed, inserted);
      h.moves.push({ removed: removed, inserted: inserted });
    }
    for (var d = 0; d < phone.nodes.length; d++) h.dirty[phone.nodes[d][0]] = true;
    texts.length = sizes.length = Math.min(texts.length, phone.count);
    h.texts = texts;
    h.sizes = sizes;
    h.frame = phone.frame;
    return true;
  }
  var whole = cut(phone.svg);
  if (!whole) {
    held[index] = { frame: phone.frame, head: null, texts: [], sizes: [], drawn: [], dirty: {}, moves: [],
                    redraw: phone.svg };
    return true;
  }
  if (!h || h.head !== whole.head || h.moves.length) {
    held[index] = { frame: phone.frame, head: whole.head, texts: whole.texts, sizes: whole.sizes, drawn: [],
                    dirty: {}, moves: [], redraw: true };
    return true;
  }
  // A whole screen over one held: only the nodes that differ are drawn again.
  for (var j = 0; j < whole.texts.length; j++) if (whole.texts[j] !== h.texts[j]) h.dirty[j] = true;
  h.texts = whole.texts;
  h.sizes = whole.sizes;
  h.frame = phone.frame;
  return true;
}

// The nodes waiting to be drawn (`dirty`, by place) at their places once the nodes `removed` (places before) are gone
// and those `inserted` (places after) are new.
function moved(dirty, removed, inserted) {
  var places = Object.keys(dirty).map(Number);
  for (var r = removed.length - 1; r >= 0; r--) {
    places = places.filter(function (p) { return p !== removed[r]; })
      .map(function (p) { return p > removed[r] ? p - 1 : p; });
  }
  for (var n = 0; n < inserted.length; n++) places = places.map(function (p) { return p >= inserted[n] ? p + 1 : p; });
  var out = {};
  for (var k = 0; k < places.length; k++) out[places[k]] = true;
  return out;
}

// The whole document phone `index` holds, as the session wrote it.
/**
 * @param {number} index
 * @returns {string | undefined}
 */
export function heldText(index) {
  var h = held[index];
  if (!h) return undefined;
  if (typeof h.redraw === "string") return h.redraw;
  return h.head + h.texts.join("") + "</svg>\n";
}

// Phone `index`'s screen drawn into `element` (its `.screen`): the nodes that changed since it was last drawn, or
// the whole SVG when most did, when it is new, or when the DOM is not what the page drew there.
/**
 * @param {number} index
 * @param {Element} element
 */
export function drawScreen(index, element) {
  var h = held[index];
  if (!h) return;
  var svg = element.firstElementChild;
  var dirty = Object.keys(h.dirty).map(Number).sort(function (a, b) { return a - b; });
  var moves = h.moves;
  h.dirty = {};
  h.moves = [];
  var drawn = sum(h.drawn);
  var fresh = 0;
  for (var m = 0; m < moves.length; m++) fresh += moves[m].inserted.length;
  if (h.redraw || !svg || svg.children.length !== drawn || (dirty.length - fresh) * 2 > h.texts.length) {
    element.innerHTML = heldText(index).replace(/^<\?xml[^>]*>\s*/, "");
    h.drawn = typeof h.redraw === "string" ? [] : h.sizes.slice();
    h.drawnTexts = h.texts;
    h.redraw = false;
    return;
  }
  // The nodes gone leave the DOM; those new take their places, drawn below as the nodes that changed.
  var drawnTexts = h.drawnTexts.slice();
  for (var mv = 0; mv < moves.length; mv++) {
    var removed = moves[mv].removed, inserted = moves[mv].inserted;
    for (var r = removed.length - 1; r >= 0; r--) {
      var from = sum(h.drawn, removed[r]);
      for (var e = 0; e < h.drawn[removed[r]]; e++) removeElement(svg, svg.children[from]);
      h.drawn.splice(removed[r], 1);
      drawnTexts.splice(removed[r], 1);
    }
    for (var n = 0; n < inserted.length; n++) {
      h.drawn.splice(inserted[n], 0, 0);
      drawnTexts.splice(inserted[n], 0, null);
    }
  }
  h.drawnTexts = drawnTexts;
  for (var k = 0; k < dirty.length; k++) {
    var i = dirty[k];
    if (i >= h.texts.length) break;
    var at = sum(h.drawn, i), size = i < h.drawn.length ? h.drawn[i] : 0;
    if (size !== h.sizes[i] || !setInPlace(svg, at, size, h.drawnTexts[i], h.texts[i])) {
      replace(svg, at, size, h.texts[i]);
    }
    h.drawn[i] = h.sizes[i];
  }
  h.drawnTexts = h.texts;
  // Nodes past the document's end (a row gone, the finger lifted): removed.
  if (h.drawn.length > h.texts.length) {
    var from = sum(h.drawn, h.texts.length);
    while (svg.children.length > from) removeElement(svg, svg.children[from]);
    h.drawn.length = h.texts.length;
  }
}

function sum(sizes, end) {
  var n = 0;
  for (var i = 0; i < (end === undefined ? sizes.length : end); i++) n += sizes[i];
  return n;
}

// A node changed in place, when its new text has the elements its old one had, line for line (SVGWriter writes one
// element a line, a clip path with its rectangle on one, a group's closing on its own): each changed line's
// attributes and text set on its elements, read from the two texts with no parsing by the browser (a dragged row's
// group keeps its elements; its x's change). False, and nothing changed, when they differ in shape.
var OPENING = /<([a-zA-Z]+)([^<>]*)>/g;     // an element's opening tag: its name and attributes
var ATTRIBUTE = /([a-zA-Z:-]+)="([^"]*)"/g;

function setInPlace(svg, at, count, was, now) {
  if (typeof was !== "string") return false;
  var a = was.split("\n"), b = now.split("\n");
  if (a.length !== b.length) return false;
  var changes = [], n = 0;
  for (var i = 0; i < a.length; i++) {
    var opened = opens(a[i]);
    if (a[i] !== b[i]) {
      var tagsA = tags(a[i]), tagsB = tags(b[i]);
      if (!tagsA.length || tagsA.length !== tagsB.length || tagsA.length !== opened) return false;
      for (var t = 0; t < tagsA.length; t++) if (tagsA[t][0] !== tagsB[t][0]) return false;
      var textA = content(a[i]), textB = content(b[i]);
      if (textA === undefined || textB === undefined || (textA === null) !== (textB === null)) return false;
      changes.push({ at: n, was: tagsA, now: tagsB, text: textA === textB ? null : textB });
    }
    n += opened;
  }
  var elements = [];
  for (var k = 0; k < count; k++) {
    var top = svg.children[at + k];
    elements.push(top);
    Array.prototype.push.apply(elements, top.getElementsByTagName("*"));
  }
  if (elements.length !== n) return false;
  for (var c = 0; c < changes.length; c++) {
    var change = changes[c];
    for (var e = 0; e < change.now.length; e++) {
      var element = elements[change.at + e];
      if (element.localName !== change.now[e][0]) return false;
      setAttributes(element, change.was[e][1], change.now[e][1]);
    }
    if (change.text !== null) elements[change.at].textContent = unescaped(change.text);
  }
  return true;
}

// How many elements a line opens.
function opens(line) {
  var n = 0;
  for (var i = line.indexOf("<"); i >= 0; i = line.indexOf("<", i + 1)) if (line.charAt(i + 1) !== "/") n += 1;
  return n;
}

// A line's opening tags: [name, attributes text] each.
function tags(line) {
  var out = [], m;
  OPENING.lastIndex = 0;
  while ((m = OPENING.exec(line))) out.push([m[1], m[2]]);
  return out;
}

// A `<text>` line's characters (as written, escaped), or null for another line; a text over several lines is not
// changed in place.
function content(line) {
  if (line.lastIndexOf("<text", 0) !== 0) return null;
  var end = line.lastIndexOf("</text>");
  if (end < 0) return undefined;
  return line.slice(line.indexOf(">") + 1, end);
}

function setAttributes(element, was, now) {
  var before = {}, m;
  ATTRIBUTE.lastIndex = 0;
  while ((m = ATTRIBUTE.exec(was))) before[m[1]] = m[2];
  ATTRIBUTE.lastIndex = 0;
  while ((m = ATTRIBUTE.exec(now))) {
    if (before[m[1]] !== m[2]) element.setAttribute(m[1], unescaped(m[2]));
    delete before[m[1]];
  }
  for (var name in before) element.removeAttribute(name);
}

// XML's escapes undone (SVGWriter writes &amp; &lt; &gt; &quot; and &#N;).
var ENTITIES = { amp: "&", lt: "<", gt: ">", quot: "\"", apos: "'" };
function unescaped(text) {
  if (text.indexOf("&") < 0) return text;
  return text.replace(/&(#?)(\w+);/g, function (all, hash, name) {
    if (hash) return String.fromCodePoint(parseInt(name, 10));
    return ENTITIES.hasOwnProperty(name) ? ENTITIES[name] : all;
  });
}

// The `count` elements from top-level element `at` (each with the line break after it) made `text`'s (at the end
// when there are none). Elements of the same shape are changed in place, attribute by attribute (a dragged row's
// group keeps its elements; its x's change): removing and inserting elements costs the browser more than parsing.
function replace(svg, at, count, text) {
  if (count === 0 && insertKept(svg, at, text)) return;
  scratch.innerHTML = text;
  var fresh = Array.prototype.slice.call(scratch.children);
  if (count === 0) keep(text, fresh);
  if (count > 0 && count === fresh.length) {
    for (var k = 0; k < count; k++) {
      var old = svg.children[at + k];
      if (old.tagName === fresh[k].tagName) morph(old, fresh[k]);
      else svg.replaceChild(fresh[k], old);
    }
    return;
  }
  var before = null;
  if (count > 0) {
    var last = svg.children[at + count - 1];
    before = last.nextSibling && last.nextSibling.nodeType === 3 ? last.nextSibling.nextSibling : last.nextSibling;
    for (var n = 0; n < count; n++) removeElement(svg, svg.children[at]);
  } else if (at < svg.children.length) {
    before = svg.children[at];
  }
  while (scratch.firstChild) svg.insertBefore(scratch.firstChild, before);
}

// Large groups parsed before, by the text after their opening line: an options overlay shown again is its group
// parsed the first time, cloned (about a tenth of the parse), its opening's attributes set from the new line. A
// few are kept, the oldest dropped first.
var KEPT_MIN_BYTES = 1024, KEPT_MAX = 4;
/** @type {Map<string, { opening: string, element: Element }>} */
var kept = new Map();

// The new node's group split into its opening line and the rest, when it is one group large enough to keep.
function keptKey(text) {
  var cut = text.indexOf("\n");
  if (text.length < KEPT_MIN_BYTES || text.lastIndexOf("<g", 0) !== 0 || cut < 0) return null;
  return { opening: text.slice(0, cut), body: text.slice(cut + 1) };
}

// `fresh`, the elements just parsed from `text`, kept (a copy) when they are one large group.
function keep(text, fresh) {
  var key = keptKey(text);
  if (!key || fresh.length !== 1 || kept.has(key.body)) return;
  if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value);
  kept.set(key.body, { opening: key.opening, element: fresh[0].cloneNode(true) });
}

// `text` inserted at top-level element `at` from a group kept: true when there was one.
function insertKept(svg, at, text) {
  var key = keptKey(text);
  var found = key && kept.get(key.body);
  if (!found) return false;
  var was = tags(found.opening), now = tags(key.opening);
  if (was.length !== 1 || now.length !== 1 || was[0][0] !== now[0][0]) return false;
  var element = found.element.cloneNode(true);
  setAttributes(/** @type {Element} */ (element), was[0][1], now[0][1]);
  var before = at < svg.children.length ? svg.children[at] : null;
  svg.insertBefore(element, before);
  svg.insertBefore(document.createTextNode("\n"), before);
  return true;
}

// `element` made like `model` (an element of the same tag): its attributes set, its children changed in place
// where they have the same shape, replaced where not.
function morph(element, model) {
  var attributes = model.attributes;
  for (var i = 0; i < attributes.length; i++) {
    var a = attributes[i];
    if (element.getAttribute(a.name) !== a.value) element.setAttribute(a.name, a.value);
  }
  if (element.attributes.length !== attributes.length) {
    for (var j = element.attributes.length - 1; j >= 0; j--) {
      var name = element.attributes[j].name;
      if (!model.hasAttribute(name)) element.removeAttribute(name);
    }
  }
  var have = element.childNodes, want = model.childNodes;
  if (have.length !== want.length) {
    element.replaceChildren.apply(element, Array.prototype.slice.call(want));
    return;
  }
  for (var c = 0; c < have.length; c++) {
    var h = have[c], w = want[c];
    if (h.nodeType === 3 && w.nodeType === 3) {
      if (h.data !== w.data) h.data = w.data;
    } else if (h.nodeType === 1 && w.nodeType === 1 && h.tagName === w.tagName) {
      morph(h, w);
    } else {
      element.replaceChild(w.cloneNode(true), h);
    }
  }
}

function removeElement(svg, element) {
  var next = element.nextSibling;
  if (next && next.nodeType === 3) svg.removeChild(next);
  svg.removeChild(element);
}
