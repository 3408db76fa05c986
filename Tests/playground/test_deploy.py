#!/usr/bin/env python3
"""Deploys that cannot go wrong (docs/deploy.md, "What a redeploy does"). make site's folder is deployed,
then redeployed, behind two static servers that send the headers a teacher's host does: `python3 -m http.server`
(no Cache-Control: a browser guesses freshness from Last-Modified, a tenth of the file's age) and a server like
GitHub Pages (every file `Cache-Control: max-age=600`). Headless Chromium (Debian's, through Playwright) opens the
page, and the checks are on what the page runs:

- a site three days old replaced by a new build is seen at the next load, or after the page's offer to switch;
- a deploy whose files have different ages never runs one build's module with another's WebAssembly;
- an upload cut short (the new sw.js, mailsim.wasm at 400,000 bytes) leaves the old version running, caches nothing
  that is not whole, and the new version is taken once the upload is;
- a first visit during that upload says what is wrong and offers to try again (no session on a server that is not
  there), and trying again once the upload is whole runs the page;
- a cache deleted under the worker, or the worker unregistered, comes back by itself (the page opens offline again).

Each build is the real one (tools/wasm/site.sh on make wasm's output) with a mark of its own: a line at the top of
mailsim.mjs records which build's module ran, and a custom section in mailsim.wasm which build's WebAssembly it
compiled (`window.mailsimTestRuns`), so the checks hold for any layout of the site.

    python3 Tests/playground/test_deploy.py

MAILSIM_WASM names make wasm's folder (default .build/wasm); MAILSIM_SITE_SH another site builder (an older
checkout's tools/wasm/site.sh: the checks must fail against the site it makes). MAILSIM_REQUIRE_CHROMIUM=1 makes a
missing chromium or Playwright a failure, not a skip.
"""
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest

from checklist import wait_for_port
from watched import WatchedTestCase

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
WASM = os.path.abspath(os.environ.get("MAILSIM_WASM", os.path.join(ROOT, ".build", "wasm")))
SITE_SH = os.path.abspath(os.environ.get("MAILSIM_SITE_SH", os.path.join(ROOT, "tools", "wasm", "site.sh")))
PAGES = os.path.join(ROOT, "deploy", "github-pages", "pages.yml")
REQUIRED = os.environ.get("MAILSIM_REQUIRE_CHROMIUM") == "1"
CHROMIUM = shutil.which("chromium")
DAYS_3 = 3 * 24 * 3600

try:
    from playwright.sync_api import sync_playwright
    MISSING = None
except ImportError as e:  # said below: a skip, or with MAILSIM_REQUIRE_CHROMIUM=1 a failure
    MISSING = str(e)

# The mark a build's mailsim.mjs carries: it records that it ran, and which build's WebAssembly it compiled (the
# custom section "mailsim-test-build" of mailsim.wasm).
MARK = """// test_deploy.py: build %s
globalThis.mailsimTestRuns = globalThis.mailsimTestRuns || { modules: [], wasm: [] };
globalThis.mailsimTestRuns.modules.push("%s");
{
  const note = (module) => {
    for (const section of WebAssembly.Module.customSections(module, "mailsim-test-build")) {
      globalThis.mailsimTestRuns.wasm.push(new TextDecoder().decode(section));
    }
    return module;
  };
  const compile = WebAssembly.compile, streaming = WebAssembly.compileStreaming;
  WebAssembly.compile = (bytes) => compile.call(WebAssembly, bytes).then(note);
  if (streaming) WebAssembly.compileStreaming = (source) => streaming.call(WebAssembly, source).then(note);
}
"""

