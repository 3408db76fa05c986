// mailsim's language server in VS Code, with no dependency to install: a small LSP client written against the
// `vscode` API (vscode-languageclient would need `npm install`). It starts `mailsim lsp` (setting mailsim.path),
// sends the .mbs documents (incremental sync) and maps the server's answers onto VS Code's providers:
// diagnostics, completion, hover (with the screen as a picture), inlay hints, code actions, definition, outline.
"use strict";
const vscode = require("vscode");
const { spawn } = require("child_process");

let server = null;

/** One `mailsim lsp` process and the JSON-RPC conversation with it. */
class Connection {
  constructor(command, output) {
    this.output = output;
    this.nextId = 1;
    this.pending = new Map();
    this.handlers = new Map();
    this.buffer = Buffer.alloc(0);
    this.process = spawn(command, ["lsp"], { stdio: ["pipe", "pipe", "pipe"] });
    this.process.stdout.on("data", (chunk) => this.receive(chunk));
    this.process.stderr.on("data", (chunk) => output.append(chunk.toString()));
    this.process.on("error", (error) => {
      vscode.window.showErrorMessage(`mailsim lsp could not start (${error.message}): set mailsim.path to the mailsim program.`);
    });
    this.process.on("exit", (code) => {
      output.appendLine(`mailsim lsp exited (${code})`);
      for (const { reject } of this.pending.values()) reject(new Error("mailsim lsp exited"));
      this.pending.clear();
    });
  }

  send(message) {
    const body = Buffer.from(JSON.stringify(Object.assign({ jsonrpc: "2.0" }, message)), "utf8");
    this.process.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.process.stdin.write(body);
  }

  request(method, params, token) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send({ id, method, params });
      if (token) token.onCancellationRequested(() => this.notify("$/cancelRequest", { id }));
    });
  }

  notify(method, params) { this.send({ method, params }); }

  on(method, handler) { this.handlers.set(method, handler); }

  receive(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const match = /content-length:\s*(\d+)/i.exec(this.buffer.slice(0, end).toString("ascii"));
      const length = match ? Number(match[1]) : 0;
      if (this.buffer.length < end + 4 + length) return;
      const body = this.buffer.slice(end + 4, end + 4 + length).toString("utf8");
      this.buffer = this.buffer.slice(end + 4 + length);
      let message;
      try { message = JSON.parse(body); } catch (error) { continue; }
      if (message.id !== undefined && message.method === undefined) {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (!waiting) continue;
        if (message.error) waiting.resolve(null); else waiting.resolve(message.result);
      } else if (message.method && this.handlers.has(message.method)) {
        this.handlers.get(message.method)(message.params);
      }
    }
  }

  async stop() {
    try { await Promise.race([this.request("shutdown", null), new Promise((r) => setTimeout(r, 1000))]); } catch (e) { /* gone */ }
    this.notify("exit", null);
  }
}

// LSP ↔ VS Code values.
const position = (p) => new vscode.Position(p.line, p.character);
const range = (r) => new vscode.Range(position(r.start), position(r.end));
const lspPosition = (p) => ({ line: p.line, character: p.character });
const lspRange = (r) => ({ start: lspPosition(r.start), end: lspPosition(r.end) });
const documentId = (document) => ({ uri: document.uri.toString() });

function diagnostic(d) {
  const severities = [null, vscode.DiagnosticSeverity.Error, vscode.DiagnosticSeverity.Warning,
    vscode.DiagnosticSeverity.Information, vscode.DiagnosticSeverity.Hint];
  const out = new vscode.Diagnostic(range(d.range), d.message, severities[d.severity] ?? vscode.DiagnosticSeverity.Error);
  out.source = d.source;
  out.code = d.code;
  return out;
}

function workspaceEdit(edit) {
  const out = new vscode.WorkspaceEdit();
  for (const [uri, edits] of Object.entries((edit && edit.changes) || {})) {
    for (const e of edits) out.replace(vscode.Uri.parse(uri), range(e.range), e.newText);
  }
  return out;
}

function symbol(s) {
  const out = new vscode.DocumentSymbol(s.name, "", s.kind - 1, range(s.range), range(s.selectionRange));
  out.children = (s.children || []).map(symbol);
  return out;
}

