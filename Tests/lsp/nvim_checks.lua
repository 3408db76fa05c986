-- Run by Tests/lsp/test_nvim.sh inside `nvim --headless` after editors/nvim/mailsim.lua: opens SCRIPT (a failing
-- expect, a refused command, a typo), reads what Neovim's own LSP client received, asks for completion and hover,
-- applies a code action through Neovim's workspace-edit code and writes the file. Results go to RESULTS.
local results = {}
local function check(name, ok, detail)
  table.insert(results, (ok and "ok   " or "FAIL ") .. name .. ((not ok and detail) and (" " .. vim.inspect(detail)) or ""))
end

local script, out = vim.env.SCRIPT, vim.env.RESULTS
vim.cmd("edit " .. script)
local buf = vim.api.nvim_get_current_buf()
check("the snippet sets the filetype", vim.bo[buf].filetype == "mbs", vim.bo[buf].filetype)

vim.wait(15000, function() return #vim.diagnostic.get(buf) >= 3 end, 50)
local diagnostics = vim.diagnostic.get(buf)
table.sort(diagnostics, function(a, b) return a.lnum < b.lnum end)
local seen = {}
for _, d in ipairs(diagnostics) do table.insert(seen, string.format("%d:%d-%d %s", d.lnum, d.col, d.end_col, d.message)) end
check("the failing expect", seen[1] == "3:7-21 expected msg1.x == -300, got -320", seen)
check("the refused command", seen[2] == "4:0-7 error: no finger is down (nothing to release)", seen)
check("the typo, past the stop", seen[3] == "5:0-3 error: unknown command 'pna' (did you mean 'pan'?)", seen)

local function request(method, params)
  local answers = vim.lsp.buf_request_sync(buf, method, params, 10000) or {}
  for _, answer in pairs(answers) do if answer.result then return answer.result end end
  return nil
end
local doc = { uri = vim.uri_from_bufnr(buf) }

-- Completion after `pan m` (line 7 of the file is `pan m`).
local completion = request("textDocument/completion", { textDocument = doc, position = { line = 6, character = 5 } })
local labels = {}
for _, item in ipairs((completion and (completion.items or completion)) or {}) do table.insert(labels, item.label) end
check("completion after 'pan m'", table.concat(labels, " ") == "msg1 msg2 msg3 msg4 msg5", labels)

local hover = request("textDocument/hover", { textDocument = doc, position = { line = 0, character = 10 } })
local text = hover and hover.contents and hover.contents.value or ""
check("hover on a line gives its state", text:find("msg1.x = -100", 1, true) ~= nil and text:find("time 0.300s", 1, true) ~= nil, text)

local actions = request("textDocument/codeAction", {
  textDocument = doc,
  range = { start = { line = 3, character = 0 }, ["end"] = { line = 3, character = 0 } },
  context = { diagnostics = {} },
}) or {}
local fix
for _, action in ipairs(actions) do if action.title:find("Set the expected value", 1, true) then fix = action end end
check("the code action is offered", fix ~= nil, actions)
if fix then
  vim.lsp.util.apply_workspace_edit(fix.edit, "utf-16")
  vim.cmd("write")
  local lines = vim.fn.readfile(script)
  check("the code action rewrote the file", lines[4] == "expect msg1.x == -320   # slid out", lines)
end

vim.fn.writefile(results, out)
vim.cmd("qall!")
