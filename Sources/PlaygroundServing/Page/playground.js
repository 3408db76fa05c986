// The playground page (docs/playground.md). It computes no behaviour: every pixel of a phone is the SVG the
// session sends, every input is a message the session turns into a line of .mbs, and the script pane shows
// those lines. The session runs in this page (mailsim.mjs: the simulation compiled to WebAssembly), so a drag
// makes no network request; only where WebAssembly cannot run does it run on the server, over a WebSocket.
// Plain JavaScript, no network but this page's own origin.
(function () {
  "use strict";

  var $ = function (id) { return document.getElementById(id); };
  var SVG_NS = "http://www.w3.org/2000/svg";

  // What the page knows, all of it from the server's messages.
  var hello = null;          // the hello message: limits, params, profiles
  var screen = null;         // the last screen message
  var lines = [];            // the script, line by line
  var linePhones = [];       // in a comparison: "both", "0" or "1" for each line
  var history = null;        // the last history message
  var comparing = false;
  var target = "both";       // which phone a tuning change goes to in a comparison
  var speed = 1;
  var socket = null;
  var connected = false;
  var loadedFromLink = false;

  // The page's clock for `t`: event time stamps and performance.now() share an origin; time spent paused is
  // taken out, so the session's clock stops while the page is paused.
  var pausedAt = null, pausedTotal = 0;
  function clock(stamp) { return stamp - pausedTotal; }

  // ---------------------------------------------------------------- where the session runs

  // In this page: mailsim.mjs's Playground, the same Swift as `mailsim` compiled to WebAssembly. Its answers are
  // queued and shown in order, as a socket's would be, so that a message sent while answers are being shown (the
  // link's `load` on hello) is answered after them.
  var local = null;        // the in-page session, once loaded
  var inPage = false;      // the session runs here (false: on the server, over the socket)
  var queue = [], draining = false;
  var trap = null;         // why the in-page simulation stopped, if it did

  // The program an export's first comment names: the page's own version (make site writes it in the page).
  function generator() {
    var meta = document.querySelector('meta[name="mailsim-version"]');
    return meta && meta.content ? "mailsim " + meta.content : "mailsim";
  }

  function start() {
    if (/[?&]session=server(&|$)/.test(location.search)) return connect();
    setConnection("loading…", "bad");
    var began = performance.now();
    var module = null;
    import("./mailsim.mjs").then(function (mailsim) {
      module = mailsim;
      return mailsim.Playground.create({ generator: generator() });
    }).then(function (playground) {
      local = playground;
      inPage = true;
      connected = true;
      trap = null;
      setConnection("in this page", "ok");
      keepOffline();
      if (held) banner("Restarted: restoring the session from its script…", []);
      deliver(playground.opening);
      performance.measure("mailsim:start", { start: began });
      warmUp(module);
    }, function (error) {
      // No WebAssembly here (iOS Lockdown Mode, a browser with it turned off): the server's session, if a server
      // sent this page; the socket's banner says so when none answers.
      notify("This browser cannot run the simulation in the page (" + error.message + "): using the server.", "error");
      connect();
    });
  }

  // The service worker that keeps the page's files for offline use (make site writes sw.js; a page served without
  // it simply has none).
  function keepOffline() {
    if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
    navigator.serviceWorker.register("sw.js").catch(function () { /* no sw.js here: online only */ });
  }

  // Once the page is idle, a throwaway session of its own drags a row and lets go: the browser then has the module's
  // hot code optimised (its tiers are per module, shared by every session) before the first real drag, whose slowest
  // events would otherwise pay for it (docs/performance.md). About 60 ms of idle time; nothing is shown.
  function warmUp(mailsim) {
    var idle = window.requestIdleCallback || function (f) { return setTimeout(f, 300); };
    idle(function () {
      mailsim.Playground.create().then(function (scratch) {
        try {
          for (var round = 0; round < 3; round++) {
            scratch.send({ type: "down", x: 200, y: 187, t: round * 1000 });
            for (var i = 1; i <= 40; i++) scratch.send({ type: "move", x: 200 - 4 * i, y: 187, t: round * 1000 + 8 * i });
            scratch.send({ type: "up", x: 40, y: 187, t: round * 1000 + 330 });
            scratch.send({ type: "tick", t: round * 1000 + 700 });
            scratch.send({ type: "reset" });
          }
        } finally {
          scratch.close();
        }
      }, function () { /* the page's own session loaded: nothing to warm for */ });
    });
  }

  // Answers to show, in order, after any still being shown.
  function deliver(answers) {
    for (var i = 0; i < answers.length; i++) queue.push(answers[i]);
    if (draining) return;
    draining = true;
    try {
      while (queue.length) receive(queue.shift());
    } finally {
      draining = false;
    }
  }

  // One message to the in-page session; false when it stopped (then the banner says so and the script is kept).
  function runHere(message) {
    var answers;
    try {
      answers = local.send(message);
    } catch (error) {
      stopped(error);
      return false;
    }
    deliver(answers);
    return true;
  }

  // Several messages (a pointer event's coalesced samples) with one screen shown: the last (each is whole).
  function sendAll(messages) {
    if (!inPage) return messages.forEach(send);
    if (!local) return;
    var answers = [];
    for (var i = 0; i < messages.length; i++) {
      try {
        answers = answers.concat(local.send(messages[i]));
      } catch (error) {
        return stopped(error);
      }
    }
    var last = -1;
    answers.forEach(function (a, i) { if (a.type === "screen") last = i; });
    deliver(answers.filter(function (a, i) { return a.type !== "screen" || i === last; }));
  }

  // The in-page simulation trapped (a bug, or memory exhausted): nothing more runs in it. The session is its script,
  // kept; Restart starts a new one from it, as a reconnect restores one on the server.
  function stopped(error) {
    if (trap) return;
    trap = error;
    inPage = false;
    local = null;
    connected = false;
    if (pointer) pointer = null;
    if (!held && hello) held = holdSession();
    waitingForUser = true;
    setConnection("stopped", "bad");
    banner("The simulation stopped (" + (error.reason || error.message) + "). Your session is its script: " +
      "Restart goes on from it, Download keeps it.", ["reconnect", "banner-download"]);
  }

  // ---------------------------------------------------------------- the socket

  // A lost socket comes back on its own (docs/playground.md, "When the server goes"): the page reconnects with
  // back-off and jitter and sends the script it holds as a `load`, so the same phone, tuning and script come back.
  // An idle close (1000, the server freeing a page nobody used) waits for the user to act instead.
  var held = null;         // what a reconnect restores, taken when the socket was lost: { lines, phones, ... }
  var restoring = null;    // on a socket being restored: which of the opening's messages are still to skip
  var attempt = 0;         // reconnect attempts since the socket was lost
  var lostWhy = "";        // why the server closed the socket that was lost (kept while the attempts fail)
  var retryTimer = 0, countdownTimer = 0, retryAt = 0;
  var waitingForUser = false;  // after an idle close, or a session too long to load: no reconnect on its own
  var idleClosed = false;      // the server closed the page for idling: the user's next touch or key reconnects
  var reconnects = 0;      // sessions restored since the page opened (for tests)

  function connect() {
    clearTimeout(retryTimer);
    clearInterval(countdownTimer);
    waitingForUser = false;
    idleClosed = false;
    if (socket && socket.readyState <= WebSocket.OPEN) {
      // An attempt still under way (Try now clicked meanwhile): dropped, its events ignored, so one session opens.
      var previous = socket;
      socket = null;
      previous.close();
    }
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var ws = new WebSocket(scheme + location.host + "/ws");
    socket = ws;
    ws.addEventListener("open", function () {
      if (ws !== socket) return;
      connected = true;
      setConnection(held ? "restoring…" : "connected", held ? "bad" : "ok");
      if (held) banner("Connected again: restoring the session from its script…", []);
      else { attempt = 0; banner("", []); }
    });
    ws.addEventListener("message", function (event) {
      if (ws !== socket) return;
      var message;
      try { message = JSON.parse(event.data); } catch (e) { return notify("The server sent what is not JSON.", "error"); }
      receive(message);
    });
    ws.addEventListener("close", function (event) { if (ws === socket) lost(event); });
    ws.addEventListener("error", function () { /* close follows */ });
  }

  function send(message) {
    if (message.type === "set" || message.type === "load" || message.type === "compare") syncedParams = null;
    if (inPage) return !restoring && local ? runHere(message) : false;
    if (restoring || !socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  // A message sent whatever is being restored (the restore's own `load`).
  function transmit(message) {
    if (inPage) return runHere(message);
    socket.send(JSON.stringify(message));
    return true;
  }

  // The socket closed: keep what the session was (once: a restore that failed keeps the first), then reconnect
  // after a back-off, unless the server closed an idle page (1000) or the script is too long to load.
  function lost(event) {
    var had = connected;
    connected = false;
    tickWaiting = false;
    restoring = null;
    if (pointer) {
      var p = pointer;
      pointer = null;
      try { p.element.releasePointerCapture(p.id); } catch (e) { /* already released */ }
    }
    if (!held && hello && (lines.length || comparing || speed !== 1)) held = holdSession();
    var why = event && event.reason ? " (" + event.reason + ")" : "";
    if (had) lostWhy = why;
    if (had && event && event.code === 1000) {
      waitingForUser = true;
      idleClosed = true;
      setConnection("disconnected", "bad");
      return banner("The connection to mailsim was closed" + why + ". Your session is its script: Reconnect, or " +
        "touch the phone, to go on from it.", ["reconnect"]);
    }
    if (held && tooLong(held)) return refuseRestore();
    attempt += 1;
    var delay = backoff(attempt);
    retryAt = Date.now() + delay;
    retryTimer = setTimeout(connect, delay);
    setConnection("reconnecting…", "bad");
    // Never connected (a full server refuses the upgrade, which the browser sees as a close without words): say so.
    var first = hello ? "The connection to mailsim was lost" + lostWhy + ". "
      : "mailsim does not answer (the server may be full or restarting). ";
    var say = function () {
      var left = Math.max(1, Math.ceil((retryAt - Date.now()) / 1000));
      banner(first + "Reconnecting… attempt " + attempt + ", next in " + left + " s.", ["reconnect"]);
    };
    say();
    clearInterval(countdownTimer);
    countdownTimer = setInterval(say, 250);
  }

  // The wait before reconnect attempt n: the first spread over 0.2–1.2 s, so that the pages a stopping server
  // closes at once do not all come back in the same instant (300 pages: about 30 in any 100 ms); then 1 s doubling
  // to 10 s, each ±20 %.
  function backoff(n) {
    if (n <= 1) return 200 + Math.random() * 1000;
    return Math.min(10000, 500 * Math.pow(2, n - 1)) * (0.8 + 0.4 * Math.random());
  }

  // What the session was: its script (the finger lifted where it was, if the socket went with a finger down, as
  // the server does when a page closes), and what is not in the script: the comparison's phone B, the speed.
  function holdSession() {
    var text = scriptText();
    if (fingerDown()) text += "release\n";
    return {
      script: text, lines: lines.slice(), phones: linePhones.slice(), comparing: comparing,
      speed: speed,
    };
  }

  // Whether the last screen had a finger down (its `gesture`, the server's word for the gesture in progress): the
  // page reads what the server says, not the script's words.
  function fingerDown() {
    return !!(screen && screen.gesture && screen.gesture !== "none");
  }

  function limits() {
    return (hello && hello.limits) || { scriptBytes: 65536, scriptLines: 10000 };
  }

  function lineCount(text) { return text ? text.split("\n").length - (text.endsWith("\n") ? 1 : 0) : 0; }

  // A `load` takes at most limits.scriptBytes and scriptLines (64 KiB, 10,000 lines); a session may grow past them.
  function tooLong(h) {
    return byteLength(h.script) > limits().scriptBytes || lineCount(h.script) > limits().scriptLines;
  }

  function refuseRestore(reason) {
    waitingForUser = true;
    clearInterval(countdownTimer);
    setConnection("disconnected", "bad");
    var l = limits();
    var why = reason || ("its script (" + lineCount(held.script) + " lines, " + byteLength(held.script) +
      " bytes) is longer than a reconnect can load (" + l.scriptLines + " lines, " + l.scriptBytes / 1024 + " KiB)");
    banner("The connection to mailsim was lost, and the session cannot be restored: " + why +
      ". Download keeps it; Start afresh opens a new session.", ["banner-download", "start-afresh"]);
  }

  // The banner's words and which of its buttons show; no words hides it.
  function banner(text, buttons) {
    $("banner-text").textContent = text || "";
    $("banner").hidden = !text;
    ["reconnect", "banner-download", "start-afresh"].forEach(function (id) {
      $(id).hidden = buttons.indexOf(id) < 0;
    });
    $("reconnect").textContent = trap ? "Restart" : waitingForUser ? "Reconnect" : "Try now";
    document.body.classList.toggle("offline", !!text);
  }

  // On the new socket's hello: the held script as a `load`. The opening's screen and script (a fresh session)
  // are not shown; the load's answer is.
  function restore() {
    restoring = { screen: true, script: true };
    transmit({ type: "load", script: held.script });
  }

  // The load was answered with a screen: the session is back. What the script does not hold follows: phone B (the
  // comparison again, then phone B's own `set` lines, each but those a later line for both phones overrides), the
  // speed. Phone B's own gestures (a line phone A refused) are not replayed (docs/playground.md).
  function restored() {
    var h = held;
    held = null;
    restoring = null;
    attempt = 0;
    lostWhy = "";
    reconnects += 1;
    setConnection(inPage ? "in this page" : "connected", "ok");
    banner("", []);
    notify(inPage ? "Restarted: the session is restored from its script." :
      "Reconnected: the session is restored from its script.");
    if (h.comparing) {
      send({ type: "compare", on: true });
      phoneBSets(h.lines, h.phones).forEach(function (words) {
        send({ type: "set", name: words[0], value: words[1], phone: 1 });
      });
    }
    if (h.speed !== 1) send({ type: "speed", value: h.speed });
  }

  // Phone B's own `set` lines ([name, value] each, in order), but one that a later `set` of the same parameter (or
  // of the profile) for both phones overrides.
  function phoneBSets(list, owners) {
    var out = [];
    for (var i = 0; i < list.length; i++) {
      var m = /^#B: set (\S+) (.+)$/.exec(list[i]);
      if (!m || owners[i] !== "1") continue;
      var overridden = false;
      for (var j = i + 1; j < list.length && !overridden; j++) {
        var later = /^set (\S+) /.exec(list[j]);
        overridden = !!later && (owners[j] || "both") === "both" && (later[1] === m[1] || later[1] === "profile");
      }
      if (!overridden) out.push([m[1], m[2]]);
    }
    return out;
  }

  function restoreFailed(message) {
    // Work interrupted (a loaded server): try again later; any other refusal would come again.
    if (/interrupted|slow down/.test(message)) {
      restoring = null;
      return socket.close(4000, "restore interrupted");
    }
    restoring = null;
    refuseRestore(message.replace(/^error: /, ""));
  }

  $("reconnect").addEventListener("click", function () {
    if (connected) return;
    if (trap) return start();
    connect();
  });
  $("start-afresh").addEventListener("click", function () {
    held = null;
    attempt = 0;
    if (inPage || trap) return start();
    if (socket && socket.readyState === WebSocket.OPEN) socket.close(4001, "start afresh");
    connect();
  });
  $("banner-download").addEventListener("click", function () {
    download("playground.mbs", new Blob([held ? held.script : scriptText()], { type: "text/plain" }));
  });

  function setConnection(text, kind) {
    var c = $("conn");
    c.textContent = text;
    c.className = "conn " + kind;
  }

  function receive(m) {
    if (restoring) {
      // The opening's screen and script are a fresh session's: skipped. Then the load's answer: a screen (the
      // session is back) or an error (it was refused).
      if (m.type === "screen" && restoring.screen) { restoring.screen = false; return; }
      if (m.type === "script" && restoring.script) { restoring.script = false; return; }
      if (m.type === "error" && !restoring.screen) return restoreFailed(m.message || "");
      if (m.type === "screen") restored();
    }
    switch (m.type) {
    case "hello": return onHello(m);
    case "screen": return onScreen(m);
    case "script": return onScript(m);
    case "report": return onReport(m);
    case "plot": return onPlot(m);
    case "history": return onHistory(m);
    case "export": return onExport(m);
    case "error": return onError(m);
    }
  }

  // ---------------------------------------------------------------- status line

  var statusTimer = 0;
  function notify(text, kind) {
    var s = $("status");
    s.textContent = text;
    s.className = "status show " + (kind || "");
    clearTimeout(statusTimer);
    statusTimer = setTimeout(function () { s.className = "status"; }, kind === "error" ? 8000 : 4000);
  }

  function onError(m) {
    syncedParams = null;
    var shown = false;
    if (m.line) {
      var words = m.line.trim().split(/\s+/);
      if (words[0] === "set" && words[1]) shown = paramError(words[1], m.message);
    }
    if (m.id !== undefined && m.id === pendingCommand) {
      showReport(m.message, true);
      pendingCommand = null;
      shown = true;
    }
    if (!shown) notify(m.message, "error");
  }

  // ---------------------------------------------------------------- hello

  function onHello(m) {
    var same = hello && JSON.stringify(hello.params) === JSON.stringify(m.params) &&
      JSON.stringify(hello.profiles) === JSON.stringify(m.profiles);
    hello = m;
    if (!same) {
      buildProfiles();
      buildParams();
    }
    if (held) return restore();
    var fragment = /^#script=(.*)$/s.exec(location.hash);
    if (fragment && !loadedFromLink) {
      loadedFromLink = true;
      var text;
      try { text = decodeURIComponent(fragment[1]); } catch (e) { return notify("The link's script is not readable (bad encoding).", "error"); }
      if (hello.limits && byteLength(text) > hello.limits.scriptBytes) {
        return notify("The link's script is " + byteLength(text) + " bytes; a link holds at most " + hello.limits.scriptBytes + ".", "error");
      }
      send({ type: "load", script: text });
      notify("Loading the session from the link…");
    }
  }

  function byteLength(text) { return new TextEncoder().encode(text).length; }

  // ---------------------------------------------------------------- the phones

  var screens = Array.prototype.slice.call(document.querySelectorAll(".screen"));
  var figures = Array.prototype.slice.call(document.querySelectorAll(".phone"));

  var shownOnce = false;     // the first screen: `mailsim:phone-shown`, its time from the navigation's start
  var sentAt = null;         // on the server's session, when the pointer event waiting for its screen was sent

  function onScreen(m) {
    screen = m;
    var phones = m.phones || [];
    for (var i = 0; i < screens.length; i++) {
      if (phones[i]) {
        var svg = String(phones[i].svg).replace(/^<\?xml[^>]*>\s*/, "");
        if (screens[i].dataset.svg !== svg) {
          screens[i].innerHTML = svg;
          screens[i].dataset.svg = svg;
        }
      }
    }
    setComparing(phones.length > 1);
    $("time").textContent = formatSeconds(m.time) + " s";
    $("gesture").textContent = m.gesture && m.gesture !== "none" ? " · " + m.gesture : "";
    document.body.classList.toggle("animating", !!m.animating);
    syncParams();
    syncProfiles();
    feelHaptics(phones[0]);
    if (!shownOnce) {
      shownOnce = true;
      performance.mark("mailsim:phone-shown");
    }
    if (sentAt !== null) {
      // The server's session: a pointer event's round trip, from its handler to its screen in the DOM.
      performance.measure("mailsim:round-trip", { start: sentAt });
      sentAt = null;
    }
    tickWaiting = false;
    if (m.animating && !pointer) scheduleTick();
  }

  // ---- haptics: the Vibration API where the browser has one, as an option kept by the browser. Phone A's haptic
  // events (the model's `haptic.count`, with `haptics` on) each become a 15 ms pulse: the API has durations only, so
  // a light event (the near threshold) and a medium one (the far threshold) feel the same.
  var vibrating = false, hapticsSeen = null;
  if (typeof navigator.vibrate === "function") {
    $("vibrate-option").hidden = false;
    try { vibrating = localStorage.getItem("mailsim.vibrate") === "on"; } catch (e) { /* storage refused */ }
    $("vibrate").checked = vibrating;
    $("vibrate").addEventListener("change", function () {
      vibrating = $("vibrate").checked;
      try { localStorage.setItem("mailsim.vibrate", vibrating ? "on" : "off"); } catch (e) { /* storage refused */ }
      if (vibrating && paramValue("haptics") !== "on") notify("Set haptics on (Tuning) for the phone to feel the thresholds.");
    });
  }

  function feelHaptics(phone) {
    var props = phone && phone.state ? (phone.state.properties || phone.state) : null;
    var count = props ? props["haptic.count"] : undefined;
    if (typeof count !== "number") return;
    var felt = hapticsSeen === null ? 0 : count - hapticsSeen;
    hapticsSeen = count;
    if (!vibrating || felt <= 0) return;
    var pulses = [];
    for (var i = 0; i < Math.min(felt, 4); i++) pulses.push(15, 40);
    pulses.pop();
    navigator.vibrate(pulses);
  }

  function formatSeconds(t) {
    if (typeof t !== "number") return String(t);
    return (Math.round(t * 1000) / 1000).toFixed(3);
  }

  // Screen points of a pointer event on phone `index`: the SVG's own mapping (viewBox and any scale).
  function pointOf(event, index) {
    var svg = screens[index].querySelector("svg");
    if (!svg) return null;
    var ctm = svg.getScreenCTM();
    if (!ctm) return null;
    var p = svg.createSVGPoint();
    p.x = event.clientX; p.y = event.clientY;
    var q = p.matrixTransform(ctm.inverse());
    return { x: Math.round(q.x * 100) / 100, y: Math.round(q.y * 100) / 100 };
  }

  var pointer = null;  // { id, phone, element } while a finger is down

  function pointerMessage(type, event, index) {
    var p = pointOf(event, index);
    return p ? { type: type, x: p.x, y: p.y, t: clock(event.timeStamp) } : null;
  }

  // A pointer event's messages (each sample at its own time), measured from the event's handling to the screen in
  // the DOM as `mailsim:down`, `mailsim:move` or `mailsim:up` (docs/performance.md reads them).
  function pointerEvent(type, events, index) {
    var began = performance.now();
    var messages = [];
    for (var i = 0; i < events.length; i++) {
      var m = pointerMessage(type, events[i], index);
      if (m) messages.push(m);
    }
    sendAll(messages);
    performance.measure("mailsim:" + type, { start: began });
    if (!inPage && sentAt === null && messages.length) sentAt = began;
  }

  screens.forEach(function (element, index) {
    element.addEventListener("pointerdown", function (event) {
      if (idleClosed && !connected) return connect();
      if (pointer || event.button > 0) return;
      event.preventDefault();
      if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
      pointer = { id: event.pointerId, phone: index, element: element };
      element.setPointerCapture(event.pointerId);
      pointerEvent("down", [event], index);
    });
    element.addEventListener("pointermove", function (event) {
      if (!pointer || event.pointerId !== pointer.id) return;
      var samples = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
      if (!samples.length) samples = [event];
      pointerEvent("move", samples, index);
    });
    var up = function (event) {
      if (!pointer || event.pointerId !== pointer.id) return;
      pointer = null;
      pointerEvent("up", [event], index);
      scheduleTick();
    };
    element.addEventListener("pointerup", up);
    element.addEventListener("pointercancel", up);
    element.addEventListener("lostpointercapture", function (event) {
      if (pointer && event.pointerId === pointer.id) up(event);
    });
    element.addEventListener("contextmenu", function (event) { event.preventDefault(); });
  });

  // Animation frames: while the last screen said `animating`, one tick a frame, the next sent when the
  // previous one's screen has come (the clock in `t` keeps the elapsed time exact whatever the round trip).
  var tickWaiting = false, tickScheduled = false;
  function scheduleTick() {
    if (tickScheduled || pausedAt !== null) return;
    tickScheduled = true;
    requestAnimationFrame(function (now) {
      tickScheduled = false;
      if (pointer || tickWaiting || pausedAt !== null || !screen || !screen.animating) return;
      // Waiting before it is sent: in the page the answer comes before `send` returns.
      tickWaiting = true;
      var began = performance.now();
      if (!send({ type: "tick", t: clock(performance.now()) })) tickWaiting = false;
      else performance.measure("mailsim:tick", { start: began });
    });
  }

  function setComparing(on) {
    if (on === comparing) return;
    comparing = on;
    $("compare").checked = on;
    figures[1].hidden = !on;
    document.body.classList.toggle("comparing", on);
    $("target").hidden = !on;
    $("download-b").hidden = !on;
    $("export-b").hidden = !on;
    if (!on) setTarget("both");
    renderScript(0);
  }

  // ---------------------------------------------------------------- keys and buttons

  document.addEventListener("keydown", function (event) {
    var t = event.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA" || t.isContentEditable)) return;
    if (event.altKey || event.metaKey) return;
    if (idleClosed && !connected) return connect();
    if (event.key === " " && !composing()) {
      event.preventDefault();
      return togglePause();
    }
    if (event.key.length !== 1) return;
    event.preventDefault();
    send({ type: "key", key: event.key, ctrl: event.ctrlKey });
  });

  function composing() {
    var s = screen && screen.phones && screen.phones[0] && screen.phones[0].state;
    var props = s && (s.properties || s);
    return !!(props && props.compose && props.compose !== "hidden");
  }

  function togglePause() {
    if (pausedAt === null) {
      pausedAt = performance.now();
      $("pause").textContent = "▶";
      $("pause").classList.add("on");
      notify("Paused: space or ▶ resumes.");
    } else {
      pausedTotal += performance.now() - pausedAt;
      pausedAt = null;
      $("pause").textContent = "❚❚";
      $("pause").classList.remove("on");
      if (screen && screen.animating) scheduleTick();
    }
  }

  $("pause").addEventListener("click", togglePause);
  $("shake").addEventListener("click", function () { send({ type: "shake" }); });
  $("reset").addEventListener("click", function () { send({ type: "reset" }); });
  $("compare").addEventListener("change", function () {
    var message = { type: "compare", on: $("compare").checked };
    if (message.on) message.profile = secondProfile();
    send(message);
  });
  Array.prototype.forEach.call(document.querySelectorAll("#speeds button"), function (b) {
    b.addEventListener("click", function () {
      speed = parseFloat(b.dataset.speed);
      send({ type: "speed", value: speed });
      Array.prototype.forEach.call(document.querySelectorAll("#speeds button"), function (o) { o.classList.toggle("on", o === b); });
    });
  });
  Array.prototype.forEach.call(document.querySelectorAll("#target button"), function (b) {
    b.addEventListener("click", function () { setTarget(b.dataset.target); });
  });

  function setTarget(value) {
    target = value;
    Array.prototype.forEach.call(document.querySelectorAll("#target button"), function (o) { o.classList.toggle("on", o.dataset.target === value); });
    syncParams();
  }

  // The second phone's profile when a comparison starts: the first profile that is not phone A's.
  function secondProfile() {
    var profiles = (hello && hello.profiles) || [];
    var a = phoneParams(0).profile;
    for (var i = 0; i < profiles.length; i++) if (profiles[i] !== a) return profiles[i];
    return a;
  }

  // ---------------------------------------------------------------- the script pane

  function onScript(m) {
    var from = Math.max(0, Math.min(m.from | 0, lines.length));
    var added = m.lines || [];
    lines.length = from;
    Array.prototype.push.apply(lines, added);
    if (m.phones) {
      if (m.phones.length === lines.length) linePhones = m.phones.map(String);
      else { linePhones.length = from; Array.prototype.push.apply(linePhones, m.phones.map(String)); }
    } else {
      linePhones.length = Math.min(linePhones.length, from);
    }
    renderScript(from);
  }

  // Whether the script pane follows its last line: read when the user scrolls it, never while a line is shown (a
  // read of its scroll height after the phone's new SVG would lay the page out inside every pointer event).
  var scriptAtBottom = true, scriptScroll = false;
  $("script").addEventListener("scroll", function () {
    var list = $("script");
    scriptAtBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  });

  function renderScript(from) {
    var list = $("script");
    var nearBottom = scriptAtBottom;
    while (list.children.length > from) list.removeChild(list.lastChild);
    for (var i = list.children.length; i < lines.length; i++) {
      var li = document.createElement("li");
      var text = lines[i];
      if (/^\s*#/.test(text)) li.className = "comment";
      else if (/^\s*expect\b/.test(text)) li.className = "expect";
      else if (/^\s*set\b/.test(text)) li.className = "set";
      if (comparing) {
        var owner = linePhones[i] || "both";
        var badge = document.createElement("span");
        badge.className = "owner o" + owner;
        badge.textContent = owner === "0" ? "A" : owner === "1" ? "B" : "A·B";
        badge.title = owner === "both" ? "both phones" : "phone " + (owner === "0" ? "A" : "B") + " only";
        li.appendChild(badge);
        li.dataset.phone = owner;
      }
      var code = document.createElement("code");
      code.textContent = text;
      li.appendChild(code);
      list.appendChild(li);
    }
    $("script-count").textContent = lines.length === 1 ? "1 line" : lines.length + " lines";
    if ((nearBottom || from >= list.children.length - 3) && !scriptScroll) {
      // Scrolled once a frame, when the page is laid out anyway.
      scriptScroll = true;
      requestAnimationFrame(function () {
        scriptScroll = false;
        list.scrollTop = list.scrollHeight;
        scriptAtBottom = true;
      });
    }
  }

  function scriptText() { return lines.length ? lines.join("\n") + "\n" : ""; }

  // Phone B's script: its own lines plain, phone A's own as `#A: LINE` (docs/playground.md, A comparison).
  function scriptTextB() {
    return lines.map(function (line, i) {
      var owner = linePhones[i] || "both";
      if (owner === "0") return "#A: " + line;
      if (owner === "1") return line.replace(/^#B: /, "");
      return line;
    }).join("\n") + "\n";
  }

  function download(name, blob) {
    var a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }

  $("download").addEventListener("click", function () {
    download("playground.mbs", new Blob([scriptText()], { type: "text/plain" }));
  });
  $("download-b").addEventListener("click", function () {
    download("playground-B.mbs", new Blob([scriptTextB()], { type: "text/plain" }));
  });
  $("pin").addEventListener("click", function () { send({ type: "pin" }); });

  // Export: the server renders the settings in force (phone A, or B) in the chosen format, as `mailsim export`
  // does; the answer's text is saved under the format's own file name.
  $("export").addEventListener("click", function () {
    send({ type: "export", format: $("export-format").value });
  });
  $("export-b").addEventListener("click", function () {
    send({ type: "export", format: $("export-format").value, phone: 1 });
  });

  function onExport(m) {
    download(m.fileName, new Blob([m.text], { type: m.mediaType }));
    notify("Exported " + m.fileName + ".");
  }

  function link() { return location.origin + location.pathname + "#script=" + encodeURIComponent(scriptText()); }

  $("copy-link").addEventListener("click", function () {
    var text = scriptText();
    if (hello && hello.limits && byteLength(text) > hello.limits.scriptBytes) {
      return notify("The script is " + byteLength(text) + " bytes; a link holds at most " + hello.limits.scriptBytes + ": download it instead.", "error");
    }
    var url = link();
    var field = $("link");
    field.value = url;
    field.hidden = false;
    var done = function () { notify("Link copied: it replays this session."); };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(url).then(done, function () { field.select(); notify("Copy the link below (the clipboard refused)."); });
    } else { field.select(); notify("Copy the link below."); }
  });

  // The command box's line carries an id; the report or error that answers it carries the same id, so what
  // other messages print meanwhile (a shake's "Nothing to undo.") goes to the status line instead.
  var pendingCommand = null, commandIds = 0;
  $("command").addEventListener("submit", function (event) {
    event.preventDefault();
    var input = $("command-line");
    var text = input.value.trim();
    if (!text) return;
    $("report").hidden = true;
    var id = ++commandIds;
    // Pending before it is sent: in the page the answer comes before `send` returns.
    var was = pendingCommand;
    pendingCommand = id;
    if (send({ type: "line", text: text, id: id })) input.value = "";
    else pendingCommand = was;
  });

  // A report that answers the line typed last in the command box (its id) shows under the box; any other (a
  // shake with nothing to undo says "Nothing to undo.") goes to the status line.
  function onReport(m) {
    if (m.id === undefined || m.id !== pendingCommand) return notify(String(m.text || "").trim());
    pendingCommand = null;
    showReport(m.text, false);
  }

  function showReport(text, isError) {
    var r = $("report");
    r.textContent = text;
    r.classList.toggle("error", isError);
    r.hidden = !text;
  }

  // ---------------------------------------------------------------- tuning

  var controls = {};  // name → { param, set(value words), error element }

  function phoneParams(index) {
    var p = screen && screen.phones && screen.phones[index];
    return (p && p.params) || {};
  }

  function paramValue(name) {
    var index = target === "1" ? 1 : 0;
    var v = phoneParams(index)[name];
    if (v === undefined && hello) {
      for (var i = 0; i < hello.params.length; i++) if (hello.params[i].name === name) return hello.params[i].value;
    }
    return v;
  }

  function sendSet(name, value) {
    var message = { type: "set", name: name, value: String(value) };
    if (comparing && target !== "both") message.phone = parseInt(target, 10);
    clearParamError(name);
    send(message);
  }

  function paramError(name, message) {
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

  function element(tag, className, text) {
    var e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // The panel's sections, by the parameter's name.
  var GROUPS = [
    ["Thresholds", /^threshold\./],
    ["Animations", /^(duration|curve)\./],
    ["Menu", /^menu\./],
    ["Colours", /^color\./],
    ["Row and feel", /./],
  ];

  function buildParams() {
    var box = $("params");
    box.textContent = "";
    controls = {};
    var sections = GROUPS.map(function (g) {
      var details = element("details", "pgroup");
      details.open = g[0] !== "Colours";
      details.appendChild(element("summary", "", g[0]));
      return { test: g[1], node: details, used: false };
    });
    hello.params.forEach(function (param) {
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
    case "curve": curveControl(c, head); break;
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
    slider.type = "range"; slider.min = r.min; slider.max = r.sliderMax; slider.step = r.step;
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
    number.type = "number"; number.min = 0; number.max = 320; number.step = "any";
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

  // ---- curves: a picker, a Bézier editor with two draggable control points, a spring editor; the curve
  // itself is drawn from the server's `plot` answer.

  var NAMED_CURVES = ["linear", "easeIn", "easeOut", "easeInOut", "default"];
  var openCurve = null;  // the control whose editor is open

  function curveWords(v) {
    var s = String(v);
    var nums = (s.match(/-?[0-9]*\.?[0-9]+(?:e-?[0-9]+)?/g) || []).map(parseFloat);
    if (/^bezier/.test(s)) return { kind: "bezier", nums: nums };
    if (/^spring/.test(s)) return { kind: "spring", nums: nums };
    return { kind: s, nums: [] };
  }

  function curveControl(c, head) {
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
        sendSet(c.param.name, "bezier " + b.map(round3).join(" "));
      } else if (k === "spring") {
        var s = c.current.kind === "spring" ? c.current.nums : [0.7, 0.4];
        sendSet(c.param.name, "spring " + s.map(round3).join(" "));
      } else sendSet(c.param.name, k);
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

  function round3(x) { return String(Math.round(x * 1000) / 1000); }

  function svgEl(tag, attrs) {
    var e = document.createElementNS(SVG_NS, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    return e;
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

  function onPlot(m) {
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
      h1.setAttribute("x1", px(0)); h1.setAttribute("y1", py(0)); h1.setAttribute("x2", px(b[0])); h1.setAttribute("y2", py(b[1]));
      h2.setAttribute("x1", px(1)); h2.setAttribute("y1", py(1)); h2.setAttribute("x2", px(b[2])); h2.setAttribute("y2", py(b[3]));
      p1.setAttribute("cx", px(b[0])); p1.setAttribute("cy", py(b[1]));
      p2.setAttribute("cx", px(b[2])); p2.setAttribute("cy", py(b[3]));
      fields.textContent = "bezier " + b.map(function (x) { return (Math.round(x * 100) / 100).toFixed(2); }).join(" ");
    };
    var fields = element("code", "bezier-words");
    c.editor.appendChild(fields);
    [[p1, 0], [p2, 2]].forEach(function (pair) {
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
          sendSet(c.param.name, "bezier " + b.map(round3).join(" "));
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
    sendSet(c.param.name, words);
  }

  // The controls show each phone's parameters; they are set again only when those changed, or after a change was
  // sent or refused (its control then shows what is in force), not at every screen of a drag.
  var syncedParams = null;
  function syncParams() {
    if (!hello) return;
    var now = JSON.stringify(screen && screen.phones && screen.phones.map(function (p) { return p.params; }));
    if (now === syncedParams) return;
    syncedParams = now;
    for (var name in controls) {
      var v = paramValue(name);
      if (v !== undefined) controls[name].sync(v);
    }
  }

  // ---- profiles: one picker a phone.

  function buildProfiles() {
    var profiles = hello.profiles || [];
    Array.prototype.forEach.call(document.querySelectorAll("select.profile"), function (pick) {
      pick.textContent = "";
      profiles.forEach(function (p) { var o = element("option", "", p); o.value = p; pick.appendChild(o); });
    });
  }

  // Each picker's listener, once (a reconnect's hello rebuilds the options, not the listeners).
  Array.prototype.forEach.call(document.querySelectorAll("select.profile"), function (pick) {
    pick.addEventListener("change", function () {
      var message = { type: "set", name: "profile", value: pick.value };
      if (comparing) message.phone = parseInt(pick.dataset.phone, 10);
      send(message);
    });
  });

  function syncProfiles() {
    Array.prototype.forEach.call(document.querySelectorAll("select.profile"), function (pick) {
      var v = phoneParams(parseInt(pick.dataset.phone, 10)).profile;
      if (v && document.activeElement !== pick) pick.value = v;
    });
  }

  // ---------------------------------------------------------------- looking back

  function onHistory(m) {
    history = m;
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

  // Walkthroughs (the HTML player, GIF) are drawn by mailsim's server, with cairo: there is one when this page came
  // from `mailsim serve` or a class's server, none on a static host. Asked once, when first wanted.
  var serverAnswers = null;
  function withServer(what, then) {
    if (!serverAnswers) {
      serverAnswers = fetch("healthz", { cache: "no-store" }).then(function (r) { return r.ok; }, function () { return false; });
    }
    serverAnswers.then(function (there) {
      if (there) return then();
      serverAnswers = null;
      notify(what + " is drawn by mailsim's server, and this page has none (a static copy, or offline): Download " +
        "the script and run mailsim record on it.", "error");
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

  $("download-gif").addEventListener("click", function () {
    withServer("A GIF", function () {
      notify("Drawing the GIF…");
      post("walkthrough.gif", "image/gif").then(function (blob) {
        download("playground.gif", blob);
        notify("GIF downloaded.");
      }, function (e) { notify(e.message, "error"); });
    });
  });

  function post(path, type) {
    return fetch(path, { method: "POST", body: scriptText(), headers: { "Content-Type": "text/plain; charset=utf-8" } })
      .then(function (response) {
        if (!response.ok) return response.text().then(function (t) { throw new Error(t || response.statusText); });
        return response.blob();
      })
      .then(function (blob) { return new Blob([blob], { type: type }); });
  }

  // ---------------------------------------------------------------- for tests and the curious

  window.mailsimPlayground = {
    hello: function () { return hello; },
    screen: function () { return screen; },
    state: function (phone) {
      var p = screen && screen.phones && screen.phones[phone || 0];
      return p ? p.state : null;
    },
    script: scriptText,
    scriptB: scriptTextB,
    lines: function () { return lines.slice(); },
    linePhones: function () { return linePhones.slice(); },
    history: function () { return history; },
    link: link,
    connected: function () { return connected; },
    // Where the session runs: "page" (WebAssembly) or "server".
    runs: function () { return inPage ? "page" : "server"; },
    // The connection as the banner tells it: restores done, attempts since the loss, whether one is waited for.
    connection: function () {
      return { connected: connected, restoring: !!restoring, held: !!held, attempt: attempt, reconnects: reconnects,
               waitingForUser: waitingForUser };
    },
  };

  start();
})();