# The page's state, as these checks read it.
STATE = """() => {
  const p = window.mailsimPlayground, r = window.mailsimTestRuns, $ = (id) => document.getElementById(id);
  const line = $("site-line"), banner = $("banner");
  return {
    runs: p ? p.runs() : null, screen: !!(p && p.screen()), modules: r ? r.modules : [], wasm: r ? r.wasm : [],
    build: window.mailsimSite ? window.mailsimSite.build : null, controlled: !!navigator.serviceWorker.controller,
    line: line && !line.hidden ? $("site-text").textContent : "", conn: $("conn") ? $("conn").textContent : "",
    status: $("status") ? $("status").textContent : "", banner: banner && !banner.hidden ? banner.textContent : "",
  };
}"""
# Settled: the page runs its module, or has said that it cannot.
SETTLED = """() => {
  const p = window.mailsimPlayground, r = window.mailsimTestRuns, $ = (id) => document.getElementById(id);
  if (p && p.runs() === "page" && p.screen() && r && r.wasm.length) return true;
  return ($("conn") && $("conn").textContent === "not loaded") || /cannot run/.test($("status").textContent)
    || ($("banner") && !$("banner").hidden);
}"""
# Every entry of every cache of the origin: [cache, url, sha256 of its body].
CACHED = """async () => {
  const hex = (b) => Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, "0")).join("");
  const out = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const body = await (await cache.match(request)).arrayBuffer();
      out.push([name, request.url, hex(await crypto.subtle.digest("SHA-256", body))]);
    }
  }
  return out;
}"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def custom_section(name, payload):
    """A WebAssembly custom section (id 0): its size, the name's length and the name, then the payload."""
    def leb(n):
        out = bytearray()
        while True:
            byte, n = n & 0x7F, n >> 7
            out.append(byte | (0x80 if n else 0))
            if not n:
                return bytes(out)
    body = leb(len(name)) + name.encode() + payload.encode()
    return b"\0" + leb(len(body)) + body


def files_of(folder):
    """Every file under FOLDER, by its path relative to it."""
    found = {}
    for base, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(base, name)
            found[os.path.relpath(path, folder)] = path
    return found


class Build:
    """One build of the site, marked LETTER: make wasm's output with the mark, then SITE_SH; or, given STEPS (shell
    commands, the Pages workflow's), those steps run at the repository's root with WASM_OUT and SITE_OUT set."""

    def __init__(self, letter, work, steps=None):
        self.letter = letter
        wasm = os.path.join(work, "wasm-" + letter)
        if steps is None:
            os.makedirs(wasm)
        else:
            # make wasm's objects, dated now: newer than every source, so make site compiles nothing (and the
            # module, written below, is newer still: it links nothing).
            shutil.copytree(WASM, wasm)
            for path in files_of(os.path.join(wasm, "obj")).values():
                os.utime(path)
        with open(os.path.join(WASM, "mailsim.mjs")) as f:
            module = f.read()
        with open(os.path.join(wasm, "mailsim.mjs"), "w") as f:
            f.write(MARK % (letter, letter) + module)
        with open(os.path.join(WASM, "mailsim.wasm"), "rb") as f:
            binary = f.read()
        with open(os.path.join(wasm, "mailsim.wasm"), "wb") as f:
            f.write(binary + custom_section("mailsim-test-build", letter))
        self.folder = os.path.join(work, "site-" + letter)
        env = dict(os.environ, WASM_OUT=wasm, SITE_OUT=self.folder)
        for step in steps or [SITE_SH]:
            subprocess.run(["bash", "-e", "-c", step], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
        self.files = files_of(self.folder)
        self.wasm = next(p for p in self.files if os.path.basename(p) == "mailsim.wasm")
        self.hashes = set()
        for path in self.files.values():
            with open(path, "rb") as f:
                self.hashes.add(hashlib.sha256(f.read()).hexdigest())
        self.id = None  # the build's name in its site.json, when it has one (an older site has none)
        if "site.json" in self.files:
            with open(self.files["site.json"]) as f:
                self.id = json.load(f)["build"]


class PagesHandler(http.server.SimpleHTTPRequestHandler):
    """As GitHub Pages serves a site: every file `Cache-Control: max-age=600` (and Last-Modified, which
    SimpleHTTPRequestHandler sends and revalidates)."""

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def log_message(self, *args):
        pass


class PagesServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # a request the browser gave up on (a page reloaded): nothing to say


class Host:
    """A static server over a folder the checks deploy into: `python3 -m http.server`, or the Pages-like one."""

    def __init__(self, kind):
        self.kind = kind
        self.root = tempfile.mkdtemp(prefix="mailsim-deploy-root-")
        self.port = free_port()
        self.url = "http://127.0.0.1:%d/" % self.port
        if kind == "http.server":
            self.process = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1",
                                             str(self.port), "-d", self.root],
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if not wait_for_port(self.port):
                raise AssertionError("python3 -m http.server did not start")
        else:
            self.process = None
            handler = functools.partial(PagesHandler, directory=self.root)
            self.server = PagesServer(("127.0.0.1", self.port), handler)
            threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def deploy(self, build, age=lambda path: 0, cut=None):
        """Replaces what is served with BUILD's files, each AGE(path) seconds old; with CUT, its mailsim.wasm holds
        only its first CUT bytes (an upload under way)."""
        for name in os.listdir(self.root):
            path = os.path.join(self.root, name)
            shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
        shutil.copytree(build.folder, self.root, dirs_exist_ok=True)
        if cut is not None:
            with open(build.files[build.wasm], "rb") as f:
                data = f.read()
            with open(os.path.join(self.root, build.wasm), "wb") as f:
                f.write(data[:cut])
        now = time.time()
        for path, full in files_of(self.root).items():
            os.utime(full, (now - age(path), now - age(path)))

    def finish_upload(self, build):
        """The rest of BUILD's mailsim.wasm arrives."""
        shutil.copyfile(build.files[build.wasm], os.path.join(self.root, build.wasm))

    def stop(self):
        if self.process:
            self.process.terminate()
            self.process.wait(10)
        else:
            self.server.shutdown()
            self.server.server_close()
        shutil.rmtree(self.root, ignore_errors=True)


