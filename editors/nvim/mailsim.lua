-- mailsim's language server for *.mbs scripts, with Neovim's built-in LSP client (Neovim 0.7 or later).
-- Install: copy this file to ~/.config/nvim/plugin/mailsim.lua (mailsim on PATH, or MAILSIM=/path/to/mailsim).
local cmd = { vim.env.MAILSIM or "mailsim", "lsp" }

vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, { pattern = "*.mbs", command = "setfiletype mbs" })

vim.api.nvim_create_autocmd("FileType", {
  pattern = "mbs",
  callback = function(args)
    vim.bo[args.buf].commentstring = "# %s"
    local config = {
      name = "mailsim",
      cmd = cmd,
      root_dir = vim.fn.fnamemodify(args.file, ":p:h"),
      -- Neovim shows hover Markdown as text: leave out the screen's picture (a long data: URI there).
      init_options = { hoverPicture = "none" },
    }
    if vim.lsp.start then
      vim.lsp.start(config, { bufnr = args.buf })
    else -- Neovim 0.7: one client for every .mbs buffer
      _G.mailsim_lsp_client = _G.mailsim_lsp_client or vim.lsp.start_client(config)
      vim.lsp.buf_attach_client(args.buf, _G.mailsim_lsp_client)
    end
  end,
})
