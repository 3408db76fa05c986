// What the page knows, all of it from the session's messages, and the few facts of its own (the pointer, the pause,
// where the session runs), in one object every module reads and writes: a module's own `let` could not be set by
// another.
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
export function clock(stamp) { return stamp - page.pausedTotal; }

export function limits() {
  return (page.hello && page.hello.limits) || { scriptBytes: 65536, scriptLines: 10000 };
}

// Phone `index`'s parameters (name → the words `set` takes), as the last screen that carried them said.
export function phoneParams(index) {
  var p = page.screen && page.screen.phones && page.screen.phones[index];
  return (p && p.params) || {};
}
