#!/usr/bin/env python3
"""`mailsim run --trace-events FILE` checked against Chrome's Trace Event Format (python3's standard library only).

Usage: python3 Tests/trace/test_trace_events.py PATH/TO/mailsim

The document "Trace Event Format" (JSON Object Format): {"traceEvents": [...], "displayTimeUnit": "ms"}; every
event has name, ph, ts (microseconds), pid and tid; a complete event (ph X) has dur; an instant event (ph i) has
its scope s; metadata events (ph M) named process_name or thread_name carry args.name. The times are the
simulation's virtual time, so a known script has exactly the durations SPEC §2 and §3 give.
"""
import json
import os
import subprocess
import sys
import tempfile

MAILSIM = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/mailsim")
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def run(folder, scripts, *extra):
    """Writes the scripts, runs them with --trace-events; (exit status, stderr, the parsed file or None)."""
    paths = []
    for name, text in scripts:
        path = os.path.join(folder, name)
        with open(path, "w") as f:
            f.write(text)
        paths.append(path)
    out = os.path.join(folder, "trace.json")
    if os.path.exists(out):
        os.remove(out)
    result = subprocess.run([MAILSIM, "run", "--trace-events", out, *extra, *paths], capture_output=True, text=True)
    trace = None
    if os.path.exists(out):
        with open(out) as f:
            trace = json.load(f)
    return result.returncode, result.stderr, trace, paths


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def validate(trace, label):
    """The format's documented fields, on every event."""
    check(isinstance(trace, dict), f"{label}: the file is a JSON object")
    check(trace.get("displayTimeUnit") == "ms", f"{label}: displayTimeUnit is ms")
    events = trace.get("traceEvents")
    check(isinstance(events, list) and events, f"{label}: traceEvents is a non-empty list")
    for event in events or []:
        where = f"{label}: {event}"
        for field in ("name", "ph", "ts", "pid", "tid"):
            check(field in event, f"{where}: has {field}")
        check(isinstance(event.get("name"), str), f"{where}: name is a string")
        check(is_number(event.get("ts")) and event["ts"] >= 0, f"{where}: ts is a number of microseconds")
        check(isinstance(event.get("pid"), int) and isinstance(event.get("tid"), int), f"{where}: pid and tid are integers")
        ph = event.get("ph")
        check(ph in ("X", "i", "M"), f"{where}: ph is X, i or M")
        if ph == "X":
            check(is_number(event.get("dur")) and event["dur"] >= 0, f"{where}: a complete event has dur >= 0")
            check(isinstance(event.get("args"), dict), f"{where}: args")
            for key in ("from", "to", "curve"):
                check(key in event.get("args", {}), f"{where}: args.{key}")
        elif ph == "i":
            check(event.get("s") in ("g", "p", "t"), f"{where}: an instant event has its scope s")
        elif ph == "M":
            check(event["name"] in ("process_name", "thread_name"), f"{where}: metadata is process_name or thread_name")
            check(isinstance(event.get("args", {}).get("name"), str), f"{where}: metadata has args.name")
    return events or []


def complete(events, name):
    return [e for e in events if e.get("ph") == "X" and e["name"] == name]


