// Where a site's simulation is (make site; docs/deploy.md, "What a site is"): the version folder its site.json
// names, v/BUILD/, which holds mailsim.mjs and mailsim.wasm. A folder without site.json (make wasm's .build/wasm)
// holds them itself.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export function moduleFolder(folder) {
  const list = join(folder, "site.json");
  if (!existsSync(list)) return folder;
  const { build } = JSON.parse(readFileSync(list, "utf8"));
  if (!/^[0-9a-f]+$/.test(build || "")) throw new Error(`${list} names no build`);
  return join(folder, "v", build);
}
