// The session kept in this browser (docs/playground.md, "Kept in the browser"): every change of the session (a
// line, a setting, the comparison, the speed) is written to localStorage as it happens, so that a reload, a killed
// tab, a closed browser or an offline reopen brings it back through restore.js's `load`, as a reconnect does.
//
// Where: keys of the page's own folder (its URL path up to the last "/": two sites on one origin never share) and of
// the storage format, FORMAT below; another format's keys are never read or written. A session is a head
//   "mailsim.session.1 /path/ ID"   → {"format":1,"id","changed","seq","lines","comparing","speed","down"}
// and its lines in blocks of CHUNK, each rewritten only when a line in it changed (a drag amends the last line: one
// block of at most CHUNK lines is written, however long the session):
//   "mailsim.session.1 /path/ ID K" → {"lines":[…],"phones":[…] (in a comparison)}
//
// Two tabs: each tab's session has an id kept in sessionStorage (it survives a reload; a tab the browser duplicates
// copies it), and a live tab holds the Web Lock named after its key for its life. A tab without an id adopts the
// most recently changed session no live tab holds, else starts a new one; a tab whose id's lock is taken (a
// duplicate) takes a new id and a copy. Each write also checks that nobody else wrote the session since (its
// `seq`): a tab that finds otherwise takes a new id, so two tabs never write over each other, with locks or not.
import { notify } from "./dom.js";
import { page } from "./state.js";

var FORMAT = 1;
var CHUNK = 256;                    // lines a block
var KEPT_SESSIONS = 5;              // sessions of one page's folder kept at most
var KEPT_DAYS = 30;                 // a session unchanged longer is dropped
var DAY = 24 * 3600 * 1000;

function prefix(scope) { return "mailsim.session." + FORMAT + " " + scope + " "; }
function headKey(k, id) { return prefix(k.scope) + (id || k.id); }
function chunkKey(k, index, id) { return headKey(k, id) + " " + index; }
function tabKey(scope) { return "mailsim.tab " + scope; }

// A new session's id: the time and 48 random bits (two tabs opening in the same millisecond differ).
function newId() {
  var bytes = crypto.getRandomValues(new Uint8Array(6));
  var hex = Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); });
  return Date.now().toString(36) + "-" + hex.join("");
}

// What the page knows of its kept session; page.keep.off says why it is not kept (then nothing is written).
function state() {
  if (!page.keep) {
    page.keep = { scope: location.pathname.replace(/[^/]*$/, "") || "/", id: null, seq: 0, chunks: 0, from: Infinity,
                  head: false, queued: false, off: null, said: "", restored: 0, down: false, comparing: false,
                  speed: 1, locks: {}, writes: 0, timer: 0 };
  }
  return page.keep;
}

// ---- opening: which session this tab keeps, and the one it brings back (a `held` for restore.js, or null)

// Decides this tab's session (above) and reads it: resolves to what restore.js restores, or null for a new one.
// Never rejects: storage refused, a record unreadable or another format's say so, and the session goes on unkept.
/** @returns {Promise<import("./types").Held | null>} */
export function openKept() {
  var k = state();
  var mine;
  try {
    if (!window.localStorage || !window.sessionStorage) throw new Error("no localStorage");
    localStorage.getItem(tabKey(k.scope));
    mine = sessionStorage.getItem(tabKey(k.scope));
  } catch (error) {
    stop("refused", "This browser keeps nothing for this page (" + (error.name || error.message) + "): the session " +
      "is not kept across a reload; Download keeps it.");
    return Promise.resolve(null);
  }
  if (/^#script=/.test(location.hash)) {
    // A link opened: its session is a new one; whatever this tab or others kept stays, for a new tab to adopt.
    return take(newId()).then(function () { prune(); return null; });
  }
  var chosen = mine ? hold(mine).then(function (free) {
    if (free) return take(mine, true).then(function () { return mine; });
    // A tab the browser duplicated: the original holds the id; this one goes on with a copy under an id of its own.
    return take(newId()).then(function () { return mine; });
  }) : adopt();
  return chosen.then(function (source) {
    prune();
    if (!source) return null;
    return readKept(source, source === k.id);
  }, function () { return null; });
}

// Takes `id` as this tab's session, holding its lock when `held` has not already.
function take(id, held) {
  var k = state();
  k.id = id;
  k.seq = 0;
  k.chunks = 0;
  try { sessionStorage.setItem(tabKey(k.scope), id); } catch (e) { /* the id then lasts as long as the page */ }
  return held ? Promise.resolve(true) : hold(id);
}

