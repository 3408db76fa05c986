// The tuning pane: a control for each parameter of hello's table, by section, each showing the value in force on
// the phone it targets and sending a `set` when changed; a refused `set` shows under its control. The profile
// pickers above the phones too.
import { $, element } from "./dom.js";
import { page, phoneParams } from "./state.js";
import { send } from "./transport.js";
import { curveControl } from "./curves.js";

var controls = {};  // name → { param, row, error, sync(value words) }

/**
 * @param {string} name
 * @returns {string | undefined}
 */
export function paramValue(name) {
  var index = page.target === "1" ? 1 : 0;
  var v = phoneParams(index)[name];
  if (v === undefined && page.hello) {
    var params = page.hello.params;
    for (var i = 0; i < params.length; i++) if (params[i].name === name) return params[i].value;
  }
  return v;
}

/** @param {string} value  "both", "0" or "1" */
export function setTarget(value) {
  page.target = value;
  Array.prototype.forEach.call(document.querySelectorAll("#target button"), function (o) { o.classList.toggle("on", o.dataset.target === value); });
  syncParams();
}

/**
 * @param {string} name
 * @param {string | number} value
 */
export function sendSet(name, value) {
  var message = { type: "set", name: name, value: String(value) };
  if (page.comparing && page.target !== "both") message.phone = parseInt(page.target, 10);
  clearParamError(name);
  send(message);
}

/**
 * @param {string} name
 * @param {string} message
 * @returns {boolean} whether a control showed it
 */
export function paramError(name, message) {
  var c = controls[name];
  if (!c) return false;
  c.error.textContent = message;
  c.error.hidden = false;
  c.row.classList.add("refused");
  syncParams();  // the control goes back to the value in force
  return true;
}

function clearParamError(name) {
  var c = controls[name];
  if (!c) return;
  c.error.hidden = true;
  c.row.classList.remove("refused");
}

// The panel's sections, by the parameter's name.
/** @type {Array<[string, RegExp]>} */
var GROUPS = [
  ["Thresholds", /^threshold\./],
  ["Animations", /^(duration|curve)\./],
  ["Menu", /^menu\./],
  ["Colours", /^color\./],
  ["Row and feel", /./],
];

/** @returns {void} */
export function buildParams() {
  var box = $("params");
  box.textContent = "";
  controls = {};
  var sections = GROUPS.map(function (g) {
    var details = element("details", "pgroup");
    details.open = g[0] !== "Colours";
    details.appendChild(element("summary", "", g[0]));
    return { test: g[1], node: details, used: false };
  });
  page.hello.params.forEach(function (param) {
    if (param.kind === "profile") return;  // the pickers above the phones
    var section = sections.filter(function (s) { return s.test.test(param.name); })[0];
    section.used = true;
    section.node.appendChild(buildControl(param));
  });
  sections.forEach(function (s) { if (s.used) box.appendChild(s.node); });
}

function buildControl(param) {
  var row = element("div", "param kind-" + param.kind);
  row.dataset.name = param.name;
  var head = element("label", "param-head");
  var name = element("span", "param-name", param.name);
  head.appendChild(name);
  row.title = param.help || "";
  row.appendChild(head);
  var error = element("div", "param-error");
  error.hidden = true;
  var c = { param: param, row: row, error: error, sync: function () {} };
  switch (param.kind) {
  case "number": case "duration": case "whole": numberControl(c, head); break;
  case "flag": flagControl(c, head); break;
  case "color": colorControl(c, head); break;
  case "menuRelease": menuReleaseControl(c, head); break;
  case "choice": choiceControl(c, head); break;
  case "curve": curveControl(c, head, sendSet); break;
  default: textControl(c, head);
  }
  row.appendChild(error);
  controls[param.name] = c;
  return row;
}

function rangeOf(param) {
  var min = typeof param.min === "number" ? param.min : 0;
  var max = typeof param.max === "number" ? param.max : (param.kind === "duration" ? 2 : 100);
  // An unbounded range (escape velocity to 1 000 000) gets a slider over the values one plays with.
  var sliderMax = max > 5000 ? 3000 : param.kind === "duration" ? Math.min(max, 2) : max;
  var step = param.kind === "whole" ? 1 : param.kind === "duration" ? 0.01 : (sliderMax - min) <= 2 ? 0.01 : 1;
  return { min: min, max: max, sliderMax: sliderMax, step: step };
}

function numberControl(c, head) {
  var r = rangeOf(c.param);
  var slider = element("input");
  slider.type = "range"; slider.min = String(r.min); slider.max = String(r.sliderMax);
  slider.step = String(r.step);
  slider.setAttribute("aria-label", c.param.name);
  var number = element("input", "num");
  number.type = "number"; number.min = r.min; number.max = r.max; number.step = "any";
  number.setAttribute("aria-label", c.param.name + " value");
  var unit = element("span", "unit", c.param.unit || (c.param.kind === "duration" ? "s" : ""));
  head.appendChild(number);
  head.appendChild(unit);
  c.row.appendChild(slider);
  slider.addEventListener("input", function () { number.value = slider.value; });
  slider.addEventListener("change", function () { sendSet(c.param.name, slider.value); });
  number.addEventListener("change", function () { if (number.value !== "") sendSet(c.param.name, number.value); });
  c.sync = function (v) {
    if (document.activeElement !== number) number.value = v;
    if (document.activeElement !== slider) slider.value = v;
    c.row.classList.toggle("changed", String(v) !== String(c.param.default));
  };
}

