// The site this page came from (docs/deploy.md): the version it runs, the service worker that keeps that version
// for offline use, the line that offers a newer one, and what to say when the simulation did not load.
//
// make site puts the page's modules in a version folder, v/BUILD/, BUILD naming its contents; the page mailsim's
// server compiles in has its modules at the root and no version (nor a service worker).
import { $ } from "./dom.js";

/** This page's version: the folder its modules came from; null for the server's compiled-in page. */
export const build = (/\/v\/([0-9a-f]+)\/[^/]+$/.exec(new URL(import.meta.url).pathname) || [])[1] || null;

// For tests and the curious: the version this page runs, and whether a newer one is offered.
window.mailsimSite = {
  build: build,
  offered: function () { return offered; },
};

var offered = null;
var lastCheck = 0;

// The service worker that keeps this version for offline use, and the watch for a newer one: the browser looks for
// a new sw.js at each load; the page asks again when it comes back online, when it is shown again and every quarter
// of an hour, so that a page left open through a lesson learns of a redeploy.
/** @returns {void} */
export function keepOffline() {
  if (!build || !("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  register(build).then(function (registration) {
    if (!registration) return;  // workers blocked (a test's browser): nothing to watch
    var look = function () { compare(registration); };
    // The worker fetches the site's list past every cache (a failed fetch of the page's own would be an error in
    // its console, offline): a version other than the newest worker's is registered by a URL of its own
    // (sw.js?build=BUILD), which no cache can answer and no validator can call unchanged (python's http.server
    // answers 304 to a sw.js written in the same second as the one the browser holds); else the browser's own check.
    var update = function () {
      lastCheck = Date.now();
      var newest = registration.installing || registration.waiting || registration.active;
      var known = newest && (/[?&]build=([0-9a-f]+)/.exec(newest.scriptURL) || [])[1];
      ask(registration.active, "check")
        .then(/** @returns {Promise<unknown>} */ function (site) {
          if (site && /^[0-9a-f]+$/.test(site.build || "") && site.build !== known) return register(site.build);
          return registration.update();
        })
        .then(look, function () { /* offline, or the site is being deployed: asked again later */ });
    };
    // A worker installing: looked at again at each of its steps. The browser's own check at this load may have
    // found the new version before this page listened (its `updatefound` already fired): that one is watched too,
    // else a version left waiting (Chrome may keep it so) would never be offered.
    var watch = function (worker) { if (worker) worker.addEventListener("statechange", look); };
    navigator.serviceWorker.addEventListener("controllerchange", look);
    registration.addEventListener("updatefound", function () { watch(registration.installing); });
    watch(registration.installing);
    window.addEventListener("online", update);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible" && Date.now() - lastCheck > 60000) update();
    });
    setInterval(function () { if (document.visibilityState === "visible") update(); }, 15 * 60000);
    look();
    update();
  }, function () { /* no sw.js here: the page works online only */ });
}

// What `worker` answers to a message of `type` ({type}: its version, or the site's newest); null without a worker,
// or when it says nothing within 5 s (a worker of a version before the question).
function ask(worker, type) {
  if (!worker) return Promise.resolve(null);
  return new Promise(function (resolve) {
    var channel = new MessageChannel();
    var timer = setTimeout(function () { resolve(null); }, 5000);
    channel.port1.onmessage = function (event) { clearTimeout(timer); resolve(event.data || null); };
    worker.postMessage({ type: type }, [channel.port2]);
  });
}

// The worker of version `version`: sw.js, named by the version it installs.
function register(version) {
  return navigator.serviceWorker.register("sw.js?build=" + version, { updateViaCache: "none" });
}

// The newest version the worker keeps whole: one waiting to take over (installed, every file checked), else the one
// in charge. Offered when it is not this page's: a worker is installed only once every file of its version is cached
// and checked, so the switch loads that version whole, offline too.
function compare(registration) {
  ask(registration.waiting || navigator.serviceWorker.controller, "version").then(function (site) {
    if (site && site.build && site.build !== build) offer(site);
  });
}

// The line under the bar. Switching is a reload, on the person's click (the session comes back from its script),
// after the version left waiting, if one is, takes over.
function offer(site) {
  offered = site.build;
  var version = site.mailsim ? " (mailsim " + site.mailsim + ")" : "";
  show("A new version of the playground is ready" + version + ".", "Switch", "Reload the page on the new version",
    function () {
      navigator.serviceWorker.getRegistration().then(function (registration) {
        var waiting = registration && registration.waiting;
        if (!waiting) return location.reload();
        navigator.serviceWorker.addEventListener("controllerchange", function () { location.reload(); });
        waiting.postMessage({ type: "switch" });
      });
    });
}

/** The simulation did not load: with a mailsim server behind the page (its health check answers), true, and the
 * page uses the server's session, as a browser without WebAssembly must. Without one (a static host), false: the
 * line says what went wrong and offers to try again, rather than a connection that can never be made.
 * @param {Error} error  why the module did not load
 * @returns {Promise<boolean>} */
export function moduleFailed(error) {
  return fetch("healthz", { cache: "no-store" })
    .then(function (r) { return r.text(); })
    .then(function (text) { return /^(ok|stopping)$/.test(text.trim()); }, function () { return false; })
    .then(function (server) {
      if (server) return true;
      var reason = error && error.message ? error.message : String(error);
      show(typeof WebAssembly === "object"
        ? "The simulation could not be loaded (" + reason + "). The site may be being updated: try again in a moment."
        : "This browser cannot run the simulation (it has no WebAssembly), and this site has no mailsim server to " +
          "run it instead.", "Try again", "Load the page again, its files fetched anew", retry);
      return false;
    });
}

// A load again, after fetching this version's module and WebAssembly past the browser's cache: a file cut short by
// an upload under way may be held there (for 10 minutes on GitHub Pages).
function retry() {
  var folder = new URL(".", import.meta.url);
  Promise.all(["mailsim.mjs", "mailsim.wasm"].map(function (name) {
    return fetch(new URL(name, folder), { cache: "reload" }).then(function (r) { return r.arrayBuffer(); })
      .catch(function () { /* the load says what is still wrong */ });
  })).then(function () { location.reload(); });
}

function show(text, action, title, act) {
  $("site-text").textContent = text;
  var button = $("site-action");
  button.textContent = action;
  button.title = title;
  button.onclick = act;
  $("site-line").hidden = false;
}
