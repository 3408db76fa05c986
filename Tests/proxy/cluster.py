"""Playground servers behind nginx, set up as deploy/nginx/mailsim-playground.conf sets them up, for the proxy test
(Tests/proxy/test_proxy.py) and the class benchmark (Benchmarks/playground_class.py).

The nginx configuration is derived from the deployed site, not written anew: its `map`, its `upstream` (with these
servers' ports) and its HTTPS `server` block with every `location` as it is, listening on a free port of 127.0.0.1
with a self-signed certificate (openssl) for the public name playground.test. Each server runs with
`--trusted-proxy 127.0.0.1 --public-origin https://playground.test:PORT`, as docs/deploy.md says.
"""
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# MAILSIM_PROXY_SITE: another site to test (an older one, to see a test fail before its fix).
SITE = os.environ.get("MAILSIM_PROXY_SITE") or os.path.join(ROOT, "deploy", "nginx", "mailsim-playground.conf")
NAME = "playground.test"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(condition, seconds, what):
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out after %g s waiting for %s" % (seconds, what))
        time.sleep(0.02)


def site_config(site_text, ports, listen_port, certificate, key):
    """The deployed site with these servers and this port: all of it (map, zones, upstream with its balancing, the
    server with each location as it is) on TLS, as `certbot --nginx` leaves it, but for a redirecting server (one
    whose only answer is `return 301`), which the test does not use. The site as shipped is plain HTTP (it must pass
    `nginx -t` before a certificate exists); an older one had its own TLS server: either is taken."""
    blocks = re.findall(r"^server \{\n.*?^}\n", site_text, flags=re.S | re.M)
    text = site_text
    for block in blocks:
        if re.search(r"^\s*return 301 ", block, re.M) and "proxy_pass" not in block:
            text = text.replace(block, "")
    upstream = re.search(r"^upstream \w+ \{\n(.*?)^}\n", text, re.S | re.M)
    body = upstream.group(1)
    first = re.search(r"^( *)server 127\.0\.0\.1:\d+( [^;]*)?;\n", body, re.M)
    options = first.group(2) or ""
    servers = "".join("    server 127.0.0.1:%d%s;\n" % (port, options) for port in ports)
    body = re.sub(r"^ *#? *server 127\.0\.0\.1:\d+[^\n]*\n", "", body, flags=re.M)
    body = body[:first.start()] + servers + body[first.start():] if first.start() <= len(body) else body + servers
    text = text[:upstream.start(1)] + body + text[upstream.end(1):]
    text = re.sub(r"\n *ssl_certificate(_key)? [^;]+;", "", text)
    text = re.sub(r"\n *listen \[::\]:(80|443)[^;]*;", "", text)
    text = re.sub(r"listen (80|443 ssl);", "listen 127.0.0.1:%d ssl;\n    ssl_certificate %s;\n    ssl_certificate_key %s;"
                  % (listen_port, certificate, key), text, count=1)
    text = re.sub(r"server_name [^;]+;", "server_name %s;" % NAME, text)
    assert "listen 127.0.0.1:%d ssl;" % listen_port in text and "listen 80" not in text, text
    return text


