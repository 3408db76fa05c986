#!/usr/bin/env python3
"""Prints the table of Benchmarks/run.sh's figures (hyperfine JSON and counts in RESULTS) as Markdown.

    summary.py RESULTS LINES MAILSIM [BASELINE [LABEL]]
"""
import glob
import json
import statistics
import sys

results, lines, mailsim = sys.argv[1], int(sys.argv[2]), sys.argv[3]
baseline = sys.argv[4] if len(sys.argv) > 4 and sys.argv[4] else None
label = sys.argv[5] if len(sys.argv) > 5 and sys.argv[5] else "baseline"
# The Scripts folder both binaries ran in the suite's last two rows: the baseline's own (run.sh).
base_scripts = sys.argv[6] if len(sys.argv) > 6 and sys.argv[6] else ".base/Scripts"
FRAMES = 864_000


def runs(name):
    """Each command of a hyperfine run: its text → (mean, stddev, min) in seconds."""
    data = json.load(open(f"{results}/{name}.json"))["results"]
    return {r["command"]: (r["mean"], r["stddev"] or 0.0, r["min"]) for r in data}


def find(table, *words):
    """The figures of the command that contains every word (binary and script names)."""
    for command, figures in table.items():
        if all(w in command for w in words):
            return figures
    return None


def counts(name):
    """`label number` lines → {label: number}."""
    out = {}
    try:
        for line in open(f"{results}/{name}"):
            parts = line.split()
            if len(parts) == 2 and parts[1].isdigit():
                out[parts[0]] = int(parts[1])
    except FileNotFoundError:
        pass
    return out


def ms(seconds):
    return f"{seconds * 1000:.2f} ms"


def timing(figures):
    mean, sd, low = figures
    return f"{ms(mean)} ± {sd * 1000:.2f} (min {ms(low)})"


rows = []  # (what, mailsim, baseline or reference, target)

# Start-up.
startup = runs("startup")
ours = find(startup, mailsim, "five.mbs")
sqlite = find(startup, "sqlite3")
lua = find(startup, "lua5.4")
python = find(startup, "-c pass")
base = find(startup, baseline, "five.mbs") if baseline else None
ins = counts("startup-instructions.txt")
rows.append(("start-up: `mailsim run` of a five-line script", timing(ours), timing(base) if base else "", ""))
if sqlite:
    rows.append(("start-up: `sqlite3 :memory: .quit`", timing(sqlite), "", ""))
    rows.append(("start-up: mailsim ÷ sqlite3 (mean; min)",
                 f"{ours[0] / sqlite[0]:.2f}×; {ours[2] / sqlite[2]:.2f}×",
                 f"{base[0] / sqlite[0]:.2f}×; {base[2] / sqlite[2]:.2f}×" if base else "", "≤ 1.2×"))
rounds = sorted(glob.glob(f"{results}/startup-round-*.json"))
if rounds and sqlite:
    ratios, base_ratios = [], []
    for path in rounds:
        table = runs(path[len(results) + 1:-len(".json")])
        ratios.append(find(table, mailsim, "five.mbs")[0] / find(table, "sqlite3")[0])
        if baseline:
            base_ratios.append(find(table, baseline, "five.mbs")[0] / find(table, "sqlite3")[0])
    rows.append((f"start-up: mailsim ÷ sqlite3, median of {len(rounds)} rounds side by side",
                 f"{statistics.median(ratios):.2f}× (rounds {min(ratios):.2f}–{max(ratios):.2f})",
                 f"{statistics.median(base_ratios):.2f}×" if base_ratios else "", "≤ 1.2×"))
if lua:
    rows.append(("start-up: `lua5.4 -e ''`", timing(lua), "", ""))
if python:
    rows.append(("start-up: `python3 -c pass`", timing(python), "", ""))
if "mailsim" in ins:
    rows.append(("start-up: instructions (callgrind)", f"{ins['mailsim']:,}",
                 f"{ins['baseline']:,}" if "baseline" in ins else "",
                 f"sqlite3 {ins['sqlite3']:,}" if "sqlite3" in ins else ""))

# Throughput and memory.
throughput = runs("throughput")
ours = find(throughput, mailsim, "gestures")
base = find(throughput, baseline, "gestures") if baseline else None
rows.append((f"{lines:,}-line gesture script: time", timing(ours), timing(base) if base else "", ""))
rows.append(("… lines per second (mean; fastest run)", f"{lines / ours[0]:,.0f}; {lines / ours[2]:,.0f}",
             f"{lines / base[0]:,.0f}; {lines / base[2]:,.0f}" if base else "", "≥ 1,100,000"))
