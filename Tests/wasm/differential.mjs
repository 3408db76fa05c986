// The page's simulation against the native binary (make test's `wasm` step; docs/playground.md): every script under
// Scripts/ that needs no files, and random scripts from the property tests' generator, run by `mailsim run` and fed
// line by line to mailsim.mjs's Session in Node, and the extreme numbers' scripts (`mailsim-scripts --extremes`:
// every numeric argument and `set` value at its bounds and where 32 and 64 bits part, every command after a clock
// of a billion seconds). Both must print the same, byte for byte: standard output, standard error and the exit
// status, and the module must not trap. The first difference is shown with the line that made it.
//
//   node Tests/wasm/differential.mjs NATIVE_MAILSIM WASM_DIR SCRIPTS_DIR [RANDOM_DIR [EXTREMES_DIR]]
//
// WASM_DIR is make site's folder (the module in its version folder) or make wasm's (the module in it).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { moduleFolder } from "./site-module.mjs";
import { scripts, touchesFiles } from "./scripts.mjs";

const [native, wasmDir, scriptsDir, randomDir, extremesDir] = process.argv.slice(2);
if (!native || !wasmDir || !scriptsDir) {
  console.error("usage: node differential.mjs NATIVE_MAILSIM WASM_DIR SCRIPTS_DIR [RANDOM_DIR [EXTREMES_DIR]]");
  process.exit(2);
}
const { Session } = await import(pathToFileURL(join(moduleFolder(wasmDir), "mailsim.mjs")).href);



/** What `mailsim run` (with `--trace`: `trace`) printed. */
function runNative(path, trace) {
  const args = trace ? ["run", "--trace", path] : ["run", path];
  const done = spawnSync(native, args, { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { output: done.stdout, errors: done.stderr, status: done.status };
}

/** What the module printed, fed one line at a time as the page would: an expect that fails goes on, an error stops. */
async function runWasm(path, text, trace) {
  const session = await Session.create({ file: path, trace });
  const made = { output: "", errors: "", status: 0, lines: [] };
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  const take = (run, line) => {
    const before = { output: made.output.length, errors: made.errors.length };
    try {
      made.output += run();
    } catch (error) {
      if (error.status === undefined || error.status === 3) throw error;
      made.output += error.output;
      made.errors += error.message + "\n";
      made.status = Math.max(made.status, error.status);
    }
    made.lines.push({ line, output: made.output.slice(before.output), errors: made.errors.slice(before.errors) });
  };
  for (const line of lines) {
    take(() => session.execute(line), line);
    if (made.status === 2) break;
  }
  if (made.status !== 2) take(() => session.finish(), "(the end)");
  session.close();
  return made;
}

/** The first line where two texts differ, with both sides. */
function firstDifference(a, b) {
  const [x, y] = [a.split("\n"), b.split("\n")];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (x[i] !== y[i]) return `line ${i + 1} of the text:\n    native: ${JSON.stringify(x[i])}\n    wasm:   ${JSON.stringify(y[i])}`;
  }
  return "";
}

let passed = 0, failed = 0, skipped = 0, lines = 0;
// What the compared scripts exercised: so that a run comparing only silence would show it.
const seen = { output: 0, errors: 0, failedChecks: 0, errorsStopped: 0 };
const started = performance.now();
const folders = [scriptsDir, randomDir, extremesDir].filter(Boolean);
// The scripts under Scripts/ and the extreme ones run plainly and traced (`--trace`: every timeline entry, `set`'s
// confirmations and the refusals `!` lines expected, on standard output); the random ones plainly.
for (const folder of folders) {
  for (const path of scripts(folder)) {
    const text = readFileSync(path, "utf8");
    if (touchesFiles.test(text)) { skipped++; continue; }
    const name = relative(process.cwd(), path);
    for (const trace of folder === randomDir ? [false] : [false, true]) {
      const label = trace ? `${name} (--trace)` : name;
      const want = runNative(name, trace);
      let got;
      try {
        got = await runWasm(name, text, trace);
      } catch (error) {
        failed++;
        console.log(`FAIL ${label}: the module stopped: ${error.message}`);
        continue;
      }
      lines += got.lines.length;
      if (want.output) seen.output++;
      if (want.errors) seen.errors++;
      if (want.status === 1) seen.failedChecks++;
      if (want.status === 2) seen.errorsStopped++;
      const problems = [];
      for (const stream of ["output", "errors"]) {
        if (want[stream] !== got[stream]) {
          problems.push(`standard ${stream === "output" ? "output" : "error"} differs at ` +
            firstDifference(want[stream], got[stream]));
        }
      }
      if (want.status !== got.status) problems.push(`exit status: native ${want.status}, wasm ${got.status}`);
      if (problems.length) {
        failed++;
        console.log(`FAIL ${label}\n  ${problems.join("\n  ")}`);
      } else {
        passed++;
      }
    }
  }
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`differential: ${passed + failed} runs (${skipped} scripts that touch files left out), ${lines} lines, ${seconds} s;` +
  ` ${seen.output} printed on standard output, ${seen.errors} on standard error, ${seen.failedChecks} exited 1,` +
  ` ${seen.errorsStopped} exited 2`);
console.log(`differential: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