class Cluster:
    """COUNT `mailsim-playground` servers on free ports and nginx in front of them (TLS on a free port).
    `server_args` are added to every server's command line."""

    def __init__(self, server, count=3, server_args=(), nginx_workers=1):
        self.server = os.path.abspath(server)
        self.dir = tempfile.mkdtemp(prefix="mailsim-proxy-")
        os.chmod(self.dir, 0o755)
        self.ports = [free_port() for _ in range(count)]
        self.port = free_port()
        self.origin = "https://%s:%d" % (NAME, self.port)
        self.server_args = list(server_args)
        self.processes = [None] * count
        self.nginx = None
        try:
            for i in range(count):
                self.start_server(i)
            self.start_nginx(nginx_workers)
        except BaseException:
            self.stop()
            raise

    # ---- the servers

    def server_command(self, i):
        return [self.server, "--port", str(self.ports[i]), "--trusted-proxy", "127.0.0.1",
                "--public-origin", self.origin, "--log-format", "json", *self.server_args]

    def start_server(self, i):
        """Starts server I on its port (again, after it was killed) and waits until it listens."""
        log = open(os.path.join(self.dir, "server%d.log" % i), "ab")
        self.processes[i] = subprocess.Popen(self.server_command(i), stdout=log, stderr=log, stdin=subprocess.DEVNULL)
        log.close()
        started = time.monotonic()
        while True:
            if self.processes[i].poll() is not None:
                raise AssertionError("server %d exited (%s): %s" % (i, self.processes[i].returncode, self.log(i)[-2000:]))
            if "playground at" in self.log(i):
                try:
                    socket.create_connection(("127.0.0.1", self.ports[i]), timeout=1).close()
                    return
                except OSError:
                    pass
            if time.monotonic() - started > 30:
                raise AssertionError("server %d did not listen within 30 s: %s" % (i, self.log(i)[-2000:]))
            time.sleep(0.02)

    def log(self, i):
        with open(os.path.join(self.dir, "server%d.log" % i), errors="replace") as f:
            return f.read()

    def pid(self, i):
        return self.processes[i].pid

    def alive(self, i):
        return self.processes[i] is not None and self.processes[i].poll() is None

    def kill(self, i, sig=signal.SIGKILL, wait=10):
        """Sends SIG to server I and waits for it to end; its exit status."""
        self.processes[i].send_signal(sig)
        return self.processes[i].wait(wait)

    # ---- nginx

    def start_nginx(self, workers):
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        certificate, key = os.path.join(self.dir, "cert.pem"), os.path.join(self.dir, "key.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                        "-nodes", "-days", "2", "-subj", "/CN=" + NAME, "-addext", "subjectAltName=DNS:" + NAME,
                        "-keyout", key, "-out", certificate], check=True, capture_output=True)
        with open(SITE) as f:
            site = site_config(f.read(), self.ports, self.port, certificate, key)
        temp = os.path.join(self.dir, "nginx-temp")
        os.makedirs(temp)
        os.chmod(temp, 0o777)
        conf = os.path.join(self.dir, "nginx.conf")
        with open(conf, "w") as f:
            # The main configuration Debian's /etc/nginx/nginx.conf stands for, with room for thousands of sockets
            # (docs/deploy.md says to raise worker_connections there too).
            f.write("""daemon off;
master_process on;
worker_processes %d;
worker_rlimit_nofile 20000;
pid %s/nginx.pid;
error_log %s/error.log warn;
events { worker_connections 10000; }
http {
    access_log off;
    client_body_temp_path %s/body;
    proxy_temp_path %s/proxy;
    fastcgi_temp_path %s/fastcgi;
    uwsgi_temp_path %s/uwsgi;
    scgi_temp_path %s/scgi;
    types { text/html html; }
%s
}
""" % (workers, self.dir, self.dir, temp, temp, temp, temp, temp, indent(site)))
        self.nginx_conf = conf
        log = open(os.path.join(self.dir, "nginx.out"), "ab")
        self.nginx = subprocess.Popen([nginx, "-c", conf, "-p", self.dir, "-e", os.path.join(self.dir, "error.log")],
                                      stdout=log, stderr=log, stdin=subprocess.DEVNULL)
        log.close()

        def listening():
            if self.nginx.poll() is not None:
                with open(os.path.join(self.dir, "nginx.out"), errors="replace") as out:
                    raise AssertionError("nginx exited: " + out.read()[-2000:])
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return True
            except OSError:
                return False
        wait_until(listening, 20, "nginx to listen")

    def nginx_pids(self):
        """nginx's master and its workers (their CPU time is the proxy's)."""
        pids = [self.nginx.pid]
        try:
            with open("/proc/%d/task/%d/children" % (self.nginx.pid, self.nginx.pid)) as f:
                pids += [int(p) for p in f.read().split()]
        except OSError:
            pass
        return pids

    # ---- clients' view

    def ssl_context(self):
        context = ssl.create_default_context(cafile=os.path.join(self.dir, "cert.pem"))
        return context

    def connect_kwargs(self, address=None):
        """websockets.connect's arguments to reach nginx as a browser at the public name does: the name in the URI
        (Host, TLS's SNI and the certificate's name), 127.0.0.1 as where it resolves, from ADDRESS (any of 127/8)."""
        kwargs = dict(host="127.0.0.1", port=self.port, ssl=self.ssl_context(), origin=self.origin, max_size=None,
                      open_timeout=20, ping_interval=None, close_timeout=2, proxy=None)
        if address:
            kwargs["local_addr"] = (address, 0)
        return kwargs

    @property
    def ws_uri(self):
        return "wss://%s:%d/ws" % (NAME, self.port)

    def stop(self):
        for process in [self.nginx, *self.processes]:
            if process is not None and process.poll() is None:
                process.terminate()
        for process in [self.nginx, *self.processes]:
            if process is not None:
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


def indent(text):
    return "".join("    " + line if line.strip() else line for line in text.splitlines(True))


def cpu_seconds(pid):
    """A process's user and system CPU time so far (/proc/PID/stat); 0 once it is gone."""
    try:
        with open("/proc/%d/stat" % pid) as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return 0.0


def rss_mib(pid):
    try:
        with open("/proc/%d/status" % pid) as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0
