// mailsim.mjs as a program uses it (make test's `wasm` step): Session's answers and errors, the playground's
// messages, the bounds a line meets natively, and the module's size budget (docs/playground.md).
//
//   node Tests/wasm/module.mjs SITE_DIR       (make site's folder: the module is in its version folder)
import { statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import assert from "node:assert/strict";
import { moduleFolder } from "./site-module.mjs";

const site = moduleFolder(process.argv[2]);
const { Session, Playground, Grading, MailsimError } = await import(pathToFileURL(join(site, "mailsim.mjs")).href);
const checks = [];
const check = (name, body) => checks.push({ name, body });

check("a gesture prints nothing and an expect that holds prints nothing", async () => {
  const s = await Session.create({ file: "first.mbs" });
  assert.equal(s.execute("pan msg1 -180"), "");
  assert.equal(s.execute("expect msg1.background == yellow"), "");
  assert.equal(s.line, 2);
});

check("state --json prints the JSON object, as mailsim run does", async () => {
  const s = await Session.create();
  s.execute("pan msg1 -100");
  const state = JSON.parse(s.execute("state --json"));
  assert.equal(state.properties["msg1.x"], -100);
});

check("a failed expect throws its words with the file and line, status 1, and the session goes on", async () => {
  const s = await Session.create({ file: "first.mbs" });
  s.execute("pan msg1 -40");
  assert.throws(() => s.execute("expect msg1.background == yellow"), (e) =>
    e instanceof MailsimError && e.status === 1 &&
    e.message === "first.mbs:2: expected msg1.background == yellow, got gray #B2B2B2");
  assert.equal(s.execute("release"), "");
});

check("an unknown command throws the did-you-mean error, status 2, and changes nothing", async () => {
  const s = await Session.create({ file: "a.mbs" });
  const before = s.execute("state --json");
  assert.throws(() => s.execute("pna msg1 -180"), (e) =>
    e.status === 2 && e.message === "a.mbs:2: error: unknown command 'pna' (did you mean 'pan'?)");
  assert.equal(s.execute("state --json"), before);
});

check("finish says a finger still down is an error at the last line", async () => {
  const s = await Session.create({ file: "b.mbs" });
  s.execute("pan msg1 -100");
  assert.throws(() => s.finish(), (e) => e.status === 2 && /^b\.mbs:1: error: /.test(e.message));
});

check("trace prints the timeline as mailsim run --trace does", async () => {
  const s = await Session.create({ trace: true });
  const out = s.execute("pan msg1 -180");
  assert.match(out, /^ {3}0\.000 {2}msg1 pan began at 0$/m);
});

check("a line over the 16 MiB bound is refused with mailsim run's words, and the session goes on", async () => {
  const s = await Session.create({ file: "big.mbs" });
  assert.throws(() => s.execute("# " + "x".repeat(16 * 1024 * 1024 + 10)), (e) =>
    e.status === 2 && e.message === "big.mbs:1: error: line longer than 16 MiB");
  assert.equal(s.execute("pan msg1 -10"), "");
});

check("snapshot and export need the native front end's files: a clear error", async () => {
  const s = await Session.create({ file: "c.mbs" });
  assert.throws(() => s.execute("snapshot a.png"), (e) => e.status === 2 && /snapshot/.test(e.message));
});

check("the playground opens with hello, the screen and the script, and a drag makes script lines", async () => {
  const p = await Playground.create();
  assert.deepEqual(p.opening.map((m) => m.type), ["hello", "screen", "script"]);
  p.send({ type: "down", x: 160, y: 190, t: 0 });
  for (let i = 1; i <= 10; i++) p.send({ type: "move", x: 160 - 18 * i, y: 190, t: 16 * i });
  const up = p.send({ type: "up", x: -20, y: 190, t: 176 });
  const script = up.find((m) => m.type === "script");
  assert.ok(script && script.lines.some((l) => /^pan msg1 /.test(l)), JSON.stringify(script));
  // The first screen is whole; a pointer event's is a patch of the one before it (docs/playground.md, Protocol).
  const first = p.opening.find((m) => m.type === "screen").phones[0];
  assert.ok(first.svg.startsWith("<?xml") && first.frame === 1, JSON.stringify(first).slice(0, 200));
  const released = up.find((m) => m.type === "screen").phones[0];
  assert.ok(released.svg === undefined && released.base === released.frame - 1 && Array.isArray(released.nodes),
    JSON.stringify(released).slice(0, 300));
});

check("a refused start script says why, as mailsim run would", async () => {
  await assert.rejects(Playground.create({ script: "pna msg1 3\n" }), (e) =>
    e.status === 2 && /unknown command 'pna'/.test(e.message));
});

check("a message that is not JSON is answered with an error, and the session goes on", async () => {
  const p = await Playground.create();
  const answer = p.send("{not json");
  assert.equal(answer.length, 1);
  assert.equal(answer[0].type, "error");
  assert.ok(p.send({ type: "shake" }).length > 0);
});

check("two sessions are separate", async () => {
  const [a, b] = [await Session.create(), await Session.create()];
  a.execute("pan msg1 -100");
  assert.equal(JSON.parse(b.execute("state --json")).properties["msg1.x"], 0);
});

check("a trap breaks only its instance: status 3 with the reason, then every call says so", async () => {
  const s = await Session.create();
  s.execute("pan msg1 -100");
  // A trap as the engine raises it (an `unreachable`, Swift's precondition failure) in the next call.
  const real = s.instance.exports;
  s.instance.exports = {
    ...real, mailsim_console_execute: () => { throw new WebAssembly.RuntimeError("unreachable"); },
  };
  assert.throws(() => s.execute("release"), (e) =>
    e instanceof MailsimError && e.status === 3 && e.reason === "unreachable" &&
    e.message === "error: the simulation stopped (unreachable): reload to go on");
  s.instance.exports = real;
  assert.throws(() => s.execute("state"), (e) => e.status === 3);
  const other = await Session.create();
  assert.equal(other.execute("pan msg1 -10"), "");
});

check("Grading refuses what the page does not grade in mailsim grade's words, before decoding anything", async () => {
  const gif = (w, h) => new Uint8Array([...new TextEncoder().encode("GIF89a"), w & 255, w >> 8, h & 255, h >> 8, 0xf7, 0, 0,
    0, 0, 0]);
  assert.deepEqual(await Grading.check(gif(320, 568), 1000), { width: 320, height: 568 });
  await assert.rejects(Grading.check(gif(65535, 65535), 1000), (e) => e instanceof MailsimError && e.status === 2 &&
    e.message === "the picture is 65,535 × 65,535 pixels; grade reads pictures up to 4,096 pixels a side and " +
      "4,194,304 pixels in all");
  await assert.rejects(Grading.check(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]), 8),
    (e) => e.status === 2 && /PNG/.test(e.message));
  await assert.rejects(Grading.check(gif(320, 568), 2 ** 40), (e) => /grade reads files up to 268,435,456 bytes/.test(e.message));
  await assert.rejects(Grading.check(new Uint8Array(0), 0), (e) => /the file is empty/.test(e.message));
  await assert.rejects(Grading.create({ width: 320, height: 568, frames: 0 }), (e) => e.message === "the GIF has no frames");
  await assert.rejects(Grading.create({ width: 320, height: 568, frames: 20001 }),
    (e) => e.message === "the walkthrough has more than 20,000 frames; grade reads up to 20,000");
  await assert.rejects(Grading.create({ width: -1, height: 568, frames: 1 }), (e) => /it has no pixels/.test(e.message));
});

