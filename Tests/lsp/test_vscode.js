#!/usr/bin/env node
// editors/vscode/extension.js run by Node against a stand-in for the `vscode` module (VS Code itself is not on this
// machine): it starts `mailsim lsp`, sends an open .mbs document, and its providers turn the server's answers into
// VS Code values. Checks the JavaScript, its framing and its mapping; not VS Code's rendering.
// Usage: node Tests/lsp/test_vscode.js PATH/TO/mailsim
"use strict";
const Module = require("module");
const path = require("path");

const mailsim = path.resolve(process.argv[2] || ".build/debug/mailsim");
const providers = {};
const published = new Map();
let changeListener = null;

class Position { constructor(line, character) { this.line = line; this.character = character; } }
class Range { constructor(start, end) { this.start = start; this.end = end; } }
const vscode = {
  Position, Range,
  Diagnostic: class { constructor(range, message, severity) { Object.assign(this, { range, message, severity }); } },
  DiagnosticSeverity: { Error: 0, Warning: 1, Information: 2, Hint: 3 },
  Uri: { parse: (text) => ({ text, toString: () => text }) },
  WorkspaceEdit: class { constructor() { this.edits = []; } replace(uri, range, text) { this.edits.push({ uri, range, text }); } },
  DocumentSymbol: class { constructor(name, detail, kind, range, selectionRange) { Object.assign(this, { name, kind, range }); } },
  MarkdownString: class { constructor(value) { this.value = value; } },
  Hover: class { constructor(contents) { this.contents = contents; } },
  CompletionItem: class { constructor(label, kind) { this.label = label; this.kind = kind; } },
  InlayHint: class { constructor(position, label) { this.position = position; this.label = label; } },
  InlayHintKind: { Type: 1 },
  CodeAction: class { constructor(title, kind) { this.title = title; this.kind = kind; } },
  CodeActionKind: { QuickFix: "quickfix", RefactorRewrite: "refactor.rewrite" },
  Location: class { constructor(uri, range) { this.uri = uri; this.range = range; } },
  window: {
    showErrorMessage: (text) => { console.log("FAIL the extension reported: " + text); process.exit(1); },
    createOutputChannel: () => ({ append() {}, appendLine() {}, dispose() {} }),
  },
  workspace: {
    getConfiguration: () => ({ get: (key) => ({ path: mailsim, hoverPicture: "data" })[key] }),
    textDocuments: [],
    onDidOpenTextDocument: () => ({ dispose() {} }),
    onDidChangeTextDocument: (listener) => { changeListener = listener; return { dispose() {} }; },
    onDidCloseTextDocument: () => ({ dispose() {} }),
  },
  languages: {
    createDiagnosticCollection: () => ({ set: (uri, list) => published.set(uri.toString(), list), delete() {}, dispose() {} }),
  },
};
for (const name of ["Hover", "CompletionItem", "InlayHints", "CodeActions", "Definition", "DocumentSymbol"]) {
  vscode.languages[`register${name}Provider`] = (selector, provider) => { providers[name] = provider; return { dispose() {} }; };
}
const load = Module._load;
Module._load = function (request, ...rest) { return request === "vscode" ? vscode : load.call(this, request, ...rest); };

const text = "# Swipe\npan msg1 -100\nrelease\nsettle\nexpect msg1.x == -300\nrelese\n";
const lines = text.split("\n");
const document = {
  uri: vscode.Uri.parse("file:///tmp/vscode-check.mbs"), languageId: "mbs", version: 1,
  getText: () => text, lineAt: (n) => ({ text: lines[n] }),
};
vscode.workspace.textDocuments.push(document);

let passed = 0, failed = 0;
function check(name, ok, detail) {
  if (ok) { passed++; console.log("ok   " + name); } else { failed++; console.log("FAIL " + name + " " + JSON.stringify(detail)); }
}
const token = { onCancellationRequested() {} };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

(async () => {
  const extension = require(path.resolve(__dirname, "../../editors/vscode/extension.js"));
  const context = { subscriptions: [] };
  extension.activate(context);
  for (let i = 0; i < 200 && !published.has(document.uri.toString()); i++) await sleep(25);
  const found = published.get(document.uri.toString()) || [];
  check("diagnostics reach the collection", found.map((d) => d.message).join(" | ") ===
    "expected msg1.x == -300, got -320 | error: unknown command 'relese' (did you mean 'release'?)", found.map((d) => d.message));
  check("a diagnostic's range is a vscode.Range", found[0] && found[0].range.start.line === 4 && found[0].range.start.character === 7);

  const hover = await providers.Hover.provideHover(document, new Position(1, 8), token);
  check("hover is Markdown with the state and the picture",
    hover && hover.contents.value.includes("`msg1.x = -100`") && hover.contents.value.includes("data:image/svg+xml;base64,"));
  const items = await providers.CompletionItem.provideCompletionItems(document, new Position(5, 3), token);
  check("completion items", items.map((i) => i.label).join(" ") === "release", items.map((i) => i.label));
  const hints = await providers.InlayHints.provideInlayHints(document, new Range(new Position(0, 0), new Position(6, 0)), token);
  check("inlay hints", hints.map((h) => h.label).join(" | ") === "0.300s | 0.300s → reschedule | 0.900s", hints.map((h) => h.label));
  const actions = await providers.CodeActions.provideCodeActions(document, new Range(new Position(4, 0), new Position(4, 0)), {}, token);
  check("the expect fix is a workspace edit", actions[0] && actions[0].edit.edits[0].text === "expect msg1.x == -320", actions);
  const symbols = await providers.DocumentSymbol.provideDocumentSymbols(document, token);
  check("the outline", symbols[0] && symbols[0].name === "Swipe", symbols);

  // An incremental change through the change listener: the typo fixed.
  published.clear();
  changeListener({ document: Object.assign({}, document, { version: 2 }), contentChanges: [
    { range: new Range(new Position(5, 4), new Position(5, 4)), text: "a" },
  ] });
  for (let i = 0; i < 200 && !published.has(document.uri.toString()); i++) await sleep(25);
  const after = published.get(document.uri.toString()) || [];
  check("an incremental change is sent and run", after.length === 2 && after[1].message.startsWith("error: no finger is down"),
    after.map((d) => d.message));

  await extension.deactivate();
  console.log(failed ? `${failed} of ${passed + failed} VS Code extension checks failed` : `${passed} VS Code extension checks passed`);
  process.exit(failed ? 1 : 0);
})();
