// The page's module against the native session on every numeric field of the protocol at its extremes (make test's
// `wasm` step): Tests/Golden/protocol-extremes.jsonl is what the native PlaygroundSession answered to each case
// (ProtocolExtremesTests writes and checks it); each case is sent here to a fresh Playground of the module, which
// must answer the same bytes (an error whole, any other answer by its length and 64-bit FNV-1a) and never trap.
//
//   node Tests/wasm/protocol.mjs WASM_DIR [GOLDEN]
//
// WASM_DIR is make site's folder (the module in its version folder) or make wasm's (the module in it).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { moduleFolder } from "./site-module.mjs";

const [wasmDir, golden = "Tests/Golden/protocol-extremes.jsonl"] = process.argv.slice(2);
if (!wasmDir) {
  console.error("usage: node protocol.mjs WASM_DIR [GOLDEN]");
  process.exit(2);
}
const { Playground } = await import(pathToFileURL(join(moduleFolder(wasmDir), "mailsim.mjs")).href);

/** As ProtocolExtremesTests.digest: an error whole, else "TYPE LENGTH FNV1A64". */
function digest(text) {
  if (text.startsWith('{"type":"error"')) return text;
  const bytes = new TextEncoder().encode(text);
  let hash = 0xcbf29ce484222325n;
  for (const byte of bytes) hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * 0x100000001b3n);
  let type = "?";
  try { type = JSON.parse(text).type ?? "?"; } catch { /* the digest says "?" as the Swift side does */ }
  return `${type} ${bytes.length} ${hash.toString(16).padStart(16, "0")}`;
}

let passed = 0, failed = 0;
for (const line of readFileSync(golden, "utf8").split("\n").filter(Boolean)) {
  const { case: name, send, answers } = JSON.parse(line);
  const playground = await Playground.create();
  const got = [];
  try {
    for (const message of send) {
      // The raw answer texts, as the session wrote them (Playground.send would parse them).
      const { texts } = playground.instance.answer(
        playground.instance.call("mailsim_playground_receive", playground.handle, message));
      got.push(texts.map(digest));
    }
  } catch (error) {
    failed++;
    console.log(`FAIL ${name}: the module stopped: ${error.message}`);
    continue;
  }
  playground.close();
  const [want, have] = [JSON.stringify(answers), JSON.stringify(got)];
  if (want === have) {
    passed++;
  } else {
    failed++;
    console.log(`FAIL ${name}\n  native: ${want.slice(0, 400)}\n  wasm:   ${have.slice(0, 400)}`);
  }
}
console.log(`protocol: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
