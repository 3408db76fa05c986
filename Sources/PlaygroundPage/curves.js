// The curve parameters' editors: a picker, a Bézier editor with two draggable control points, a spring editor in
// several tools' notations; the curve itself is drawn from the session's `plot` answer.
import { element, formatSeconds, round3, setAttrs, svgEl } from "./dom.js";
import { send } from "./transport.js";

var NAMED_CURVES = ["linear", "easeIn", "easeOut", "easeInOut", "default"];
var openCurve = null;  // the control whose editor is open

function curveWords(v) {
  var s = String(v);
  var nums = (s.match(/-?[0-9]*\.?[0-9]+(?:e-?[0-9]+)?/g) || []).map(parseFloat);
  if (/^bezier/.test(s)) return { kind: "bezier", nums: nums };
  if (/^spring/.test(s)) return { kind: "spring", nums: nums };
  return { kind: s, nums: [] };
}

/**
 * @param {any} c  the parameter's control (tuning.js)
 * @param {HTMLElement} head  the row it goes in
 * @param {(name: string, value: string) => void} set  how a change is sent (tuning.js's sendSet)
 */
export function curveControl(c, head, set) {
  c.set = set;
  var pick = element("select");
  pick.setAttribute("aria-label", c.param.name);
  NAMED_CURVES.concat(["bezier", "spring"]).forEach(function (w) {
    var o = element("option", "", w === "bezier" ? "Bézier…" : w === "spring" ? "spring…" : w);
    o.value = w; pick.appendChild(o);
  });
  var edit = element("button", "edit", "edit");
  edit.type = "button";
  edit.title = "Show the curve and its editor";
  head.appendChild(pick);
  head.appendChild(edit);
  var editor = element("div", "curve-editor");
  editor.hidden = true;
  c.row.appendChild(editor);
  c.editor = editor;
  c.current = curveWords(c.param.value);

  pick.addEventListener("change", function () {
    var k = pick.value;
    if (k === "bezier") {
      var b = c.current.kind === "bezier" ? c.current.nums : [0.42, 0, 0.58, 1];
      c.set(c.param.name, "bezier " + b.map(round3).join(" "));
    } else if (k === "spring") {
      var s = c.current.kind === "spring" ? c.current.nums : [0.7, 0.4];
      c.set(c.param.name, "spring " + s.map(round3).join(" "));
    } else c.set(c.param.name, k);
    openEditor(c, true);
  });
  edit.addEventListener("click", function () { openEditor(c, editor.hidden); });
  c.sync = function (v) {
    var w = curveWords(v);
    var changed = JSON.stringify(w) !== JSON.stringify(c.current);
    c.current = w;
    pick.value = w.kind;
    c.row.classList.toggle("changed", String(v) !== String(c.param.default));
    if (!editor.hidden && (changed || !editor.firstChild)) renderEditor(c);
  };
}

function openEditor(c, open) {
  if (openCurve && openCurve !== c) { openCurve.editor.hidden = true; openCurve.row.classList.remove("editing"); }
  c.editor.hidden = !open;
  c.row.classList.toggle("editing", open);
  openCurve = open ? c : null;
  if (open) renderEditor(c);
}

// The editor's drawing: 0…1 of time across, the value up, with room above and below for overshoot.
var PLOT = { w: 220, h: 180, pad: 14, lo: -0.25, hi: 1.35 };
function px(t) { return PLOT.pad + t * (PLOT.w - 2 * PLOT.pad); }
function py(v) { return PLOT.h - PLOT.pad - (v - PLOT.lo) / (PLOT.hi - PLOT.lo) * (PLOT.h - 2 * PLOT.pad); }
function vOf(y) { return PLOT.lo + (PLOT.h - PLOT.pad - y) / (PLOT.h - 2 * PLOT.pad) * (PLOT.hi - PLOT.lo); }
function tOf(x) { return (x - PLOT.pad) / (PLOT.w - 2 * PLOT.pad); }