// Asks for the lock of session `id` without waiting: true when this page now holds it (for its life), false when a
// live tab does. Without Web Locks (an insecure context, an old browser) every id counts as free: `seq` still keeps
// two tabs apart, and no session is adopted (a live tab's could not be told from a closed one's).
function hold(id) {
  if (!navigator.locks) return Promise.resolve(true);
  var k = state();
  return new Promise(function (resolve) {
    navigator.locks.request(headKey(k, id), { ifAvailable: true }, function (lock) {
      resolve(!!lock);
      if (!lock) return undefined;
      return new Promise(function (release) { k.locks[id] = release; });
    }).catch(function () { resolve(true); });  // locks refused here (an opaque origin): as without them
  });
}

// A new tab: the most recently changed session (of the last KEPT_DAYS) that no live tab holds, or a new one.
function adopt() {
  if (!navigator.locks) return take(newId()).then(function () { return null; });
  var k = state();
  var candidates = heads().filter(function (h) { return h.valid && h.changed > Date.now() - KEPT_DAYS * DAY; });
  candidates.sort(function (a, b) { return b.changed - a.changed; });
  var next = function (i) {
    if (i >= candidates.length) return take(newId()).then(function () { return null; });
    return hold(candidates[i].id).then(function (free) {
      return free ? take(candidates[i].id, true).then(function () { return k.id; }) : next(i + 1);
    });
  };
  return next(0);
}

// The heads of this folder's sessions of this format: { id, changed, valid } (an unreadable one: valid false).
function heads() {
  var k = state(), out = [], p = prefix(k.scope);
  for (var i = 0; i < localStorage.length; i++) {
    var key = localStorage.key(i);
    if (!key || key.lastIndexOf(p, 0) !== 0 || key.indexOf(" ", p.length) >= 0) continue;
    var head = parseHead(localStorage.getItem(key));
    out.push({ id: key.slice(p.length), changed: head ? head.changed : 0, valid: !!head });
  }
  return out;
}

function parseHead(text) {
  try {
    var h = JSON.parse(text);
    var ok = h && h.format === FORMAT && typeof h.changed === "number" && typeof h.seq === "number" &&
      typeof h.lines === "number" && h.lines >= 0 && h.lines % 1 === 0 && typeof h.speed === "number";
    return ok ? h : null;
  } catch (e) {
    return null;
  }
}

// Drops what is no longer kept: sessions unchanged for KEPT_DAYS, then the oldest past KEPT_SESSIONS, but never
// one a live tab holds (nor this tab's). Another format's keys are not touched.
function prune() {
  var k = state();
  var done = function (held) {
    try {
      var all = heads().filter(function (h) { return h.id !== k.id && held.indexOf(headKey(k, h.id)) < 0; });
      all.sort(function (a, b) { return b.changed - a.changed; });
      var room = KEPT_SESSIONS - 1 - held.length;
      all.forEach(function (h, i) {
        if (i >= room || h.changed < Date.now() - KEPT_DAYS * DAY) removeSession(h.id);
      });
    } catch (e) { /* storage gone meanwhile: nothing to drop */ }
  };
  if (!navigator.locks || !navigator.locks.query) return done([]);
  navigator.locks.query().then(function (s) {
    done((s.held || []).map(function (l) { return l.name; }).filter(function (n) {
      return n !== headKey(k) && n.lastIndexOf(prefix(k.scope), 0) === 0;
    }));
  }, function () { /* no answer: nothing dropped */ });
}

function removeSession(id) {
  var k = state(), head = parseHead(localStorage.getItem(headKey(k, id)));
  var blocks = head ? Math.ceil(head.lines / CHUNK) : 0;
  // Blocks past the head's count too (a write cut short), as far as they go.
  for (var i = 0; i < blocks || localStorage.getItem(chunkKey(k, i, id)) !== null; i++) {
    localStorage.removeItem(chunkKey(k, i, id));
  }
  localStorage.removeItem(headKey(k, id));
}

