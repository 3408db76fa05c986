// Grade: a student's walkthrough GIF read back in this page, with no server and offline (docs/grade.md, "In the
// page"). Drop a GIF on the page (with its README, if you like) or choose it: a worker (grade-worker.js) decodes its
// frames with the browser's ImageDecoder and grades them with `mailsim grade`'s own Swift; this side shows the
// progress, Cancel, each user story's verdict with its evidence, the thresholds and colours measured, the README's
// claims against what was seen, and Download evidence page (`mailsim grade --report`'s page).
import { $, download, element, notify } from "./dom.js";

// The grading running or done: { worker, state, name, frames, read, report, page, message, seconds }; null before.
var job = null;

// What a test (or the curious) reads of the grading: its state, progress and `mailsim grade --json`'s object.
/** @returns {object} */
export function gradingState() {
  if (!job) return { state: "idle" };
  return {
    state: job.state, name: job.name, frames: job.frames || 0, read: job.read || 0, message: job.message || "",
    report: job.report || null, page: job.page ? job.page.length : 0, seconds: job.seconds || 0,
  };
}

function showPanel(on) {
  $("grade-panel").hidden = !on;
  $("grade-open").setAttribute("aria-expanded", String(on));
}

$("grade-open").addEventListener("click", function () { showPanel($("grade-panel").hidden); });
$("grade-file", HTMLInputElement).addEventListener("change", function () {
  var files = Array.prototype.slice.call($("grade-file", HTMLInputElement).files || []);
  $("grade-file", HTMLInputElement).value = "";
  if (files.length) gradeFiles(files);
});
$("grade-cancel").addEventListener("click", function () { cancel(); });
$("grade-page").addEventListener("click", function () {
  if (job && job.page) download(baseName(job.name) + "-evidence.html", new Blob([job.page], { type: "text/html" }));
});

// Files dropped anywhere on the page are graded; anything else dropped is left to the page.
document.addEventListener("dragover", function (event) {
  if (!carriesFiles(event)) return;
  event.preventDefault();
  event.dataTransfer.dropEffect = "copy";
});
document.addEventListener("drop", function (event) {
  if (!carriesFiles(event)) return;
  event.preventDefault();
  var files = Array.prototype.slice.call(event.dataTransfer.files || []);
  if (files.length) gradeFiles(files);
});

function carriesFiles(event) {
  var types = event.dataTransfer && event.dataTransfer.types;
  return !!types && Array.prototype.indexOf.call(types, "Files") >= 0;
}