function renderEditor(c) {
  var e = c.editor;
  e.textContent = "";
  var svg = svgEl("svg", { viewBox: "0 0 " + PLOT.w + " " + PLOT.h, class: "curve-plot", width: PLOT.w, height: PLOT.h });
  svg.appendChild(svgEl("rect", { x: px(0), y: py(1), width: px(1) - px(0), height: py(0) - py(1), class: "unit-box" }));
  svg.appendChild(svgEl("line", { x1: px(0), y1: py(0), x2: px(1), y2: py(0), class: "axis" }));
  svg.appendChild(svgEl("line", { x1: px(0), y1: py(1), x2: px(1), y2: py(1), class: "axis target" }));
  var curve = svgEl("polyline", { class: "curve", points: "" });
  svg.appendChild(curve);
  c.curveLine = curve;
  e.appendChild(svg);
  var caption = element("div", "curve-caption", "");
  c.caption = caption;
  var w = c.current;
  if (w.kind === "bezier") bezierEditor(c, svg, w.nums.slice(0, 4));
  else if (w.kind === "spring") springEditor(c, w.nums.slice(0, 2));
  e.appendChild(caption);
  requestPlot(c, curveText(w));
}

function curveText(w) {
  if (w.kind === "bezier" || w.kind === "spring") return w.kind + " " + w.nums.map(round3).join(" ");
  return w.kind;
}

function requestPlot(c, words) { c.plotFor = words; send({ type: "plot", curve: words }); }

/** @param {import("./types").Message} m */
export function onPlot(m) {
  var c = openCurve;
  if (!c || !c.curveLine) return;
  var pts = m.points || [];
  var end = m.duration || (pts.length ? pts[pts.length - 1][0] : 1) || 1;
  // A spring is drawn over its settling time; a timing curve over 0…1.
  c.curveLine.setAttribute("points", pts.map(function (p) {
    return px(p[0] / end).toFixed(2) + "," + py(p[1]).toFixed(2);
  }).join(" "));
  if (c.caption) c.caption.textContent = m.curve + (m.duration ? " · " + formatSeconds(m.duration) + " s" : "");
}

function bezierEditor(c, svg, b) {
  while (b.length < 4) b.push(0);
  var h1 = svgEl("line", { class: "handle-line" }), h2 = svgEl("line", { class: "handle-line" });
  var p1 = svgEl("circle", { r: 7, class: "handle" }), p2 = svgEl("circle", { r: 7, class: "handle" });
  svg.insertBefore(h1, c.curveLine); svg.insertBefore(h2, c.curveLine);
  svg.appendChild(p1); svg.appendChild(p2);
  var place = function () {
    setAttrs(h1, { x1: px(0), y1: py(0), x2: px(b[0]), y2: py(b[1]) });
    setAttrs(h2, { x1: px(1), y1: py(1), x2: px(b[2]), y2: py(b[3]) });
    setAttrs(p1, { cx: px(b[0]), cy: py(b[1]) });
    setAttrs(p2, { cx: px(b[2]), cy: py(b[3]) });
    fields.textContent = "bezier " + b.map(function (x) { return (Math.round(x * 100) / 100).toFixed(2); }).join(" ");
  };
  var fields = element("code", "bezier-words");
  c.editor.appendChild(fields);
  /** @type {Array<[SVGElement, number]>} */ ([[p1, 0], [p2, 2]]).forEach(function (pair) {
    var handle = pair[0], i = pair[1];
    handle.addEventListener("pointerdown", function (event) {
      event.preventDefault();
      handle.setPointerCapture(event.pointerId);
      var move = function (ev) {
        var ctm = svg.getScreenCTM().inverse();
        var p = svg.createSVGPoint(); p.x = ev.clientX; p.y = ev.clientY;
        var q = p.matrixTransform(ctm);
        b[i] = Math.max(0, Math.min(1, Math.round(tOf(q.x) * 100) / 100));
        b[i + 1] = Math.max(PLOT.lo, Math.min(PLOT.hi, Math.round(vOf(q.y) * 100) / 100));
        place();
      };
      var up = function () {
        handle.removeEventListener("pointermove", move);
        handle.removeEventListener("pointerup", up);
        handle.removeEventListener("pointercancel", up);
        c.set(c.param.name, "bezier " + b.map(round3).join(" "));
      };
      handle.addEventListener("pointermove", move);
      handle.addEventListener("pointerup", up);
      handle.addEventListener("pointercancel", up);
    });
  });
  place();
}

