import MailboxScene
import MailboxText

/// The HTML player's style sheet and script, inlined into every page. The script computes no geometry: it
/// shows frame k's SVG, caption line, timeline entries and cursor place, all computed by mailsim. The script
/// and timeline panes follow playback: the line played and the last timeline entries reached are highlighted and
/// scrolled into their pane (the pane alone: the page never moves under the reader).
enum PlayerAssets {
    static let css = """
        :root { color-scheme: light; --ink: #1c1c1e; --dim: #6e6e73; --line: #d1d1d6; --accent: #44aad2; }
        * { box-sizing: border-box; }
        body { margin: 0; padding: 16px 20px 32px; font: 14px/1.4 "DejaVu Sans", system-ui, sans-serif; \
        color: var(--ink); background: #f5f5f7; }
        header { display: flex; align-items: baseline; gap: 16px; flex-wrap: wrap; }
        h1 { font-size: 18px; margin: 0 0 8px; font-family: "DejaVu Sans Mono", monospace; }
        h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .06em; color: var(--dim); margin: 0 0 8px; }
        .status { margin: 0; padding: 2px 10px; border-radius: 10px; font-size: 13px; }
        .status.pass { background: #dff5de; color: #1d6b1a; }
        .status.fail { background: #fde2da; color: #9b2a08; }
        .status.error { background: #fde2da; color: #9b2a08; font-weight: bold; }
        main { display: grid; grid-template-columns: 340px minmax(260px, 1fr) minmax(260px, 1fr); gap: 20px; \
        align-items: start; }
        .phone #screen { display: block; width: 320px; height: 568px; border-radius: 6px; \
        box-shadow: 0 1px 8px rgba(0,0,0,.25); background: #fff; }
        .controls { display: flex; gap: 6px; margin: 10px 0 6px; flex-wrap: wrap; align-items: center; }
        button, select { font: inherit; font-size: 13px; padding: 3px 8px; border: 1px solid var(--line); \
        border-radius: 6px; background: #fff; color: var(--ink); }
        button:hover { border-color: var(--accent); }
        #scrubber { width: 320px; }
        .clock { margin: 4px 0; color: var(--dim); font-family: "DejaVu Sans Mono", monospace; font-size: 12px; }
        ol { margin: 0; padding: 0 0 0 44px; max-height: 640px; overflow: auto; background: #fff; \
        border: 1px solid var(--line); border-radius: 6px; }
        ol li { font-family: "DejaVu Sans Mono", monospace; font-size: 12px; padding: 1px 6px; white-space: pre-wrap; \
        color: var(--ink); }
        ol li::marker { color: var(--dim); }
        #script li.current { background: #fff3c4; }
        #script li.fail code { color: #b3261e; }
        #script li.error code { color: #b3261e; font-weight: bold; }
        .diagnostic { color: #b3261e; font-size: 11px; }
        #timeline { list-style: none; padding-left: 8px; }
        #timeline li { color: var(--dim); }
        #timeline li.past { color: var(--ink); }
        #timeline li.now { background: #e3f2f9; }
        .plots { margin-top: 24px; }
        \(PropertyPlots.css)
        @media (max-width: 1000px) { main { grid-template-columns: 340px 1fr; } }
        """

