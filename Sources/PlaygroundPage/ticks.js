// The page's animation clock: animation frames as `tick`s while the phone animates (the next sent when the previous
// one's screen has come), and the pause (space, ❚❚) that stops them and takes the paused time out of `t`.
import { $, notify } from "./dom.js";
import { clock, page } from "./state.js";
import { send } from "./transport.js";

// Animation frames: while the last screen said `animating`, one tick a frame, the next sent when the
// previous one's screen has come (the clock in `t` keeps the elapsed time exact whatever the round trip).
var tickScheduled = false;
/** Asks for the next animation frame's tick, unless one is asked for already or the page is paused. */
export function scheduleTick() {
  if (tickScheduled || page.pausedAt !== null) return;
  tickScheduled = true;
  requestAnimationFrame(function () {
    tickScheduled = false;
    if (page.pointer || page.tickWaiting || page.pausedAt !== null || !page.screen || !page.screen.animating) return;
    // Waiting before it is sent: in the page the answer comes before `send` returns.
    page.tickWaiting = true;
    var began = performance.now();
    if (!send({ type: "tick", t: clock(performance.now()) })) page.tickWaiting = false;
    else performance.measure("mailsim:tick", { start: began });
  });
}

/** Pauses the page, or resumes it. */
export function togglePause() {
  if (page.pausedAt === null) {
    page.pausedAt = performance.now();
    $("pause").textContent = "▶";
    $("pause").classList.add("on");
    notify("Paused: space or ▶ resumes.");
  } else {
    page.pausedTotal += performance.now() - page.pausedAt;
    page.pausedAt = null;
    $("pause").textContent = "❚❚";
    $("pause").classList.remove("on");
    if (page.screen && page.screen.animating) scheduleTick();
  }
}

$("pause").addEventListener("click", togglePause);