// The spring in mailsim's words (damping ratio, response) or in another tool's, sent as `set … spring
// NOTATION …`: the server converts; the page shows back the spring it set.
var NOTATIONS = {
  mailsim: { label: "mailsim (damping, response)", fields: [["damping", 0.05, 1.5, 0.01, 0], ["response", 0.05, 2, 0.01, 1]] },
  swiftui: { label: "SwiftUI (duration, bounce)", fields: [["duration", 0.05, 2, 0.01], ["bounce", -1, 0.95, 0.01]] },
  origami: { label: "Origami (bounciness, speed)", fields: [["bounciness", 0, 30, 0.5], ["speed", 0, 30, 0.5]] },
  framer: { label: "Framer (stiffness, damping, mass)", fields: [["stiffness", 1, 1000, 1], ["damping", 0, 100, 0.5], ["mass", 0.1, 10, 0.1]] },
};

function springEditor(c, s) {
  var damping = s[0] !== undefined ? s[0] : 0.7, response = s[1] !== undefined ? s[1] : 0.4;
  c.notation = c.notation || "mailsim";
  var box = element("div", "spring");
  var pick = element("select", "notation");
  pick.setAttribute("aria-label", "spring notation");
  Object.keys(NOTATIONS).forEach(function (k) { var o = element("option", "", NOTATIONS[k].label); o.value = k; pick.appendChild(o); });
  pick.value = c.notation;
  box.appendChild(pick);
  // Starting values in each notation, for the spring shown: exact where the conversion is a closed form.
  var start = {
    mailsim: [damping, response],
    swiftui: [response, Math.round((1 - damping) * 100) / 100],
    origami: [5, 10],
    framer: [Math.round(Math.pow(2 * Math.PI / response, 2) * 10) / 10, Math.round(4 * Math.PI * damping / response * 10) / 10, 1],
  };
  var values = start[c.notation].slice();
  var rows = element("div", "spring-fields");
  NOTATIONS[c.notation].fields.forEach(function (f, i) {
    var row = element("label", "spring-field");
    row.appendChild(element("span", "", f[0]));
    var slider = element("input"); slider.type = "range"; slider.min = f[1]; slider.max = f[2]; slider.step = f[3];
    var num = element("input", "num"); num.type = "number"; num.step = "any";
    slider.value = num.value = values[i];
    slider.addEventListener("input", function () { num.value = slider.value; });
    var commit = function (v) { values[i] = parseFloat(v); sendSpring(c, values); };
    slider.addEventListener("change", function () { commit(slider.value); });
    num.addEventListener("change", function () { slider.value = num.value; commit(num.value); });
    row.appendChild(slider); row.appendChild(num);
    rows.appendChild(row);
  });
  box.appendChild(rows);
  pick.addEventListener("change", function () { c.notation = pick.value; renderEditor(c); });
  c.editor.appendChild(box);
}

function sendSpring(c, v) {
  var words;
  switch (c.notation) {
  case "swiftui": words = "spring swiftui duration " + v[0] + " bounce " + v[1]; break;
  case "origami": words = "spring origami bounciness " + v[0] + " speed " + v[1]; break;
  case "framer": words = "spring framer stiffness " + v[0] + " damping " + v[1] + " mass " + v[2]; break;
  default: words = "spring " + v[0] + " " + v[1];
  }
  c.set(c.param.name, words);
}
