// The page's Record against `mailsim record` (make test's `wasm` step; docs/playground.md, "Recording in the page"):
// every script under Scripts/ that needs no files is recorded by the module (mailsim.mjs's Recording, in Node) and by
// the native binary, each under the script's own file name. The HTML players must be the same bytes, and the GIF's
// frames as many as the player's; the module's GIF, drawn here from flat pixels (Node has no SVG renderer: the
// browser's drawing is Tests/playground/test_record.py's), must be a whole GIF of that many frames; no trap.
//
//   node Tests/wasm/record.mjs NATIVE_MAILSIM WASM_DIR SCRIPTS_DIR
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { moduleFolder } from "./site-module.mjs";
import { scripts, touchesFiles } from "./scripts.mjs";

const [nativeArg, wasmDir, scriptsDir] = process.argv.slice(2);
const native = nativeArg && resolve(nativeArg);
if (!nativeArg || !wasmDir || !scriptsDir) {
  console.error("usage: node record.mjs NATIVE_MAILSIM WASM_DIR SCRIPTS_DIR");
  process.exit(2);
}
const { Recording } = await import(pathToFileURL(join(moduleFolder(wasmDir), "mailsim.mjs")).href);



/** The GIF's image descriptors (0x2C blocks), counted by walking its blocks. */
function gifFrames(bytes) {
  const text = String.fromCharCode(...bytes.subarray(0, 6));
  if (text !== "GIF89a") throw new Error("not a GIF89a: " + text);
  let at = 13 + (bytes[10] & 0x80 ? 3 * (2 << (bytes[10] & 7)) : 0);
  let frames = 0;
  for (;;) {
    const block = bytes[at++];
    if (block === 0x3b) return frames;
    if (block === 0x21) {
      at++;
      while (bytes[at]) at += bytes[at] + 1;
      at++;
    } else if (block === 0x2c) {
      frames++;
      const flags = bytes[at + 8];
      at += 9 + (flags & 0x80 ? 3 * (2 << (flags & 7)) : 0) + 1;
      while (bytes[at]) at += bytes[at] + 1;
      at++;
    } else {
      throw new Error(`a block 0x${block.toString(16)} at ${at - 1}`);
    }
  }
}

const work = mkdtempSync(join(tmpdir(), "mailsim-record-"));
let passed = 0, failed = 0, skipped = 0, frames = 0, refused = 0;
const began = performance.now();
for (const path of scripts(scriptsDir)) {
  const text = readFileSync(path, "utf8");
  if (touchesFiles.test(text)) { skipped++; continue; }
  const name = basename(path);
  const out = join(work, "native.html");
  rmSync(out, { force: true });
  const run = spawnSync(native, ["record", name, "-o", out], { cwd: join(path, ".."), encoding: "utf8" });
  let problem = null;
  try {
    let wrote = false;
    try { wrote = statSync(out).isFile(); } catch { /* no player written */ }
    let recording;
    try {
      recording = await Recording.create({ script: text, file: name, scale: 1 });
    } catch (error) {
      // Refused by both (a walkthrough past the bounds): the page with words, and no trap.
      if (!wrote && error.status === 2) { passed++; refused++; continue; }
      throw error;
    }
    if (!wrote) throw new Error("mailsim record wrote no player: " + run.stderr.trim());
    if (recording.player() !== readFileSync(out, "utf8")) throw new Error("the players differ");
    const count = recording.figures.frames;
    const flat = (d) => new Uint8Array(d.width * d.height * 4).fill(255);
    for (let k = 0; k < count; k++) recording.add(flat(recording.drawing(k)));
    const coded = gifFrames(recording.gif());
    if (coded < 1 || coded > count) throw new Error(`the GIF has ${coded} images for ${count} frames`);
    frames += count;
    recording.close();
    passed++;
  } catch (error) {
    problem = error;
  }
  if (problem) {
    failed++;
    console.log(`FAIL  ${path}: ${problem.message}`);
  }
}
rmSync(work, { recursive: true, force: true });
const seconds = ((performance.now() - began) / 1000).toFixed(1);
console.log(`record: ${passed + failed} scripts (${skipped} that touch files left out, ${refused} refused by both), ` +
  `${frames} frames, ${seconds} s`);
console.log(`record: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
