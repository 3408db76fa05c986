// The playground's service worker (make site; docs/playground.md): every file of the page is kept at its first
// visit, so that it opens and runs offline afterwards, from the phone's home screen too. The list and the cache's
// name are filled in by tools/wasm/site.sh: a new site is a new cache, and the old one is dropped once it is active.
// Only this origin's GETs of the page's own files are answered from the cache; everything else (the walkthroughs a
// server draws, its health check) goes to the network as if there were no worker.
const CACHE = "mailsim-SITE_HASH";
const FILES = SITE_FILES;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith("mailsim-") && key !== CACHE)
        .map((key) => caches.delete(key))))
      .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const scope = new URL(self.registration.scope);
  const name = url.pathname.startsWith(scope.pathname) ? url.pathname.slice(scope.pathname.length) : null;
  if (name === null || !(name === "" || FILES.includes(name))) return;
  event.respondWith(caches.open(CACHE).then((cache) =>
    cache.match(name === "" ? "./" : name, { ignoreSearch: true }).then((hit) => hit || fetch(request))));
});