// Session `id`'s record as restore.js holds a session, or null (none, or unreadable: then said, and not kept).
function readKept(id, own) {
  var k = state();
  try {
    var text = localStorage.getItem(headKey(k, id));
    if (text === null) {
      var other = otherFormat(id);
      if (other) {
        stop("format", "This tab's session was kept by another version of the playground (storage format " + other +
          "): it is left as it is, and this session is not kept. New session starts one that is.");
      }
      return null;
    }
    var head = parseHead(text);
    if (!head) throw new Error("its head is not a session of format " + FORMAT);
    var lines = [], phones = [];
    for (var i = 0; i * CHUNK < head.lines; i++) {
      var block = JSON.parse(localStorage.getItem(chunkKey(k, i, id)));
      var want = Math.min(CHUNK, head.lines - i * CHUNK);
      var good = block && Array.isArray(block.lines) && block.lines.length === want &&
        block.lines.every(function (l) { return typeof l === "string"; });
      if (!good) throw new Error("block " + i + " is missing or not " + want + " lines");
      var owners = Array.isArray(block.phones) && block.phones.length === want ? block.phones.map(String) : null;
      for (var j = 0; j < want; j++) { lines.push(block.lines[j]); phones.push(owners ? owners[j] : "both"); }
    }
    if (own) {
      k.seq = head.seq;
      k.chunks = Math.ceil(head.lines / CHUNK);
    }
    if (!head.lines && !head.comparing && head.speed === 1) return null;
    k.restored = head.lines;
    var script = lines.length ? lines.join("\n") + "\n" : "";
    // A finger down when the page went: lifted where it was, as a server does when a page closes mid-drag.
    if (head.down) script += "release\n";
    return {
      script: script, lines: lines, phones: phones, comparing: !!head.comparing, speed: head.speed, why: "kept",
    };
  } catch (error) {
    stop("corrupt", "The session kept in this browser for this tab could not be read (" + error.message + "): it is " +
      "left as it is, and this session is not kept. New session clears it.");
    return null;
  }
}

// The format of another version's record of session `id` (the playground's keys with another number), or null.
function otherFormat(id) {
  var k = state(), pattern = /^mailsim\.session\.([0-9]+) (\S+) (\S+)$/;
  for (var i = 0; i < localStorage.length; i++) {
    var m = pattern.exec(localStorage.key(i) || "");
    if (m && m[1] !== String(FORMAT) && m[2] === k.scope && m[3] === id) return m[1];
  }
  return null;
}

// ---- keeping: each change marks what to write; one write a task (a microtask after the change, so a tab killed
// right after a line has it), of the blocks from the first changed line on and the head. A pointer move or a tick
// only amends the last line (the drag's `pan`, the animation's `advance`): that is written within AMENDED_MS, not
// in the frame of every event, and at once with the next other change, when the tab is hidden, or as it goes.
var AMENDED_MS = 250;

// The script changed from line `from` on (a `script` message); `amended` when the change is the last line's text
// alone (the same number of lines).
/**
 * @param {number} from
 * @param {boolean} [amended]
 */
export function linesChanged(from, amended) {
  var k = state();
  k.from = Math.min(k.from, Math.max(0, from | 0));
  if (amended) later(k);
  else queue(k);
}

// A last line amended: written by a timer, unless a write is already on its way.
function later(k) {
  if (k.queued || k.timer || k.off || !k.id) return;
  k.timer = setTimeout(function () {
    k.timer = 0;
    queue(k);
  }, AMENDED_MS);
}

// The tab hidden (switched away from, the phone locked, the page going): an amendment waiting is written now, as a
// hidden tab may be killed without another word.
function flush() {
  var k = state();
  if (!k.timer) return;
  clearTimeout(k.timer);
  k.timer = 0;
  write();
}
document.addEventListener("visibilitychange", function () { if (document.visibilityState === "hidden") flush(); });
window.addEventListener("pagehide", flush);

// A screen or a setting: the comparison, a finger down and the speed are kept in the head.
/** @returns {void} */
export function settingsChanged() {
  var k = state();
  var down = !!(page.screen && page.screen.gesture && page.screen.gesture !== "none");
  if (down === k.down && page.comparing === k.comparing && page.speed === k.speed) return;
  k.head = true;
  queue(k);
}

function queue(k) {
  if (k.queued || k.off || !k.id) return;
  k.queued = true;
  queueMicrotask(write);
}

function write() {
  var k = state();
  k.queued = false;
  if (k.timer) {
    clearTimeout(k.timer);
    k.timer = 0;
  }
  // A session being restored, or one too long to restore waiting for the person: the kept record is the truth.
  if (k.off || !k.id || page.held) return;
  var began = performance.now();
  try {
    var head = parseHead(localStorage.getItem(headKey(k)));
    if (head ? head.seq !== k.seq : k.seq > 0) {
      // Another tab wrote this session since (a duplicate, without Web Locks) or dropped it: ours goes on under
      // an id of its own, written whole; theirs is left as it is.
      if (head) fork(k);
      k.from = 0;
      k.chunks = 0;
    }
    var n = page.lines.length;
    if (!n && !page.comparing && page.speed === 1) {
      if (head || k.chunks) removeSession(k.id);
      k.seq = 0;
      k.chunks = 0;
    } else {
      writeBlocks(k, n);
    }
    k.from = Infinity;
    k.head = false;
    k.writes += 1;
  } catch (error) {
    full(k, error);
  }
  performance.measure("mailsim:keep", { start: began });
}

