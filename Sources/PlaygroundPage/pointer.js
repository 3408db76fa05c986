// The pointer on a phone: each pointer event's samples as `down`, `move` and `up` messages at the event's own time
// (the page's clock), and the animation's ticks asked for when the finger lifts (ticks.js).
import { clock, page } from "./state.js";
import { connect, sendAll } from "./transport.js";
import { pointOf } from "./phones.js";
import { scheduleTick } from "./ticks.js";

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

// The phones' screens, each listened to for its pointer events.
Array.prototype.forEach.call(document.querySelectorAll(".screen"), function (element, index) {
  element.addEventListener("pointerdown", function (event) {
    if (page.idleClosed && !page.connected) return connect();
    if (page.pointer || event.button > 0) return;
    event.preventDefault();
    if (document.activeElement && document.activeElement !== document.body) {
      /** @type {HTMLElement} */ (document.activeElement).blur();
    }
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
