#!/usr/bin/env python3
"""The static site behind the shipped nginx site (deploy/nginx/mailsim-static.conf; docs/deploy.md): make site's
folder served by Debian's nginx as the file says, on a free loopback port. The file must pass `nginx -t` as shipped
(with its root and port moved here); then the wasm (in the version folder site.json names) is application/wasm and
compressed, every file carries the page's policy, the version folder's files are immutable and the page, the
service worker, site.json and the root files no-cache, the page has its version, and a POST is refused.

    python3 Tests/wasm/static_site.py SITE_DIR"""
import gzip
import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

SITE = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/site")
CONF = os.path.join(os.path.dirname(__file__), "..", "..", "deploy", "nginx", "mailsim-static.conf")
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL", name, detail)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    if not os.access(NGINX, os.X_OK):
        print("static site: nginx is missing (apt-get install nginx)")
        return 2
    work = tempfile.mkdtemp(prefix="mailsim-static-")
    port = free_port()
    with open(CONF) as f:
        site = f.read()
    site = site.replace("listen 80;", "listen 127.0.0.1:%d;" % port).replace("listen [::]:80;", "")
    site = site.replace("root /var/www/mailsim;", "root %s;" % SITE)
    with open(os.path.join(work, "site.conf"), "w") as f:
        f.write(site)
    with open(os.path.join(work, "nginx.conf"), "w") as f:
        f.write("daemon off; pid %s/nginx.pid; error_log %s/error.log; events {}\n"
                "http { access_log off; client_body_temp_path %s; proxy_temp_path %s; fastcgi_temp_path %s;"
                " uwsgi_temp_path %s; scgi_temp_path %s; include %s/site.conf; }\n" % ((work,) * 7 + (work,)))
    test = subprocess.run([NGINX, "-t", "-p", work, "-c", os.path.join(work, "nginx.conf")], capture_output=True,
                          text=True)
    check("nginx -t passes the shipped site", test.returncode == 0, test.stderr)
    server = subprocess.Popen([NGINX, "-p", work, "-c", os.path.join(work, "nginx.conf")],
                              stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), 1).close()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    print("FAIL nginx did not listen:", server.stderr.read() if server.poll() is not None else "")
                    return 1
                time.sleep(0.05)

        def get(path, method="GET", headers=None):
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            c.request(method, path, headers=headers or {})
            r = c.getresponse()
            body = r.read()
            c.close()
            return r, body

        with open(os.path.join(SITE, "site.json")) as f:
            build = json.load(f)["build"]
        folder = "/v/%s/" % build
        with open(os.path.join(SITE, "v", build, "mailsim.wasm"), "rb") as f:
            wasm = f.read()
        r, body = get(folder + "mailsim.wasm", headers={"Accept-Encoding": "gzip"})
        check("the module is application/wasm", r.getheader("Content-Type") == "application/wasm",
              r.getheader("Content-Type"))
        check("the module is compressed", r.getheader("Content-Encoding") == "gzip", r.getheader("Content-Encoding"))
        check("the compressed module is the module", gzip.decompress(body) == wasm)
        check("compressed it is under half its size", len(body) < len(wasm) / 2, "%d of %d" % (len(body), len(wasm)))
        policy = r.getheader("Content-Security-Policy") or ""
        check("the policy lets the page compile WebAssembly and nothing else",
              "script-src 'self' 'wasm-unsafe-eval';" in policy and "unsafe-inline" not in policy, policy)
        immutable = "public, max-age=31536000, immutable"
        check("a version folder's file is kept a year unasked", r.getheader("Cache-Control") == immutable,
              r.getheader("Cache-Control"))
        for path in ("/", "/index.html", "/sw.js", "/site.json", "/manifest.webmanifest", "/icon-192.png"):
            r, _ = get(path)
            check("%s is asked again at each use (no-cache), with the policy" % path, r.status == 200
                  and r.getheader("Cache-Control") == "no-cache"
                  and "'wasm-unsafe-eval'" in (r.getheader("Content-Security-Policy") or ""),
                  (path, r.status, r.getheader("Cache-Control")))
        for name in ("playground.js", "playground.css", "mailsim.mjs"):
            r, _ = get(folder + name)
            check("%s%s is immutable too, with the policy" % (folder, name), r.status == 200
                  and r.getheader("Cache-Control") == immutable
                  and "'wasm-unsafe-eval'" in (r.getheader("Content-Security-Policy") or ""),
                  (name, r.status, r.getheader("Cache-Control")))
        r, _ = get("/site.json")
        check("site.json is JSON", (r.getheader("Content-Type") or "").startswith("application/json"),
              r.getheader("Content-Type"))
        r, body = get("/")
        check("the page is served at /", r.status == 200 and b'<meta name="mailsim-version" content="' in body)
        check("the page names its version", re.search(rb'name="mailsim-version" content="[0-9][^"]*"', body) is not None)
        r, _ = get(folder + "mailsim.mjs")
        check("the loader is JavaScript", (r.getheader("Content-Type") or "").startswith("text/javascript"))
        r, _ = get("/manifest.webmanifest")
        check("the manifest has its type", (r.getheader("Content-Type") or "").startswith("application/manifest+json"))
        r, _ = get("/sw.js")
        check("the service worker is JavaScript", r.status == 200 and
              (r.getheader("Content-Type") or "").startswith("text/javascript"))
        r, _ = get("/", method="POST")
        check("a POST is refused", r.status == 403, r.status)
        r, _ = get("/nothing-here")
        check("an unknown file is 404", r.status == 404, r.status)
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(work, ignore_errors=True)
    print("static site: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
