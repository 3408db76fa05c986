// The page's message bus: what the transport hears, told to the modules above it that subscribe. The transport sits
// low (it imports no UI module) and the UI modules import it; a module the transport would have called instead
// registers a handler here as it loads, so the modules import one another without a cycle (Tests/page/
// import_cycles.py). Handlers run in the order they were registered, at once, before `emit` returns: an event is a
// call, with its order kept.

/**
 * The events and what each carries.
 * @typedef {object} Events
 * @property {import("./types").Message} message  an answer of the session, to show (messages.js)
 * @property {import("./types").Message} taken     a screen taken, not drawn: a sample before the last (phones.js)
 * @property {undefined} started   the page's module runs a new session; its opening is shown next (restore.js)
 * @property {undefined} connecting  a new socket to the server's session is being opened (restore.js)
 * @property {undefined} opened    that socket opened (restore.js)
 * @property {CloseEvent} lost     that socket closed (restore.js)
 * @property {Error} stopped       the page's module trapped: nothing runs in it any more (restore.js)
 */

/** @type {{ [K in keyof Events]?: Array<(value: Events[K]) => void> }} */
const handlers = {};

/**
 * Calls `handler` with each `name` event from now on.
 * @template {keyof Events} K
 * @param {K} name
 * @param {(value: Events[K]) => void} handler
 */
export function on(name, handler) {
  const list = handlers[name] || (handlers[name] = []);
  list.push(handler);
}

/**
 * Tells each handler of `name`, in order.
 * @template {keyof Events} K
 * @param {K} name
 * @param {Events[K]} [value]
 */
export function emit(name, value) {
  const list = handlers[name] || [];
  for (let i = 0; i < list.length; i++) list[i](/** @type {Events[K]} */ (value));
}
