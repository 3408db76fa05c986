// The types the page's modules share, for the type check alone (`make check`'s tsc; jsconfig.json): no module loads
// this file, and the site does not serve it. The messages are the protocol's (docs/playground.md, Protocol); the
// page reads the fields named here.

/** A message to the session or from it: its `type`, and the fields of that type. */
export interface Message {
  type: string;
  [field: string]: any;
}

/** What a `load` takes at most (hello's `limits`). */
export interface Limits {
  scriptBytes: number;
  scriptLines: number;
  [field: string]: any;
}

/** One parameter of hello's table: what the tuning pane shows a control for. */
export interface Param {
  name: string;
  kind: string;
  value: string;
  default?: string;
  min?: number;
  max?: number;
  unit?: string;
  help?: string;
  choices?: string[];
  [field: string]: any;
}

/** The session's first message. */
export interface Hello extends Message {
  params: Param[];
  profiles: string[];
  limits?: Limits;
}

/** One phone of a screen message: its SVG (whole, or a patch of the one the page holds) and the facts the page
 * reads. */
export interface PhoneScreen {
  svg?: any;
  params?: { [name: string]: string };
  state?: object;
  compose?: string;
  haptics?: number;
  [field: string]: any;
}

/** A screen message: every phone's picture, the clock, the gesture in progress. */
export interface Screen extends Message {
  phones: PhoneScreen[];
  time: number;
  gesture?: string;
  animating?: boolean;
  historyDue?: boolean;
}

/** What a restore brings back: the session's script and what the script does not hold (restore.js). `why` it is
 * held: the socket was lost, the page's module trapped, or the browser kept it (keep.js). */
export interface Held {
  script: string;
  lines: string[];
  phones: string[];
  comparing: boolean;
  speed: number;
  why: "lost" | "trap" | "kept";
}

/** The in-page session (mailsim.mjs's Playground) as the transport uses it. */
export interface LocalSession {
  opening: Message[];
  send(message: Message): Message[];
  close(): void;
}

declare global {
  interface Window {
    /** Set by a test before the page loads: screens carry each phone's whole state object. */
    mailsimWatchState?: boolean;
    /** What the page was told, for tests and the curious (playground.js). */
    mailsimPlayground?: object;
    /** The site's version and its service worker, for tests (site.js). */
    mailsimSite?: object;
  }
}