    static let script = """
        (function () {
          "use strict";
          var D = JSON.parse(document.getElementById("data").textContent);
          var screen = document.getElementById("screen");
          var scrubber = document.getElementById("scrubber");
          var playButton = document.getElementById("play");
          var speedSelect = document.getElementById("speed");
          var timeLabel = document.getElementById("time");
          var frameLabel = document.getElementById("frame");
          var timeline = document.getElementById("timeline");
          var scriptPane = document.getElementById("script");
          var events = Array.prototype.slice.call(timeline.querySelectorAll("li"));
          var eventFrames = events.map(function (e) { return parseInt(e.getAttribute("data-frame"), 10); });
          var nowFrame = null;
          var cursors = Array.prototype.slice.call(document.querySelectorAll(".plot .cursor"));
          var frame = -1, shownScene = 0, currentLine = null, playing = false, startWall = 0, startFrame = 0;
          var speed = parseFloat(speedSelect.value);

          // Scrolls `pane` (a list with its own scroll bar), and nothing else, so that `item` shows, a third down.
          function reveal(pane, item) {
            var p = pane.getBoundingClientRect(), r = item.getBoundingClientRect();
            if (r.top < p.top || r.bottom > p.bottom) \
        pane.scrollTop += r.top - p.top - (pane.clientHeight - r.height) / 3;
          }

          function show(k) {
            k = Math.max(0, Math.min(D.frames - 1, k));
            if (k === frame) return;
            frame = k;
            var s = D.sceneOf[k];
            if (s !== shownScene) { screen.innerHTML = D.scenes[s]; shownScene = s; }
            scrubber.value = String(k);
            timeLabel.textContent = D.times[k] + " s";
            frameLabel.textContent = String(k);
            var line = D.lines[k] ? document.getElementById("L" + D.lines[k]) : null;
            if (line !== currentLine) {
              if (currentLine) currentLine.classList.remove("current");
              if (line) { line.classList.add("current"); reveal(scriptPane, line); }
              currentLine = line;
            }
            // The entries reached are past; the last of them (those at its frame) are now.
            var last = null, lastEvent = null;
            for (var i = 0; i < events.length; i++) {
              events[i].classList.toggle("past", eventFrames[i] <= k);
              if (eventFrames[i] <= k) { last = eventFrames[i]; lastEvent = events[i]; }
            }
            if (last !== nowFrame) {
              for (var e = 0; e < events.length; e++) events[e].classList.toggle("now", eventFrames[e] === last);
              if (lastEvent) reveal(timeline, lastEvent);
              nowFrame = last;
            }
            for (var j = 0; j < cursors.length; j++) {
              cursors[j].setAttribute("x1", D.cursor[k]);
              cursors[j].setAttribute("x2", D.cursor[k]);
            }
          }

          function link() {
            if (history.replaceState) history.replaceState(null, "", "#t=" + D.times[frame]);
          }

          function tick(now) {
            if (!playing) return;
            var k = startFrame + Math.floor((now - startWall) / 1000 * D.fps * speed);
            if (k >= D.frames) { startFrame = 0; startWall = now; k = 0; }
            show(k);
            requestAnimationFrame(tick);
          }

          function play() {
            if (frame >= D.frames - 1) show(0);
            playing = true; playButton.textContent = "❚❚ Pause";
            startFrame = frame; startWall = performance.now();
            requestAnimationFrame(tick);
          }

          function pause() {
            playing = false; playButton.textContent = "▶ Play";
            link();
          }

          function step(by) { pause(); show(frame + by); link(); }

          function fromAddress() {
            var m = /^#t=([0-9]+(?:\\.[0-9]*)?)$/.exec(location.hash);
            if (!m) return false;
            pause();
            show(Math.round(parseFloat(m[1]) * D.fps));
            return true;
          }

          playButton.addEventListener("click", function () { if (playing) pause(); else play(); });
          document.getElementById("back").addEventListener("click", function () { step(-1); });
          document.getElementById("forward").addEventListener("click", function () { step(1); });
          scrubber.addEventListener("input", function () { \
        if (playing) pause(); show(parseInt(scrubber.value, 10)); link(); });
          speedSelect.addEventListener("change", function () {
            speed = parseFloat(speedSelect.value);
            startFrame = frame; startWall = performance.now();
          });
          document.addEventListener("keydown", function (e) {
            if (e.target && (e.target.tagName === "SELECT" || e.target.tagName === "INPUT")) return;
            if (e.key === " ") { e.preventDefault(); if (playing) pause(); else play(); }
            else if (e.key === "ArrowLeft") step(-1);
            else if (e.key === "ArrowRight") step(1);
          });
          window.addEventListener("hashchange", fromAddress);
          if (!fromAddress()) show(0);
        })();
        """
}
