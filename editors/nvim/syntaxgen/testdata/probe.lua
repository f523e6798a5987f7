-- Run by TestNeovimSyntax: nvim --headless -u NONE -c 'luafile probe.lua'.
-- Loads editors/nvim's runtime files, opens each probed file as filetype
-- workshop and writes, per probe, the syntax group at the probed token.
vim.opt.runtimepath:prepend(os.getenv('WRIGHT_NVIM_RUNTIME'))
vim.cmd('filetype plugin on')
vim.cmd('syntax on')
local probes = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv('WRIGHT_PROBES')), '\n'))
local results = {}
for _, p in ipairs(probes) do
  vim.cmd('edit ' .. vim.fn.fnameescape(p.file))
  -- fixture.ow gets its filetype from ftdetect/; the corpus's .txt
  -- exports are set by hand. Setting it again would reload the syntax.
  if vim.bo.filetype ~= 'workshop' then
    if p.file:match('%.ow$') then
      error('ftdetect did not make ' .. p.file .. ' a workshop file')
    end
    vim.bo.filetype = 'workshop'
  end
  local group = 'no line holds ' .. p.line
  for row, text in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
    local at = text:find(p.line, 1, true)
    if at then
      local col = text:find(p.token, 1, true)
      if col then
        -- Neovim 0.7 can answer a synID() that skips columns of a line
        -- with the group of an earlier column: walk up to the token.
        for c = 1, col do
          group = vim.fn.synIDattr(vim.fn.synID(row, c, 1), 'name')
        end
      else
        group = 'no token ' .. p.token
      end
      break
    end
  end
  table.insert(results, group)
end
vim.fn.writefile({ vim.fn.json_encode(results) }, os.getenv('WRIGHT_PROBE_RESULTS'))
vim.cmd('qa!')