reference_rounds = sorted(glob.glob(f"{results}/reference-round-*.json"))
if reference_rounds:
    speeds, ratios = [], []
    for path in reference_rounds:
        table = runs(path[len(results) + 1:-len(".json")])
        reference, mine = find(table, "reference.py"), find(table, mailsim, "gestures")
        speeds.append(lines / reference[0])
        ratios.append(reference[0] / mine[0])
    rows.append((f"… the Python reference model on the same file (`Benchmarks/reference.py`), {len(speeds)} rounds",
                 f"{statistics.median(speeds):,.0f} lines a second (rounds {min(speeds):,.0f}–{max(speeds):,.0f})", "", ""))
    rows.append((f"… mailsim ÷ the reference model, in speed, median of {len(ratios)} rounds side by side",
                 f"{statistics.median(ratios):.1f}× (rounds {min(ratios):.1f}–{max(ratios):.1f})", "", "≥ 25×"))
wc = runs("throughput-wc")
wc = next(iter(wc.values())) if wc else None
if wc:
    rows.append(("… `wc -w` on the same file", f"{timing(wc)}: {lines / wc[0]:,.0f} lines a second", "", ""))
peak = counts("peak.txt")
rows.append(("… peak memory (max RSS)", f"{peak.get('mailsim', 0) / 1024:.1f} MiB",
             f"{peak['baseline'] / 1024:.1f} MiB" if "baseline" in peak else "", "≤ 64 MiB"))
ins = counts("throughput-instructions.txt")
if "mailsim" in ins:
    rows.append(("… instructions a line (first 100,000 lines, callgrind)", f"{ins['mailsim'] / 100_000:,.0f}",
                 f"{ins['baseline'] / 100_000:,.0f}" if "baseline" in ins else "", ""))

# A pan frame: 864,000 frames in one pan, less a five-line run's start-up.
frames = runs("frames")
per_frame = (find(frames, "frames.mbs")[0] - find(frames, "five.mbs")[0]) / FRAMES
rows.append(("one pan frame (864,000 in one `pan`)", f"{per_frame * 1e9:.0f} ns", "", "< 1 µs"))

# Advance: its cost does not depend on its length; with animations pending it runs each to its end.
advance = runs("advance")
short, long_ = find(advance, "advance-short")[0], find(advance, "advance-long")[0]
rows.append(("10,000 × `advance 0.001` / 10,000 × `advance 100000`", f"{ms(short)} / {ms(long_)}", "",
             "the same"))
pending = find(advance, mailsim, "pending-advance")[0] - find(advance, mailsim, "pending.mbs")[0]
base_pending = None
if baseline and find(advance, baseline, "pending.mbs"):
    base_pending = find(advance, baseline, "pending-advance")[0] - find(advance, baseline, "pending.mbs")[0]
rows.append(("one `advance 1000000000` past what is running after 500 rows released 0.1 s apart", ms(max(0.0, pending)),
             ms(max(0.0, base_pending)) if base_pending is not None else "", "O(n log n)"))

# Queries on a 500-message screen, all 500 released, the last ones' animations running.
queries = runs("queries")


def per(binary, script, setup, count):
    a, b = find(queries, binary, f"/{script}.mbs"), find(queries, binary, f"/{setup}.mbs")
    return max(0.0, a[0] - b[0]) / count if a and b else None


for what, script, setup, count in (("`state`", "state", "queries-setup", 20),
                                    ("`timeline` (about 3,000 entries)", "timeline", "queries-setup", 20),
                                    ("`expect msgN.y`", "y", "y-setup", 2000)):
    ours = per(mailsim, script, setup, count)
    base = per(baseline, script, setup, count) if baseline else None
    unit = (lambda s: f"{s * 1e6:.1f} µs") if count > 100 else ms
    rows.append((f"one {what}, 500 messages, all released", unit(ours), unit(base) if base is not None else "",
                 "linear"))

# The acceptance suite.
suite = runs("suite")
ours = find(suite, mailsim, "test Scripts")
one = find(suite, mailsim, "--jobs 1")
rows.append(("`mailsim test Scripts` (all cores / --jobs 1)", f"{ms(ours[0])} / {ms(one[0])}",
             "" if baseline else "", "< 0.5 s"))
if baseline:
    # Both binaries on the baseline's own Scripts: the same work.
    base = find(suite, baseline + " test " + base_scripts)
    same = find(suite, mailsim + " test " + base_scripts)
    rows.append(("`mailsim test` on the baseline's Scripts", ms(same[0]), ms(base[0]), "< 0.5 s"))

print("| figure | mailsim | " + (f"{label} | " if baseline else "") + "target |")
print("|---|---|" + ("---|" if baseline else "") + "---|")
for what, value, other, target in rows:
    print(f"| {what} | {value} | " + (f"{other} | " if baseline else "") + f"{target} |")