function activate(context) {
  const settings = vscode.workspace.getConfiguration("mailsim");
  const output = vscode.window.createOutputChannel("mailsim");
  const connection = new Connection(settings.get("path") || "mailsim", output);
  server = connection;
  const diagnostics = vscode.languages.createDiagnosticCollection("mailsim");
  context.subscriptions.push(diagnostics, output);
  const ready = connection.request("initialize", {
    processId: process.pid,
    rootUri: null,
    capabilities: {},
    initializationOptions: { hoverPicture: settings.get("hoverPicture") || "data" },
  }).then(() => connection.notify("initialized", {}));

  connection.on("textDocument/publishDiagnostics", (params) => {
    diagnostics.set(vscode.Uri.parse(params.uri), params.diagnostics.map(diagnostic));
  });

  const isScript = (document) => document.languageId === "mbs";
  const open = (document) => {
    if (!isScript(document)) return;
    ready.then(() => connection.notify("textDocument/didOpen", {
      textDocument: { uri: document.uri.toString(), languageId: "mbs", version: document.version, text: document.getText() },
    }));
  };
  vscode.workspace.textDocuments.forEach(open);
  context.subscriptions.push(
    vscode.workspace.onDidOpenTextDocument(open),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (!isScript(event.document) || event.contentChanges.length === 0) return;
      ready.then(() => connection.notify("textDocument/didChange", {
        textDocument: { uri: event.document.uri.toString(), version: event.document.version },
        contentChanges: event.contentChanges.map((c) => ({ range: lspRange(c.range), text: c.text })),
      }));
    }),
    vscode.workspace.onDidCloseTextDocument((document) => {
      if (!isScript(document)) return;
      ready.then(() => connection.notify("textDocument/didClose", { textDocument: documentId(document) }));
      diagnostics.delete(document.uri);
    }),
  );

  const selector = { language: "mbs" };
  const ask = (method, document, extra, token) =>
    ready.then(() => connection.request(method, Object.assign({ textDocument: documentId(document) }, extra), token));

  context.subscriptions.push(
    vscode.languages.registerHoverProvider(selector, {
      async provideHover(document, where, token) {
        const answer = await ask("textDocument/hover", document, { position: lspPosition(where) }, token);
        if (!answer) return null;
        const markdown = new vscode.MarkdownString(answer.contents.value);
        markdown.supportHtml = false;
        return new vscode.Hover(markdown);
      },
    }),
    vscode.languages.registerCompletionItemProvider(selector, {
      async provideCompletionItems(document, where, token) {
        const answer = await ask("textDocument/completion", document, { position: lspPosition(where) }, token);
        return ((answer && answer.items) || []).map((item) => {
          const out = new vscode.CompletionItem(item.label, (item.kind || 1) - 1);
          out.detail = item.detail;
          out.sortText = item.sortText;
          if (item.textEdit) { out.range = range(item.textEdit.range); out.insertText = item.textEdit.newText; }
          return out;
        });
      },
    }, " ", "."),
    vscode.languages.registerInlayHintsProvider(selector, {
      async provideInlayHints(document, within, token) {
        const answer = await ask("textDocument/inlayHint", document, { range: lspRange(within) }, token);
        return (answer || []).map((hint) => {
          const out = new vscode.InlayHint(position(hint.position), hint.label, vscode.InlayHintKind.Type);
          out.paddingLeft = true;
          return out;
        });
      },
    }),
    vscode.languages.registerCodeActionsProvider(selector, {
      async provideCodeActions(document, within, _context, token) {
        const answer = await ask("textDocument/codeAction", document, { range: lspRange(within), context: { diagnostics: [] } }, token);
        return (answer || []).map((action) => {
          const kind = action.kind === "quickfix" ? vscode.CodeActionKind.QuickFix : vscode.CodeActionKind.RefactorRewrite;
          const out = new vscode.CodeAction(action.title, kind);
          out.edit = workspaceEdit(action.edit);
          out.isPreferred = !!action.isPreferred;
          out.diagnostics = (action.diagnostics || []).map(diagnostic);
          return out;
        });
      },
    }),
    vscode.languages.registerDefinitionProvider(selector, {
      async provideDefinition(document, where, token) {
        const answer = await ask("textDocument/definition", document, { position: lspPosition(where) }, token);
        return answer ? new vscode.Location(vscode.Uri.parse(answer.uri), range(answer.range)) : null;
      },
    }),
    vscode.languages.registerDocumentSymbolProvider(selector, {
      async provideDocumentSymbols(document, token) {
        const answer = await ask("textDocument/documentSymbol", document, {}, token);
        return (answer || []).map(symbol);
      },
    }),
  );
}

function deactivate() {
  return server ? server.stop() : undefined;
}

module.exports = { activate, deactivate };