def main():
    with tempfile.TemporaryDirectory(prefix="mailsim-trace-") as folder:
        # SPEC §2: released at -180 (the yellow zone) the row slides to -320 over 0.3, then the reschedule
        # overlay fades in over 0.3; choose fades it out over 0.3, then the hide: height 86 → 0 over 0.3.
        status, stderr, trace, paths = run(folder, [("swipe.mbs", "pan msg1 -180\nrelease\nsettle\nchoose tomorrow\nsettle\n")])
        check(status == 0, f"swipe: exit 0 (got {status}: {stderr})")
        events = validate(trace, "swipe")
        slide = complete(events, "msg1.x")
        check(len(slide) == 1 and slide[0]["ts"] == 300000 and slide[0]["dur"] == 300000,
              f"swipe: msg1.x from 0.3 s for 0.3 s ({slide})")
        if slide:
            args = slide[0]["args"]
            check(args["from"] == -180 and args["to"] == -320 and args["curve"] == "easeInOut", f"swipe: msg1.x args {args}")
            check(isinstance(slide[0]["ts"], int) and isinstance(slide[0]["dur"], int), "swipe: exact microseconds are integers")
        fades = complete(events, "overlay.alpha")
        check([(e["ts"], e["dur"], e["args"]["from"], e["args"]["to"]) for e in fades] == [(600000, 300000, 0, 1), (900000, 300000, 1, 0)],
              f"swipe: the overlay fades in at 0.6 s and out at 0.9 s, 0.3 s each ({fades})")
        hide = complete(events, "msg1.height")
        check([(e["ts"], e["dur"], e["args"]["to"]) for e in hide] == [(1200000, 300000, 0)], f"swipe: the hide at 1.2 s ({hide})")
        names = {(e["name"], e["args"]["name"]) for e in events if e["ph"] == "M"}
        check(("process_name", paths[0]) in names, f"swipe: the process is named by the script's path ({names})")
        check(("thread_name", "msg1") in names and ("thread_name", "overlay") in names, f"swipe: a track per view ({names})")
        tracks = {e["args"]["name"]: e["tid"] for e in events if e["name"] == "thread_name"}
        for e in events:
            if e["ph"] != "M":
                check(e["tid"] in tracks.values(), f"swipe: every event's track is named ({e})")
        msg1 = tracks.get("msg1")
        check(all(e["tid"] == msg1 for e in slide + hide), "swipe: msg1's animations are on msg1's track")
        instants = [e for e in events if e["ph"] == "i"]
        check(any(e["name"] == "pan began at 0" and e["ts"] == 0 and e["tid"] == msg1 for e in instants), "swipe: the pan began at 0")
        check(any(e["args"].get("event") == "thresholdCrossed" and e["ts"] == 100000 for e in instants),
              "swipe: the threshold -60 is crossed at 0.1 s (-180 over 0.3 s)")

        # SPEC §2: a snap back (|x| < 60) over 0.3; §2 Menu: an edge pan released opening goes to 280 over 0.4.
        status, stderr, trace, _ = run(folder, [("snap.mbs", "pan msg2 40\nrelease\nsettle\nedgepan 200\nrelease 100\nsettle\n")])
        check(status == 0, f"snap: exit 0 (got {status}: {stderr})")
        events = validate(trace, "snap")
        snap = complete(events, "msg2.x")
        check([(e["ts"], e["dur"], e["args"]["to"]) for e in snap] == [(300000, 300000, 0)], f"snap: msg2.x back to 0 over 0.3 s ({snap})")
        menu = complete(events, "content.x")
        check([(e["dur"], e["args"]["to"]) for e in menu] == [(400000, 280)], f"snap: content.x to 280 over 0.4 s ({menu})")
        check([e["ts"] for e in menu] == [900000], f"snap: the menu opens from 0.9 s ({menu})")

        # Several scripts: a process each; a failed expectation still writes the file and run's status is kept.
        status, stderr, trace, paths = run(folder, [("a.mbs", "pan msg1 -30\nrelease\nsettle\n"),
                                                    ("b.mbs", "pan msg1 -30\nrelease\nexpect msg1.x == 5\nsettle\n")])
        check(status == 1, f"two scripts: exit 1 for the failed expectation (got {status})")
        events = validate(trace, "two scripts") if trace else []
        processes = sorted((e["pid"], e["args"]["name"]) for e in events if e["name"] == "process_name" and e["ph"] == "M")
        check(processes == [(1, paths[0]), (2, paths[1])], f"two scripts: one process each ({processes})")

        # Nothing is dropped: more entries than the timeline keeps (10 000) are all in the file.
        loops = 4000
        status, stderr, trace, _ = run(folder, [("long.mbs", "pan msg1 -30 in 0\nrelease\nsettle\n" * loops)])
        check(status == 0, f"long: exit 0 (got {status}: {stderr})")
        events = validate(trace, "long") if trace else []
        snaps = complete(events, "msg1.x")
        check(len(snaps) == loops, f"long: every one of the {loops} snap backs is there (got {len(snaps)})")
        check(all(b["ts"] >= a["ts"] + a["dur"] for a, b in zip(snaps, snaps[1:])), "long: the snap backs follow one another")

        # An error in the script: the file is still written, the status is run's.
        status, stderr, trace, _ = run(folder, [("bad.mbs", "pan msg1 -100\nrelease\nfrobnicate\n")])
        check(status == 2 and trace is not None, f"bad: exit 2 and the file written (got {status}, {trace is not None})")

        # A file that cannot be written: exit 2 and a message naming it.
        target = os.path.join(folder, "no-such-folder", "trace.json")
        result = subprocess.run([MAILSIM, "run", "--trace-events", target, paths[0]], capture_output=True, text=True)
        check(result.returncode == 2 and target in result.stderr, f"unwritable: exit 2 naming the file ({result.returncode}, {result.stderr!r})")

    if failures:
        for failure in failures:
            print("FAIL", failure)
        print(f"trace events: {len(failures)} failed")
        sys.exit(1)
    print("trace events: all checks passed")


if __name__ == "__main__":
    main()
