// The scripts the page's module is held to the native binary on (Tests/wasm/differential.mjs, record.mjs): every
// .mbs file under a folder, in a stable order, and which of them need the native front end's files.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Every .mbs file under `folder`, depth first, names sorted. */
export function* scripts(folder) {
  for (const name of readdirSync(folder).sort()) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* scripts(path);
    else if (name.endsWith(".mbs")) yield path;
  }
}

/** A script that writes or reads files, or ends the run, needs the native front end: its commands are the command
 * table's `touchesFiles` (make golden writes the block from the table; DocsTests checks it). */
// generated: touches-files
export const touchesFiles = /^\s*!?\s*(snapshot|export|save|load|quit|exit)\b/m;
// end generated
