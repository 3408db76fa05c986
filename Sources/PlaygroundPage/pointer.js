// The pointer on a phone, and the page's clock: each pointer event's samples as `down`, `move` and `up` messages
// at the event's own time, animation frames as `tick`s while the phone animates, and the pause that stops them.
import { $, notify } from "./dom.js";
import { clock, page } from "./state.js";
import { connect, send, sendAll } from "./transport.js";
import { pointOf } from "./phones.js";

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
  if (!page.inPage && page.sentAt === null && messages.length) page.sentAt = began;
}

// The phones' screens, found here: an imported binding may not be set yet while the modules' cycle is evaluated
// (only function declarations are), and this runs as the module is.
Array.prototype.forEach.call(document.querySelectorAll(".screen"), function (element, index) {
  element.addEventListener("pointerdown", function (event) {
    if (page.idleClosed && !page.connected) return connect();
    if (page.pointer || event.button > 0) return;
    event.preventDefault();
    if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
    page.pointer = { id: event.pointerId, phone: index, element: element };
    element.setPointerCapture(event.pointerId);
    pointerEvent("down", [event], index);
  });
  element.addEventListener("pointermove", function (event) {
    if (!page.pointer || event.pointerId !== page.pointer.id) return;
    var samples = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
    if (!samples.length) samples = [event];
    pointerEvent("move", samples, index);
  });
  var up = function (event) {
    if (!page.pointer || event.pointerId !== page.pointer.id) return;
    page.pointer = null;
    pointerEvent("up", [event], index);
    scheduleTick();
  };
  element.addEventListener("pointerup", up);
  element.addEventListener("pointercancel", up);
  element.addEventListener("lostpointercapture", function (event) {
    if (page.pointer && event.pointerId === page.pointer.id) up(event);
  });
  element.addEventListener("contextmenu", function (event) { event.preventDefault(); });
});

// Animation frames: while the last screen said `animating`, one tick a frame, the next sent when the
// previous one's screen has come (the clock in `t` keeps the elapsed time exact whatever the round trip).
var tickScheduled = false;
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