@unittest.skipUnless(REQUIRED or (CHROMIUM and not MISSING),
                     "chromium or Playwright is missing: the deploy checks need both "
                     "(apt-get install chromium; tools/browser-tests.sh installs Playwright)")
class DeploysInChromium(WatchedTestCase):
    @classmethod
    def setUpClass(cls):
        assert CHROMIUM, "MAILSIM_REQUIRE_CHROMIUM=1 but chromium is not on PATH"
        assert not MISSING, "MAILSIM_REQUIRE_CHROMIUM=1 but Playwright is missing: " + str(MISSING)
        assert os.path.exists(os.path.join(WASM, "mailsim.wasm")), "no %s/mailsim.wasm (make wasm)" % WASM
        cls.work = tempfile.mkdtemp(prefix="mailsim-deploy-")
        cls.a = Build("A", cls.work)
        cls.b = Build("B", cls.work)
        cls.playwright = sync_playwright().start()
        cls.browser = cls.playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.playwright.stop()
        shutil.rmtree(cls.work, ignore_errors=True)

    def setUp(self):
        self.hosts = []
        self.context = self.browser.new_context(viewport={"width": 1280, "height": 900})
        self.sockets = []
        self.problems = []
        self.page = self.context.new_page()
        self.page.on("websocket", lambda ws: self.sockets.append(ws.url))
        self.page.on("pageerror", lambda e: self.problems.append(str(e)))

    def tearDown(self):
        self.context.close()
        for host in self.hosts:
            host.stop()
        self.assertEqual(self.problems, [], "the page had script errors")

    # ---- helpers

    def host(self, kind):
        host = Host(kind)
        self.hosts.append(host)
        return host

    def load(self, url=None, reload=False):
        """Opens URL (or reloads the page) and waits until the page runs its module or says it cannot."""
        if reload:
            self.page.reload()
        else:
            self.page.goto(url)
        return self.settle()

    def state(self):
        return self.page.evaluate(STATE)

    def runs(self, state, build):
        """Whether STATE is the page running BUILD whole: its module and its WebAssembly, and (a site with a
        list) its page."""
        return (state["runs"] == "page" and state["screen"] and state["modules"] == [build.letter]
                and state["wasm"] == [build.letter] and (build.id is None or state["build"] == build.id))

    def controlled(self):
        """Waits for the service worker to control the page and its version to be cached."""
        self.page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        self.page.wait_for_function("!!navigator.serviceWorker.controller", timeout=30000)

    def newer(self, build, seconds=30, every=None):
        """After a redeploy: loads the page once, then waits for the page to run BUILD or to offer the switch (then
        clicked); with EVERY, loads it again each EVERY seconds meanwhile. Every load on the way must run one build
        whole. Returns the last state."""
        deadline = time.monotonic() + seconds
        while True:
            loaded = time.monotonic()
            state = self.load(reload=True)
            self.assertEqual(state["modules"], state["wasm"], "a load ran one build's module with another's wasm")
            while time.monotonic() < deadline and (every is None or time.monotonic() - loaded < every):
                state = self.state()
                if self.runs(state, build):
                    return state
                if state["line"].startswith("A new version of the playground is ready"):
                    with self.page.expect_navigation():
                        self.page.click("#site-action")
                    state = self.settle()
                    self.assertEqual(state["modules"], state["wasm"], "the switch ran a mixed pair")
                    return state
                time.sleep(0.25)
            if time.monotonic() >= deadline:
                return state

    def settle(self):
        self.page.wait_for_function(SETTLED, timeout=30000)
        return self.state()

    def cached(self):
        return self.page.evaluate(CACHED)

    def assert_whole_caches(self, *builds):
        """No cache holds a file that is not one of BUILDS' files as make site wrote it."""
        known = set().union(*(b.hashes for b in builds))
        broken = [(name, url) for name, url, digest in self.cached() if digest not in known]
        self.assertEqual(broken, [], "a cache holds a file cut short or altered")

    # ---- the checks

    def redeploy_is_seen(self, kind):
        host = self.host(kind)
        host.deploy(self.a, age=lambda path: DAYS_3)
        state = self.load(host.url)
        self.assertTrue(self.runs(state, self.a), state)
        self.controlled()
        host.deploy(self.b)
        state = self.newer(self.b)
        self.assertTrue(self.runs(state, self.b), "the new build was neither run nor offered: %s" % state)
        # The new version is whole in the cache: it opens offline.
        self.context.set_offline(True)
        state = self.load(reload=True)
        self.assertTrue(self.runs(state, self.b), state)

    def test_a_redeploy_is_seen_http_server(self):
        self.redeploy_is_seen("http.server")

    def test_a_redeploy_is_seen_pages(self):
        self.redeploy_is_seen("pages")

    def mixed_ages_never_mix(self, kind):
        # The old build's module three days old (a browser keeps it 7 hours unasked), its WebAssembly 40 s old (4 s):
        # the new build's module would come from the browser's cache, its WebAssembly from the server.
        host = self.host(kind)
        host.deploy(self.a, age=lambda path: 40 if path.endswith("mailsim.wasm") else DAYS_3)
        state = self.load(host.url)
        self.assertTrue(self.runs(state, self.a), state)
        self.controlled()
        time.sleep(5)
        host.deploy(self.b, age=lambda path: DAYS_3 if path.endswith("mailsim.mjs") else 0)
        state = self.newer(self.b, every=4)
        self.assertTrue(self.runs(state, self.b), state)
        self.assert_whole_caches(self.a, self.b)

    def test_mixed_ages_never_mix_http_server(self):
        self.mixed_ages_never_mix("http.server")

    def test_mixed_ages_never_mix_pages(self):
        self.mixed_ages_never_mix("pages")

    def upload_cut_short(self, kind):
        # The old build just uploaded: a browser asks for its files again rather than guess they are fresh.
        host = self.host(kind)
        host.deploy(self.a)
        self.assertTrue(self.runs(self.load(host.url), self.a))
        self.controlled()
        host.deploy(self.b, cut=400000)
        for _ in range(2):
            state = self.load(reload=True)
            self.assertTrue(self.runs(state, self.a), "the old version did not stay whole: %s" % state)
            # The worker looks for the new one, and fails to install it.
            self.page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update()).catch(() => 0)")
            time.sleep(3)
            state = self.state()
            self.assertEqual(state["line"], "", "a version not whole was offered")
        self.assert_whole_caches(self.a, self.b)
        host.finish_upload(self.b)
        state = self.newer(self.b)
        self.assertTrue(self.runs(state, self.b), "the whole upload was not taken: %s" % state)
        self.assert_whole_caches(self.a, self.b)
        self.assertEqual(self.sockets, [])

    def test_an_upload_cut_short_keeps_the_old_version_http_server(self):
        self.upload_cut_short("http.server")

    def test_an_upload_cut_short_keeps_the_old_version_pages(self):
        self.upload_cut_short("pages")

    def first_visit_mid_upload(self, kind):
        host = self.host(kind)
        host.deploy(self.b, cut=400000)
        state = self.load(host.url)
        self.assertNotEqual(state["runs"], "page")
        self.assertIn("could not be loaded", state["line"], state)
        self.assertIn("try again in a moment", state["line"])
        self.assertEqual(state["conn"], "not loaded")
        time.sleep(2)  # no session on a server that is not there: no socket, no "Reconnecting…"
        self.assertEqual(self.sockets, [])
        self.assertEqual(self.state()["banner"], "")
        host.finish_upload(self.b)
        with self.page.expect_navigation():
            self.page.click("#site-action")
        state = self.settle()
        self.assertTrue(self.runs(state, self.b), state)

    def test_a_first_visit_mid_upload_says_so_and_retries_http_server(self):
        self.first_visit_mid_upload("http.server")

    def test_a_first_visit_mid_upload_says_so_and_retries_pages(self):
        self.first_visit_mid_upload("pages")

    def test_a_deleted_cache_comes_back(self):
        host = self.host("http.server")
        host.deploy(self.a)
        self.assertTrue(self.runs(self.load(host.url), self.a))
        self.controlled()
        self.page.evaluate("caches.keys().then((keys) => Promise.all(keys.map((k) => caches.delete(k))))")
        self.assertEqual(self.cached(), [])
        self.assertTrue(self.runs(self.load(reload=True), self.a))
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not any(url.endswith("mailsim.wasm") for _, url, _ in self.cached()):
            time.sleep(0.25)
        self.assert_whole_caches(self.a)
        self.context.set_offline(True)
        state = self.load(reload=True)
        self.assertTrue(self.runs(state, self.a), state)

    def test_an_unregistered_worker_comes_back(self):
        host = self.host("http.server")
        host.deploy(self.a)
        self.assertTrue(self.runs(self.load(host.url), self.a))
        self.controlled()
        self.assertTrue(self.page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.unregister())"))
        self.assertTrue(self.runs(self.load(reload=True), self.a))
        self.controlled()
        self.context.set_offline(True)
        state = self.load(reload=True)
        self.assertTrue(self.runs(state, self.a), state)

    def test_the_pages_workflow_builds_a_site_whose_redeploy_is_seen(self):
        # deploy/github-pages/pages.yml as GitHub runs it: its job's `run:` steps that build the site, run here twice
        # (the second build marked apart), each result served as Pages serves it, the second over the first.
        import yaml
        with open(PAGES) as f:
            job = yaml.safe_load(f)["jobs"]["site"]
        runs = [step["run"] for step in job["steps"] if "run" in step]
        installs = [run for run in runs if "apt-get" in run]
        builds = [run for run in runs if "apt-get" not in run]
        # What it installs is what make wasm-deps would (this machine has them: running apt-get is not the test).
        with open(os.path.join(ROOT, "Makefile")) as f:
            wanted = re.search(r"^WASM_DEB_PACKAGES := (.+)$", f.read(), re.M).group(1).split()
        installed = set(re.search(r"apt-get install -y (.+)", installs[0]).group(1).split())
        self.assertLessEqual(set(wanted) | {"make"}, installed)
        self.assertEqual(builds, ["make site"])
        upload = next(step for step in job["steps"] if step.get("uses", "").startswith("actions/upload-pages-artifact"))
        self.assertEqual(upload["with"]["path"], ".build/site")  # site.sh's SITE_OUT when none is given
        first, second = (Build(letter, self.work, steps=builds) for letter in ("P1", "P2"))
        self.assertNotEqual(first.hashes, second.hashes)
        host = self.host("pages")
        host.deploy(first)
        self.assertTrue(self.runs(self.load(host.url), first))
        self.controlled()
        host.deploy(second)
        state = self.newer(second)
        self.assertTrue(self.runs(state, second), "the redeploy was neither run nor offered: %s" % state)
        self.context.set_offline(True)
        self.assertTrue(self.runs(self.load(reload=True), second))


if __name__ == "__main__":
    unittest.main(verbosity=2)