function writeBlocks(k, n) {
  var blocks = Math.ceil(n / CHUNK);
  for (var i = k.from === Infinity ? blocks : Math.floor(k.from / CHUNK); i < blocks; i++) {
    var block = { lines: page.lines.slice(i * CHUNK, (i + 1) * CHUNK) };
    var owners = page.linePhones.slice(i * CHUNK, (i + 1) * CHUNK);
    if (owners.some(function (o) { return o !== "both"; })) block.phones = owners;
    localStorage.setItem(chunkKey(k, i), JSON.stringify(block));
  }
  for (var j = blocks; j < k.chunks; j++) localStorage.removeItem(chunkKey(k, j));
  k.chunks = blocks;
  k.down = !!(page.screen && page.screen.gesture && page.screen.gesture !== "none");
  k.comparing = page.comparing;
  k.speed = page.speed;
  var seq = k.seq + 1;
  localStorage.setItem(headKey(k), JSON.stringify({
    format: FORMAT, id: k.id, changed: Date.now(), seq: seq, lines: n, comparing: k.comparing, speed: k.speed,
    down: k.down,
  }));
  k.seq = seq;
}

// This tab goes on under a new id; the session it leaves is no longer held (a new tab may take it).
function fork(k) {
  var release = k.locks[k.id];
  delete k.locks[k.id];
  if (release) release();
  take(newId());
}

// A write refused: the storage is full (or went away). The other sessions of this folder unchanged for a minute
// (no tab is at work on them; one that is writes itself whole again at its next change) make room, oldest first,
// the write tried again after each; else this session's record is dropped (half of it would not read back) and it
// is not kept.
function full(k, error) {
  var quota = error && (error.name === "QuotaExceededError" || error.code === 22);
  var others = [];
  try {
    others = heads().filter(function (h) { return h.id !== k.id && h.changed < Date.now() - 60000; });
    others.sort(function (a, b) { return a.changed - b.changed; });
  } catch (e) { /* storage gone: nothing to drop */ }
  for (var i = 0; quota && i < others.length; i++) {
    try {
      removeSession(others[i].id);
      k.from = 0;
      writeBlocks(k, page.lines.length);
      k.from = Infinity;
      k.head = false;
      k.writes += 1;
      return;
    } catch (again) { /* still full: the next one */ }
  }
  try { removeSession(k.id); } catch (e) { /* storage gone */ }
  k.seq = 0;
  k.chunks = 0;
  stop("full", quota ? "The browser's storage for this page is full: the session is no longer kept across a " +
    "reload; Download keeps it." : "The browser refused to keep the session (" + (error.name || error.message) +
    "): it is no longer kept across a reload; Download keeps it.");
}

// The session is not kept from now on, for `why` (said once, in the status line and beside the script's count).
function stop(why, words) {
  var k = state();
  k.off = why;
  k.said = words;
  notify(words, "error");
  showKept();
}

/** @returns {void} */
export function showKept() {
  var k = state(), el = document.getElementById("kept");
  if (!el) return;
  el.textContent = k.off ? "not kept" : "kept";
  el.className = "kept " + (k.off ? "off" : "on");
  el.title = k.off ? k.said : "Each change is kept in this browser for this page: a reload, a closed tab or browser " +
    "brings it back (" + KEPT_SESSIONS + " sessions at most, each for " + KEPT_DAYS + " days after its last change).";
}

// ---- starting afresh

// Start afresh: this tab's kept session is dropped (when it is this format's to drop; another format's is left, and
// the tab takes a new id) and what comes next is kept again, if the storage takes it.
/** @returns {void} */
export function forgetKept() {
  var k = state();
  k.from = Infinity;
  k.head = false;
  k.restored = 0;
  if (k.off === "refused" || !k.id) return;
  try {
    if (k.off === "format") { fork(k); } else { removeSession(k.id); }
  } catch (e) { return; }
  k.seq = 0;
  k.chunks = 0;
  k.off = null;
  k.said = "";
  showKept();
}

// The session this tab keeps, for tests and the curious: its key, whether it is kept (and why not), how many lines
// the last reopen brought back, and how many writes were made.
/** @returns {object} */
export function keptStatus() {
  var k = state();
  return {
    key: k.id ? headKey(k) : null, id: k.id, scope: k.scope, kept: !k.off && !!k.id, why: k.off, said: k.said,
    restored: k.restored, writes: k.writes, format: FORMAT, chunk: CHUNK, sessions: KEPT_SESSIONS, days: KEPT_DAYS,
  };
}