check("Grading reads frames as mailsim grade does: a short delay is 10 cs, a wrong size is refused and changes nothing",
  async () => {
    const g = await Grading.create({ width: 4, height: 2, frames: 3 });
    const white = new Uint8Array(4 * 2 * 4).fill(255);
    assert.throws(() => g.add(white.subarray(0, 12), 15), (e) => e.status === 2 &&
      e.message === "frame 1 is 12 bytes; a 4 × 2 picture's RGBA is 32");
    g.add(white, 15);
    g.add(white, 0);
    g.add(white, 1);
    assert.throws(() => g.add(white, 15), (e) => e.status === 2);
    const { report, frames } = g.report("w.gif", "- [x] Optional: Shake to undo");
    assert.equal(report.file, "w.gif");
    assert.equal(report.frames, 3);
    assert.equal(report.seconds, 0.35);
    assert.equal(Object.keys(report.stories).length, 17);
    assert.ok(Object.values(report.stories).every((s) => s.seen !== true));
    assert.deepEqual(report.readme.claimed, ["undo"]);
    assert.deepEqual(frames, []);
    assert.match(g.page("w.gif"), /^<!doctype html>/);
    g.close();
  });

check("the module is within its size budget (2 MiB raw)", async () => {
  const size = statSync(join(site, "mailsim.wasm")).size;
  assert.ok(size <= 2 * 1024 * 1024, `${size} bytes`);
});

let passed = 0, failed = 0;
for (const { name, body } of checks) {
  try {
    await body();
    passed++;
  } catch (error) {
    failed++;
    console.log(`FAIL ${name}\n  ${String(error && error.stack || error).split("\n").slice(0, 6).join("\n  ")}`);
  }
}
console.log(`module: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