function flagControl(c, head) {
  var box = element("input");
  box.type = "checkbox";
  box.setAttribute("aria-label", c.param.name);
  var sw = element("label", "switch");
  sw.appendChild(box);
  sw.appendChild(element("span"));
  head.appendChild(sw);
  box.addEventListener("change", function () { sendSet(c.param.name, box.checked ? "on" : "off"); });
  c.sync = function (v) {
    box.checked = v === "on" || v === true;
    c.row.classList.toggle("changed", String(v) !== String(c.param.default));
  };
}

function hexOf(v) {
  var s = String(v);
  var m = /#([0-9a-fA-F]{6})/.exec(s);
  if (m) return "#" + m[1].toLowerCase();
  var named = { gray: "#b2b2b2", yellow: "#feca16", brown: "#ce9662", green: "#55d550", red: "#e73d0e", blue: "#44aad2" };
  return named[s] || "#000000";
}

function colorControl(c, head) {
  var input = element("input");
  input.type = "color";
  input.setAttribute("aria-label", c.param.name);
  var code = element("code", "hex");
  head.appendChild(code);
  head.appendChild(input);
  input.addEventListener("change", function () { sendSet(c.param.name, input.value.toUpperCase()); });
  c.sync = function (v) {
    input.value = hexOf(v);
    code.textContent = hexOf(v).toUpperCase();
    c.row.classList.toggle("changed", hexOf(v) !== hexOf(c.param.default));
  };
}

function menuReleaseControl(c, head) {
  var pick = element("select");
  pick.setAttribute("aria-label", c.param.name);
  ["velocity", "position"].forEach(function (w) { var o = element("option", "", w); o.value = w; pick.appendChild(o); });
  var number = element("input", "num");
  number.type = "number"; number.min = "0"; number.max = "320"; number.step = "any";
  number.setAttribute("aria-label", c.param.name + " position");
  head.appendChild(pick);
  head.appendChild(number);
  var apply = function () {
    if (pick.value === "velocity") sendSet(c.param.name, "velocity");
    else sendSet(c.param.name, "position " + (number.value || 285));
  };
  pick.addEventListener("change", apply);
  number.addEventListener("change", apply);
  c.sync = function (v) {
    var words = String(v).split(/\s+/);
    pick.value = words[0] === "position" ? "position" : "velocity";
    number.hidden = pick.value !== "position";
    if (words[1] && document.activeElement !== number) number.value = words[1];
    c.row.classList.toggle("changed", String(v) !== String(c.param.default));
  };
}

// A parameter of a few words (closed|strict, fade|instant): a picker of the words.
function choiceControl(c, head) {
  var pick = element("select");
  pick.setAttribute("aria-label", c.param.name);
  (c.param.choices || []).forEach(function (w) { var o = element("option", "", w); o.value = w; pick.appendChild(o); });
  head.appendChild(pick);
  pick.addEventListener("change", function () { sendSet(c.param.name, pick.value); });
  c.sync = function (v) {
    pick.value = String(v);
    c.row.classList.toggle("changed", String(v) !== String(c.param.default));
  };
}

function textControl(c, head) {
  var input = element("input", "text");
  input.type = "text";
  input.setAttribute("aria-label", c.param.name);
  head.appendChild(input);
  input.addEventListener("change", function () { sendSet(c.param.name, input.value); });
  c.sync = function (v) { if (document.activeElement !== input) input.value = v; };
}

// The controls show each phone's parameters; they are set again only when those changed (a screen carries them only
// then: the same objects stay in place otherwise), or after a change was sent or refused (its control then shows
// what is in force), not at every screen of a drag.
/** @returns {void} */
export function syncParams() {
  if (!page.hello) return;
  var phones = (page.screen && page.screen.phones) || [];
  var now = phones.map(function (p) { return p.params; });
  var was = page.syncedParams;
  if (was && was.length === now.length && now.every(function (p, i) { return p === was[i]; })) return;
  page.syncedParams = now;
  for (var name in controls) {
    var v = paramValue(name);
    if (v !== undefined) controls[name].sync(v);
  }
  syncProfiles();
}

// ---- profiles: one picker a phone.

/** @returns {void} */
export function buildProfiles() {
  var profiles = page.hello.profiles || [];
  Array.prototype.forEach.call(document.querySelectorAll("select.profile"), function (pick) {
    pick.textContent = "";
    profiles.forEach(function (p) { var o = element("option", "", p); o.value = p; pick.appendChild(o); });
  });
  syncProfiles();
}

// Each picker's listener, once (a reconnect's hello rebuilds the options, not the listeners).
Array.prototype.forEach.call(document.querySelectorAll("select.profile"), function (pick) {
  pick.addEventListener("change", function () {
    var message = { type: "set", name: "profile", value: pick.value };
    if (page.comparing) message.phone = parseInt(pick.dataset.phone, 10);
    send(message);
  });
});

// Set with the controls (syncParams), when the params changed, and when the pickers are built.
/** @returns {void} */
export function syncProfiles() {
  Array.prototype.forEach.call(document.querySelectorAll("select.profile"), function (pick) {
    var v = phoneParams(parseInt(pick.dataset.phone, 10)).profile;
    if (v && document.activeElement !== pick) pick.value = v;
  });
}
