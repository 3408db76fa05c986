// The playground's service worker (make site; docs/deploy.md, "What a redeploy does"). It keeps one version of the
// site whole, so that the page opens and runs offline, from a phone's home screen too. tools/wasm/site.sh fills in
// BUILD, the version's name; the version's files and their SHA-256 are in its site.json.
//
// Installing a version: site.json is fetched past the browser's cache and must name BUILD (a deploy half copied may
// pair this sw.js with the old list); then every file it lists is fetched and its size and SHA-256 checked, first
// as the server revalidates it (a 304 costs nothing), then once more past the browser's cache when that was not the
// file. Only when every file is whole are they put in this version's cache, site.json last; otherwise the install
// fails, the version before stays in charge, and the browser tries again at its next update check (a later load,
// or the page's registration.update()). A file cut short or altered is never cached.
//
// Answering: the page (./, index.html), site.json and the site's root files come from this version's cache; a file
// of a version folder (v/OTHER/…) from whichever cache holds it, so that a page started on the version before, still
// open when this one took over, finds the rest of its own files. Anything not cached goes to the network, as if
// there were no worker; so does everything else of the origin (the walkthroughs a server draws, its health check).
// A cache deleted under the worker (site data cleared, caches.delete) is filled again at the next load.
/** The worker's own scope, as the type check knows it (jsconfig.sw.json: lib.webworker). */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const BUILD = "SITE_BUILD";
const PREFIX = "mailsim-";
const CACHE = PREFIX + BUILD;
const SCOPE = new URL(sw.registration.scope);

// Installed whole, this version takes over at once (Chrome may yet keep it waiting while a page of the version before
// is busy with that one, until the page's next load or its Switch); the page offers the switch either way (site.js).
sw.addEventListener("install", (event) => {
  event.waitUntil(fill().then(() => sw.skipWaiting()));
});

// What a page asks of this worker (site.js): its version (from its site.json, the mailsim version too), the build the
// site holds now, and to take over now (the page's Switch, for a version left waiting).
sw.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type === "version" && event.ports[0]) {
    event.waitUntil(version().then((answer) => event.ports[0].postMessage(answer)));
  } else if (message.type === "check" && event.ports[0]) {
    // The page's look for a newer version: the build the site's list names now, past every cache (null offline).
    const check = fetch(new URL("site.json", SCOPE), { cache: "no-store" })
      .then((response) => (response.ok ? response.json() : null))
      .then((site) => ({ build: site && site.build }), () => null);
    event.waitUntil(check.then((answer) => event.ports[0].postMessage(answer)));
  } else if (message.type === "switch") {
    event.waitUntil(sw.skipWaiting());
  }
});

// This version in charge: the caches of versions before it go, but the newest of them, which a page still open may
// be running (it loads its module and style from there); then every page of the site is this worker's.
sw.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => {
        const others = keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE);
        return Promise.all(others.slice(0, -1).map((key) => caches.delete(key)));
      })
      .then(() => sw.clients.claim()));
});

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  const name = url.pathname.slice(SCOPE.pathname.length);
  const own = name === "" || name === "site.json" || /^[^/]+\.(html|webmanifest|svg|png)$/.test(name);
  // A version folder's file, or one of a flat site made before version folders (its own cache holds it).
  const versioned = /^v\/[^/]+\/[^/]+$/.test(name) || /^[^/]+\.(js|mjs|css|wasm)$/.test(name);
  if (name === "sw.js" || !(own || versioned)) return;
  event.respondWith(answer(name === "" ? "index.html" : name, own, request, event));
});

// The file `name` from the cache (this version's, or for a versioned file any, newest first), else from the
// network. A load of the page whose version's cache has lost its mark (site.json) fills it again meanwhile.
async function answer(name, own, request, event) {
  const names = (await caches.keys()).filter((key) => key.startsWith(PREFIX));
  const mine = names.includes(CACHE) ? await caches.open(CACHE) : null;
  if (request.mode === "navigate" && !(mine && await mine.match(new URL("site.json", SCOPE).href))) {
    event.waitUntil(refill());
  }
  const key = new URL(name, SCOPE).href;
  for (const cacheName of own ? [CACHE] : [CACHE, ...names.reverse()]) {
    if (!names.includes(cacheName)) continue;
    const hit = await (await caches.open(cacheName)).match(key);
    if (hit) return hit;
  }
  return fetch(request);
}

// This version's name and the mailsim it was made from, as its cached site.json says.
async function version() {
  const cached = (await caches.has(CACHE)) && await (await caches.open(CACHE)).match(new URL("site.json", SCOPE).href);
  const site = cached ? await cached.json().catch(() => ({})) : {};
  return { build: BUILD, mailsim: site.mailsim || null };
}

// One refill at a time. One that fails because the site now holds another version asks the browser to look for
// that version's worker.
let refilling = null;
function refill() {
  refilling = refilling || fill().catch(() => sw.registration.update().catch(() => {}))
    .finally(() => { refilling = null; });
  return refilling;
}

// This version's files, fetched and checked, then cached together (site.json, the mark of a whole version, last).
async function fill() {
  const list = await fetch(new URL("site.json", SCOPE), { cache: "no-store" });
  if (!list.ok) throw new Error(`mailsim ${BUILD}: site.json: ${list.status} ${list.statusText}`);
  const text = await list.text();
  const site = JSON.parse(text);
  if (site.format !== 1 || site.build !== BUILD || !Array.isArray(site.files)) {
    throw new Error(`mailsim ${BUILD}: site.json is build ${site.build}'s: the site is being deployed`);
  }
  const files = await Promise.all(site.files.map(whole));
  await caches.delete(CACHE);  // what a fill stopped halfway left
  const cache = await caches.open(CACHE);
  try {
    for (const [path, response] of files) await cache.put(new URL(path, SCOPE).href, response);
    await cache.put(new URL("site.json", SCOPE).href, new Response(text, { headers: kept(list.headers) }));
  } catch (error) {
    await caches.delete(CACHE);
    throw error;
  }
}

// One file of site.json, checked: [its path, a response holding its bytes]; an error that says what was wrong.
async function whole(file) {
  let wrong = "";
  for (const mode of /** @type {RequestCache[]} */ (["no-cache", "reload"])) {
    const response = await fetch(new URL(file.path, SCOPE), { cache: mode });
    if (!response.ok) {
      wrong = `${response.status} ${response.statusText}`;
      continue;
    }
    const bytes = await response.arrayBuffer();
    const sha256 = hex(await crypto.subtle.digest("SHA-256", bytes));
    if (bytes.byteLength === file.size && sha256 === file.sha256) {
      return [file.path, new Response(bytes, { headers: kept(response.headers) })];
    }
    wrong = `${bytes.byteLength} bytes, SHA-256 ${sha256}; site.json says ${file.size} bytes, ${file.sha256}`;
  }
  throw new Error(`mailsim ${BUILD}: ${file.path}: ${wrong}`);
}

// A response's headers as a cached copy keeps them (its type, and the page's policy: a page answered from the cache
// keeps the Content-Security-Policy it was served with); not those of the transfer, which the copy no longer has.
function kept(headers) {
  const copy = new Headers(headers);
  for (const name of ["content-encoding", "content-length", "transfer-encoding"]) copy.delete(name);
  return copy;
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