// A README is a Markdown or text file among those given; the walkthrough is the first other file.
function isReadme(file) { return /\.(md|markdown|txt)$/i.test(file.name) || /^text\//.test(file.type); }

// Grades the walkthrough among `files`, against the README among them.
/** @param {File[]} files */
export function gradeFiles(files) {
  showPanel(true);
  if (job && job.state === "grading") return notify("A walkthrough is being graded: Cancel it first.", "error");
  var walkthrough = files.filter(function (f) { return !isReadme(f); })[0];
  var readme = files.filter(isReadme)[0];
  if (!walkthrough) return notify("Drop a walkthrough GIF to grade (a README alone says nothing of what is shown).", "error");
  var own = { state: "grading", name: walkthrough.name, began: performance.now(), frames: 0, read: 0 };
  job = own;
  $("grade-progress").hidden = false;
  $("grade-result").hidden = true;
  setProgress(own);
  Promise.all([walkthrough.arrayBuffer(), readme ? readme.text() : Promise.resolve(null)]).then(function (read) {
    if (job !== own || own.state !== "grading") return;
    start(own, read[0], readme ? read[1] : null);
  }, function (error) {
    failed(own, "the browser could not read " + walkthrough.name + " (" + error.message + ")");
  });
  notify("Grading " + walkthrough.name + (readme ? " against " + readme.name : "") + "…");
}

function start(own, bytes, readme) {
  try {
    own.worker = new Worker(new URL("./grade-worker.js", import.meta.url), { type: "module" });
  } catch (error) {
    return failed(own, "the grader could not start in this page (" + error.message + "): run `mailsim grade " +
      own.name + "`");
  }
  own.worker.onmessage = function (event) { if (job === own) receive(own, event.data); };
  own.worker.onerror = function (event) {
    if (job !== own) return;
    failed(own, "the grader could not run in this page (" + (event.message || "its worker failed") +
      "): run `mailsim grade " + own.name + "`");
  };
  own.worker.postMessage({ type: "grade", name: own.name, bytes: bytes, readme: readme }, [bytes]);
}

function receive(own, m) {
  switch (m.type) {
  case "started":
    own.frames = m.frames;
    return setProgress(own);
  case "progress":
    own.read = m.frame;
    return setProgress(own);
  case "report":
    own.report = m.report;
    return;
  case "done":
    return finished(own, m);
  case "error":
    return failed(own, m.message);
  }
}

function setProgress(own) {
  var bar = $("grade-bar", HTMLProgressElement);
  bar.max = Math.max(1, own.frames);
  bar.value = own.read;
  $("grade-count").textContent = own.frames ? "frame " + own.read + " of " + own.frames : "opening " + own.name + "…";
}

function finished(own, m) {
  own.worker.terminate();
  own.state = "done";
  own.report = m.report;
  own.page = m.page;
  own.seconds = (performance.now() - own.began) / 1000;
  performance.measure("mailsim:grade", { start: own.began });
  $("grade-progress").hidden = true;
  show(own.report);
  $("grade-result").hidden = false;
  notify("Graded " + own.name + " in " + own.seconds.toFixed(1) + " s.");
}

function failed(own, message) {
  if (own.state !== "grading") return;
  if (own.worker) own.worker.terminate();
  own.state = "failed";
  own.message = message;
  $("grade-progress").hidden = true;
  notify("Cannot grade " + own.name + ": " + message, "error");
}

function cancel() {
  if (!job || job.state !== "grading") return;
  if (job.worker) job.worker.terminate();
  job.state = "cancelled";
  $("grade-progress").hidden = true;
  notify("Grading cancelled.");
}

function baseName(name) { return String(name).replace(/\.[^.]*$/, "") || "walkthrough"; }

// The verdicts of `mailsim grade --json`'s object, as a summary, a table of stories, the measures and the README.
function show(report) {
  var ids = Object.keys(report.stories);
  var missing = ids.filter(function (id) { var s = report.stories[id]; return s.required && s.seen !== true; });
  var required = ids.filter(function (id) { return report.stories[id].required; }).length;
  var summary = $("grade-summary");
  summary.textContent = "";
  summary.appendChild(element("strong", missing.length ? "fail" : "pass", missing.length ? "FAIL" : "PASS"));
  summary.appendChild(document.createTextNode(" " + report.file + " · " + report.frames + " frames · " +
    report.seconds.toFixed(2) + " s · " + (missing.length ? missing.length + " of " + required +
    " required stories not seen: " + missing.join(", ") : "every required story seen") +
    (report.screen ? "" : " · no phone screen found")));
  var rows = $("grade-stories");
  rows.textContent = "";
  ids.forEach(function (id) {
    var s = report.stories[id];
    var verdict = s.seen === true ? "seen" : s.seen === false ? "not seen" : "unsure";
    var tr = element("tr", "verdict-" + verdict.replace(" ", "-"));
    tr.appendChild(element("td", "story", id + (s.required ? "" : " (optional)")));
    tr.appendChild(element("td", "verdict", verdict));
    tr.appendChild(element("td", "at", s.at == null ? "" : s.at.toFixed(2) + " s, frame " + s.frame));
    tr.appendChild(element("td", "evidence", s.evidence));
    rows.appendChild(tr);
  });
  var measured = $("grade-measured");
  measured.textContent = "";
  Object.keys(report.measured).forEach(function (name) {
    var value = report.measured[name];
    if (Array.isArray(value)) return measured.appendChild(element("li", "", name + ": " + bracket(value)));
    if (name === "colors") {
      Object.keys(value).forEach(function (stage) {
        var li = element("li", "", stage + " ");
        var swatch = element("span", "swatch");
        swatch.style.background = value[stage];
        li.appendChild(swatch);
        li.appendChild(document.createTextNode(" " + value[stage]));
        measured.appendChild(li);
      });
    } else if (name === "durations") {
      Object.keys(value).forEach(function (d) {
        measured.appendChild(element("li", "", d + ": " + value[d][0].toFixed(2) + " to " + value[d][1].toFixed(2) + " s"));
      });
    }
  });
  var readme = $("grade-readme");
  readme.hidden = !report.readme;
  if (report.readme) {
    readme.textContent = "README: " + (report.readme.claimedNotShown.length ? "claimed, not shown: " +
      report.readme.claimedNotShown.join(", ") : "every story it claims is shown") +
      (report.readme.shownNotClaimed.length ? " · shown, not claimed: " + report.readme.shownNotClaimed.join(", ") : "");
  }
}

// A threshold's bracket [largest offset before it, smallest past it] in words.
function bracket(pair) {
  if (pair[0] == null && pair[1] == null) return "not measured";
  if (pair[0] == null) return "at most " + pair[1] + " pt";
  if (pair[1] == null) return "over " + pair[0] + " pt";
  return "between " + pair[0] + " and " + pair[1] + " pt";
}
