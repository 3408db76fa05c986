// What the page knows, all of it from the session's messages, and the few facts of its own (the pointer, the pause,
// where the session runs), in one object every module reads and writes: a module's own `let` could not be set by
// another. Its fields' types are stated here (Page), and `make check`'s tsc holds every module to them.

/** @typedef {import("./types").Hello} Hello */
/** @typedef {import("./types").Screen} Screen */
/** @typedef {import("./types").Held} Held */
/** @typedef {import("./types").Limits} Limits */

/**
 * What the page knows.
 * @typedef {object} Page
 * @property {Hello | null} hello
 * @property {Screen | null} screen
 * @property {string[]} lines
 * @property {string[]} linePhones
 * @property {import("./types").Message | null} history
 * @property {boolean} comparing
 * @property {string} target
 * @property {number} speed
 * @property {import("./types").LocalSession | null} local
 * @property {boolean} inPage
 * @property {WebSocket | null} socket
 * @property {boolean} connected
 * @property {(Error & { reason?: string }) | null} trap
 * @property {Held | null} held
 * @property {{ screen: boolean, script: boolean } | null} restoring
 * @property {boolean} waitingForUser
 * @property {boolean} idleClosed
 * @property {((yes: boolean) => void) | null} asking
 * @property {{ screen: boolean, script: boolean, lines: number } | null} link
 * @property {any} keep  keep.js's record of the kept session (its own shape: keep.js)
 * @property {{ id: number, phone: number, element: Element } | null} pointer
 * @property {boolean} tickWaiting
 * @property {number | null} pausedAt
 * @property {number} pausedTotal
 * @property {number | null} sentAt
 * @property {boolean} askedWhole
 * @property {object | null} syncedParams
 * @property {boolean} watchingState
 * @property {number | null} pendingCommand
 */

/** @type {Page} */
export const page = {
  hello: null,          // the hello message: limits, params, profiles
  screen: null,         // the last screen message, each phone's params filled in from the last that carried them
  lines: [],            // the script, line by line
  linePhones: [],       // in a comparison: "both", "0" or "1" for each line
  history: null,        // the last history message
  comparing: false,
  target: "both",       // which phone a tuning change goes to in a comparison
  speed: 1,

  // Where the session runs and how the link to it stands (transport.js, restore.js).
  local: null,          // the in-page session, once loaded
  inPage: false,        // the session runs here (false: on the server, over the socket)
  socket: null,
  connected: false,
  trap: null,           // why the in-page simulation stopped, if it did
  held: null,           // what a reconnect restores, taken when the socket was lost: { lines, phones, ... }
  restoring: null,      // on a socket being restored: which of the opening's messages are still to skip
  waitingForUser: false,  // after an idle close, or a session too long to load: no reconnect on its own
  idleClosed: false,    // the server closed the page for idling: the user's next touch or key reconnects
  asking: null,         // the banner's question waiting for its answer: called with true or false (restore.js)
  link: null,           // a link's `load` waiting for its answer: { screen, script } still to come of the opening
  keep: null,           // the session kept in this browser: its id, what to write, why not kept (keep.js)

  // The pointer and the clock (pointer.js).
  pointer: null,        // { id, phone, element } while a finger is down
  tickWaiting: false,   // a tick was sent and its screen has not come yet
  pausedAt: null,       // performance.now() when the page was paused
  pausedTotal: 0,       // the time spent paused, taken out of the page's clock
  sentAt: null,         // on the server's session, when the pointer event waiting for its screen was sent
  askedWhole: false,    // a patch of a screen the page does not hold came: the whole screens are asked for

  syncedParams: null,   // each phone's params object the tuning controls show (tuning.js); null: sync again
  // Whether screens carry each phone's whole state object (the `watch` message: for tests and the curious; the
  // page itself reads only `compose` and `haptics`). A test sets window.mailsimWatchState before the page loads.
  watchingState: !!window.mailsimWatchState,
  pendingCommand: null, // the id of the command box's line waiting for its answer (script-pane.js)
};

// The page's clock for `t`: event time stamps and performance.now() share an origin; time spent paused is taken
// out, so the session's clock stops while the page is paused.
/** @param {number} stamp  an event's time stamp, or performance.now() @returns {number} */
export function clock(stamp) { return stamp - page.pausedTotal; }

/** What a `load` takes at most: hello's, or the defaults before it. @returns {Limits} */
export function limits() {
  return (page.hello && page.hello.limits) || { scriptBytes: 65536, scriptLines: 10000 };
}

// Phone `index`'s parameters (name → the words `set` takes), as the last screen that carried them said.
/** @param {number} index @returns {{ [name: string]: string }} */
export function phoneParams(index) {
  var p = page.screen && page.screen.phones && page.screen.phones[index];
  return (p && p.params) || {};
}
