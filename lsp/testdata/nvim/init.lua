-- The headless Neovim test of wright-lsp (TestNeovim in lsp/nvim_test.go
-- runs it): nvim --headless -u init.lua fixture.ow, in a copy of
-- workspace/.
--
-- It loads the users' setup, editors/nvim (require('wright')), exactly as
-- its README says, then drives the server through Neovim's own client:
-- the diagnostics Neovim keeps, its rename, code actions applied by
-- Neovim's workspace edit code, a command whose workspace/applyEdit
-- Neovim's handler applies, hover, and agent requests. fixture.ow puts é,
-- CJK and an emoji before the edited columns, so a UTF-8/UTF-16 mix-up on
-- either side shows as wrong text.
--
-- Environment: WRIGHT_NVIM_SETUP (the editors/nvim directory),
-- WRIGHT_LSP_BIN (the server binary), WRIGHT_NVIM_RESULTS (where the
-- results go, one line per check). The exit code is the verdict: 0 when
-- every check passed.

local setup_dir = assert(os.getenv('WRIGHT_NVIM_SETUP'), 'WRIGHT_NVIM_SETUP is not set')
local bin = assert(os.getenv('WRIGHT_LSP_BIN'), 'WRIGHT_LSP_BIN is not set')
local results_path = assert(os.getenv('WRIGHT_NVIM_RESULTS'), 'WRIGHT_NVIM_RESULTS is not set')

vim.opt.runtimepath:prepend(setup_dir)
vim.opt.swapfile = false
vim.lsp.set_log_level('debug')

-- The users' setup, with the test's binary and a setting whose effect the
-- diagnostics show.
require('wright').setup({
  cmd = { bin, '--stdio' },
  settings = { wright = { disabledRules = { 'write-only-variable' } } },
  flags = { debounce_text_changes = 0 },
})

local TIMEOUT = 10000
local results = {}
local failed = false

local function say(fmt, ...)
  -- writefile writes a newline inside an item as NUL: one item a line.
  vim.list_extend(results, vim.split(string.format(fmt, ...), '\n', { plain = true }))
end

-- check runs one check; a failure is recorded and the next check runs.
local function check(name, fn)
  local ok, err = pcall(fn)
  if ok then
    say('ok   %s', name)
  else
    failed = true
    say('FAIL %s: %s', name, tostring(err))
  end
end

local function fail(fmt, ...)
  error(string.format(fmt, ...), 0)
end

local function expect_eq(what, got, want)
  if got ~= want then
    fail('%s:\n       got  %s\n       want %s', what, vim.inspect(got), vim.inspect(want))
  end
end

-- answer returns the result of a request_sync answer, failing on an
-- error or no answer.
local function answer(method, resp, err)
  if not resp then
    fail('%s: no answer (%s)', method, tostring(err))
  end
  if resp.err then
    fail('%s failed: %s: %s', method, tostring(resp.err.code), tostring(resp.err.message))
  end
  return resp.result
end

local function wait(what, cond)
  if not vim.wait(TIMEOUT, cond, 20) then
    fail('timed out after %d ms waiting for %s', TIMEOUT, what)
  end
end

local buf, client

local function lines()
  return vim.api.nvim_buf_get_lines(buf, 0, -1, false)
end

-- line_with returns the 0-based index of the first line holding text.
local function line_with(text)
  for i, l in ipairs(lines()) do
    if l:find(text, 1, true) then
      return i - 1
    end
  end
  fail('no line holds %q', text)
end

-- put_cursor puts the cursor on the first byte of text, searched for in
-- the first line holding anchor (text itself when anchor is nil).
local function put_cursor(text, anchor)
  local row = line_with(anchor or text)
  local col = lines()[row + 1]:find(text, 1, true)
  if not col then
    fail('line %d does not hold %q', row, text)
  end
  vim.api.nvim_win_set_cursor(0, { row + 1, col - 1 })
end

-- fresh_diagnostics waits until Neovim holds the diagnostics the server
-- made for the buffer's current version, and returns them by code.
local function fresh_diagnostics(want_codes)
  local by_code
  wait('diagnostics of version ' .. tostring(vim.lsp.util.buf_versions[buf]) .. ' with codes ' .. table.concat(want_codes, ', '), function()
    local version = vim.lsp.util.buf_versions[buf]
    local ds = vim.diagnostic.get(buf)
    by_code = {}
    for _, d in ipairs(ds) do
      local data = d.user_data and d.user_data.lsp and d.user_data.lsp.data
      if not data or data.version ~= version then
        return false
      end
      by_code[d.code] = d
    end
    if #ds ~= #want_codes then
      return false
    end
    for _, code in ipairs(want_codes) do
      if not by_code[code] then
        return false
      end
    end
    return true
  end)
  return by_code
end

-- covered is the buffer text a diagnostic covers (Neovim keeps byte
-- columns, converted from the server's UTF-16 ones).
local function covered(d)
  local text = vim.api.nvim_buf_get_text(buf, d.lnum, d.col, d.end_lnum, d.end_col, {})
  return table.concat(text, '\n')
end

local function hover_text(result)
  local c = result.contents
  if type(c) == 'string' then
    return c
  end
  if c.value then
    return c.value
  end
  local parts = {}
  for _, item in ipairs(c) do
    table.insert(parts, type(item) == 'string' and item or item.value)
  end
  return table.concat(parts, '\n')
end

local function run()
  buf = vim.api.nvim_get_current_buf()
  local original = lines()

  check('the setup detects the filetype and attaches to the project root', function()
    expect_eq('filetype', vim.bo[buf].filetype, 'workshop')
    wait('the wright client to attach and initialize', function()
      client = require('wright').client(buf)
      return client ~= nil and client.initialized
    end)
    local want_root = vim.loop.fs_realpath(vim.fn.getcwd())
    expect_eq('root_dir', vim.loop.fs_realpath(client.config.root_dir), want_root)
    expect_eq('offset encoding', client.offset_encoding, 'utf-16')
    expect_eq('renameProvider.prepareProvider', (client.server_capabilities.renameProvider or {}).prepareProvider, true)
  end)
  if not client then
    return
  end

  check('the buffer gets omnifunc, commentstring and syntax groups', function()
    expect_eq('omnifunc', vim.bo[buf].omnifunc, 'v:lua.vim.lsp.omnifunc')
    expect_eq('commentstring', vim.bo[buf].commentstring, '// %s')
    expect_eq('b:current_syntax', vim.b[buf].current_syntax, 'workshop')
    local row = line_with('Ongoing - Global;') + 1
    local col = lines()[row]:find('Ongoing', 1, true)
    expect_eq('syntax group of Ongoing', vim.fn.synIDattr(vim.fn.synID(row, col, 1), 'name'), 'workshopEvent')
  end)

  check('diagnostics arrive, at the right text, with the settings applied', function()
    local ds = fresh_diagnostics({ 'unknown-action', 'unused-variable', 'repeated-value' })
    expect_eq('unknown-action covers', covered(ds['unknown-action']), 'Wiat')
    expect_eq('unused-variable covers', covered(ds['unused-variable']), 'Banner')
    expect_eq('repeated-value covers', covered(ds['repeated-value']), 'Distance Between(Attacker, Vector(1, 2, 3))')
    expect_eq('source', ds['unknown-action'].source, 'wright')
    expect_eq('severity', ds['unknown-action'].severity, vim.diagnostic.severity.ERROR)
  end)

  check('hover answers after é, CJK and an emoji', function()
    put_cursor('Between', 'Distance Between')
    local params = vim.lsp.util.make_position_params()
    local result = answer('textDocument/hover', client.request_sync('textDocument/hover', params, TIMEOUT, buf))
    if not result then
      fail('textDocument/hover answered null on Distance Between')
    end
    local text = hover_text(result)
    if not text:find('Distance Between', 1, true) then
      fail('the hover does not name Distance Between: %s', vim.inspect(text))
    end
    if result.range then
      -- The name or the whole call: either way it starts at the name.
      local r = result.range
      local line = lines()[r.start.line + 1]
      local s = vim.str_byteindex(line, r.start.character, true)
      local e = vim.str_byteindex(line, r['end'].character, true)
      local got = line:sub(s + 1, e)
      if got:sub(1, #'Distance Between') ~= 'Distance Between' then
        fail('the hover range covers %q, not Distance Between', got)
      end
    end
  end)

  check('vim.lsp.buf.rename renames through prepareRename and rename', function()
    put_cursor('Kills += 1')
    local row = line_with('Kills += 1')
    vim.lsp.buf.rename('Frags')
    local want = '\t\tSmall Message(Attacker, Custom String("é 漢字 😀 {0}", Attacker.Frags)); Attacker.Frags += 1;'
    wait('the rename to reach the buffer', function()
      return lines()[row + 1] == want
    end)
    expect_eq('the declaration', lines()[line_with('0: Frags') + 1], '\t\t0: Frags')
    for i, l in ipairs(lines()) do
      if l:find('Kills', 1, true) then
        fail('line %d still says Kills: %s', i, l)
      end
    end
  end)

  check('a quick fix from textDocument/codeAction applies (context diagnostics as vim.lsp.buf.code_action sends them)', function()
    fresh_diagnostics({ 'unknown-action', 'unused-variable', 'repeated-value' })
    put_cursor('Wiat')
    local row = line_with('Wiat')
    local params = vim.lsp.util.make_range_params()
    -- What vim.lsp.buf.code_action() sends: the line's diagnostics through
    -- diagnostic_vim_to_lsp, with byte columns where LSP wants UTF-16.
    params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buf, row) }
    expect_eq('context diagnostics', #params.context.diagnostics, 1)
    local sent = params.context.diagnostics[1].range
    local line = lines()[row + 1]
    local s = line:find('Wiat', 1, true) - 1
    say('     (Neovim sends the diagnostic back at characters %d-%d; in UTF-16 it is at %d-%d)',
      sent.start.character, sent['end'].character, select(2, vim.str_utfindex(line, s)), select(2, vim.str_utfindex(line, s + 4)))
    local actions = answer('textDocument/codeAction', client.request_sync('textDocument/codeAction', params, TIMEOUT, buf))
    local action
    for _, a in ipairs(actions or {}) do
      if a.title == 'Replace with Wait' then
        action = a
      end
    end
    if not action then
      fail('no "Replace with Wait" among %s', vim.inspect(actions))
    end
    expect_eq('kind', action.kind, 'quickfix')
    vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
    expect_eq('the fixed line', lines()[row + 1], '\t\tSmall Message(Attacker, Custom String("é 漢字 😀")); Wait(1, Ignore Condition);')
  end)

  check('wright.applyFix makes the server send workspace/applyEdit, which Neovim applies', function()
    local ds = fresh_diagnostics({ 'unused-variable', 'repeated-value' })
    local data = ds['repeated-value'].user_data.lsp.data
    expect_eq('fix', data.fix, 'evaluate-once')
    local arg = vim.tbl_extend('force', { uri = vim.uri_from_bufnr(buf) }, data)
    local row = line_with('Distance Between')
    local result = answer('wright.applyFix',
      client.request_sync('workspace/executeCommand', { command = 'wright.applyFix', arguments = { arg } }, TIMEOUT, buf))
    expect_eq('applied', (result or {}).applied, true)
    expect_eq('the fixed line', lines()[row + 1],
      '\t\tSmall Message(Attacker, Custom String("é 漢字 😀 {0} {1}", Evaluate Once(Distance Between(Attacker, Vector(1, 2, 3))), '
        .. 'Evaluate Once(Distance Between(Attacker, Vector(1, 2, 3)))));')
  end)

  check('vim.lsp.buf.code_action applies the chosen quick fix', function()
    fresh_diagnostics({ 'unused-variable' })
    put_cursor('Banner')
    local offered = {}
    local select = vim.ui.select
    vim.ui.select = function(items, _, on_choice)
      for i, item in ipairs(items) do
        table.insert(offered, item[2].title)
        if item[2].title == 'remove the declaration of global variable Banner' then
          return on_choice(item, i)
        end
      end
      on_choice(nil, nil)
    end
    local count = #lines()
    vim.lsp.buf.code_action()
    local ok = vim.wait(TIMEOUT, function()
      return #lines() == count - 1
    end, 20)
    vim.ui.select = select
    if not ok then
      fail('the declaration of Banner was not removed; actions offered: %s', vim.inspect(offered))
    end
    for _, l in ipairs(lines()) do
      if l:find('Banner', 1, true) then
        fail('a line still declares Banner: %s', l)
      end
    end
  end)

  check('wright.request and wright/request answer from the editor\'s text', function()
    local resp, err = require('wright').request({ op = 'usage', symbol = 'Frags' }, buf, TIMEOUT)
    if not resp then
      fail('wright.request failed: %s', tostring(err))
    end
    if not resp.result then
      fail('wright.request answered %s', vim.inspect(resp))
    end
    local u = resp.result
    expect_eq('name', u.name, 'Frags')
    expect_eq('kind', u.kind, 'playerVariable')
    expect_eq('declarations', u.declarations, 1)
    expect_eq('reads', u.reads, 1)
    expect_eq('writes', u.writes, 1)
    local raw = answer('wright/request', client.request_sync('wright/request', { op = 'usage', symbol = 'Frags', document = vim.uri_from_bufnr(buf) }, TIMEOUT, buf))
    if not raw or not raw.result then
      fail('wright/request answered %s', vim.inspect(raw))
    end
    expect_eq('wright/request reads', raw.result.reads, 1)
  end)

  check('after the fixes the server and the buffer agree: nothing left to report', function()
    wait('the diagnostics to clear', function()
      return #vim.diagnostic.get(buf) == 0
    end)
    local changed = 0
    for i, l in ipairs(lines()) do
      if l ~= original[i] then
        changed = changed + 1
      end
    end
    if changed == 0 then
      fail('the buffer never changed')
    end
  end)

  check('the Simulate lens runs from vim.lsp.codelens.run and opens the trace in a scratch buffer', function()
    vim.lsp.codelens.refresh()
    local row = line_with('rule("Setup")')
    wait('the code lenses', function()
      for _, l in ipairs(vim.lsp.codelens.get(buf)) do
        if l.range.start.line == row and l.command and l.command.title == '▶ Simulate this rule' then
          return true
        end
      end
      return false
    end)
    vim.api.nvim_win_set_cursor(0, { row + 1, 0 })
    -- The line has the rule's element count too: Neovim asks which lens.
    local titles = {}
    local select = vim.ui.select
    vim.ui.select = function(items, _, on_choice)
      for i, item in ipairs(items) do
        table.insert(titles, item.lens.command.title)
        if item.lens.command.title == '▶ Simulate this rule' then
          return on_choice(item, i)
        end
      end
      on_choice(nil, nil)
    end
    local source = vim.api.nvim_get_current_buf()
    vim.lsp.codelens.run()
    vim.ui.select = select
    local tb
    wait('a wright-trace: buffer', function()
      for _, b in ipairs(vim.api.nvim_list_bufs()) do
        if vim.api.nvim_buf_get_name(b):find('^wright%-trace:') then
          tb = b
          return true
        end
      end
      return false
    end)
    local got = vim.api.nvim_buf_get_lines(tb, 0, -1, false)
    expect_eq('first line (lenses offered: ' .. table.concat(titles, ', ') .. ')', got[1], 'Simulation of rule 0 "Setup" (fixture.ow)')
    if not table.concat(got, '\n'):find('rule "Setup" starts', 1, true) then
      fail('the trace does not show the rule starting:\n%s', table.concat(got, '\n'))
    end
    expect_eq('buftype', vim.bo[tb].buftype, 'nofile')
    expect_eq('modifiable', vim.bo[tb].modifiable, false)
    expect_eq('shown in the current window', vim.api.nvim_get_current_buf(), tb)
    vim.cmd('close')
    expect_eq('back in the source', vim.api.nvim_get_current_buf(), source)
  end)

  -- Last: a second open document changes which program an agent request
  -- without a document addresses.
  check('an .opy file of the project is an overpy buffer on the same client', function()
    vim.cmd('edit other.opy')
    local opy = vim.api.nvim_get_current_buf()
    expect_eq('filetype', vim.bo[opy].filetype, 'overpy')
    local other
    wait('the client to attach to other.opy', function()
      other = require('wright').client(opy)
      return other ~= nil
    end)
    expect_eq('client', other.id, client.id)
    expect_eq('clients running', #vim.lsp.get_active_clients(), 1)
  end)

  check('valid OverPy text gets no diagnostics (the server must not read it as Workshop)', function()
    local opy = vim.fn.bufnr('other.opy')
    -- Nothing to wait for when the server is right: give a wrong
    -- publication time to arrive.
    vim.wait(2000, function()
      return #vim.diagnostic.get(opy) > 0
    end, 20)
    local got = {}
    for _, d in ipairs(vim.diagnostic.get(opy)) do
      table.insert(got, string.format('%d:%d %s: %s', d.lnum + 1, d.col + 1, tostring(d.code), d.message))
    end
    if #got > 0 then
      fail('other.opy got %d diagnostics:\n       %s', #got, table.concat(got, '\n       '))
    end
  end)

  -- The same client serves OverPy at OverPy positions.
  local function request_at(method, extra)
    local params = vim.tbl_extend('force', vim.lsp.util.make_position_params(), extra or {})
    return answer(method, client.request_sync(method, params, TIMEOUT, buf))
  end
  local function labels(result)
    local out = {}
    for _, it in ipairs((result and (result.items or result)) or {}) do
      out[it.label] = true
    end
    return out
  end

  check('OverPy: hover names the catalog function', function()
    buf = vim.fn.bufnr('other.opy')
    put_cursor('wait')
    local result = request_at('textDocument/hover')
    if not result or not hover_text(result):find('Workshop action **Wait**', 1, true) then
      fail('the hover on wait is %s', vim.inspect(result))
    end
  end)

  check('OverPy: completion after . and after @', function()
    local row = line_with('score = 1')
    vim.api.nvim_buf_set_lines(buf, row + 1, row + 1, false, { '    eventPlayer.', '    @' })
    -- The position after the last character, as in insert mode.
    local function after(line, text)
      return { position = { line = line, character = #text } }
    end
    local got = labels(request_at('textDocument/completion', after(row + 1, '    eventPlayer.')))
    if not got.teleport then
      fail('no teleport after eventPlayer.')
    end
    got = labels(request_at('textDocument/completion', after(row + 2, '    @')))
    if not got.Condition then
      fail('no Condition after @')
    end
    vim.api.nvim_buf_set_lines(buf, row + 1, row + 3, false, {})
  end)

  check('OverPy: vim.lsp.buf.rename renames a variable everywhere', function()
    put_cursor('score = 1')
    vim.lsp.buf.rename('points')
    wait('the rename to reach the buffer', function()
      return lines()[line_with('= 1') + 1] == '    points = 1'
    end)
    expect_eq('the declaration', lines()[1], 'globalvar points')
  end)

  check('OverPy: an edit gets its problem at the right place', function()
    local row = line_with('points = 1')
    vim.api.nvim_buf_set_lines(buf, row + 1, row + 1, false, { '    fooBar(2)' })
    local ok = pcall(fresh_diagnostics, { 'unknown-function' })
    if not ok then
      fail('the diagnostics are %s', vim.inspect(vim.diagnostic.get(buf)))
    end
    local ds = fresh_diagnostics({ 'unknown-function' })
    expect_eq('unknown-function covers', covered(ds['unknown-function']), 'fooBar')
  end)

  check('OverPy: wright.request answers for the OverPy buffer, from its unsaved text', function()
    local resp, err = require('wright').request({ op = 'check' }, buf, TIMEOUT)
    if not resp or not resp.result then
      fail('wright.request answered %s (%s)', vim.inspect(resp), tostring(err))
    end
    local codes = {}
    for _, d in ipairs(resp.result.diagnostics) do
      codes[d.code] = d.range.start.line
    end
    expect_eq('unknown-function on line', codes['unknown-function'], line_with('fooBar') + 1)
  end)
end

vim.api.nvim_create_autocmd('VimEnter', {
  once = true,
  -- :edit in the checks must fire BufRead and FileType.
  nested = true,
  callback = function()
    local ok, err = pcall(run)
    if not ok then
      failed = true
      say('FAIL the test body: %s', tostring(err))
    end
    say(failed and 'FAILED' or 'PASSED')
    vim.fn.writefile(results, results_path)
    if failed then
      vim.cmd('cquit 1')
    else
      vim.cmd('qa!')
    end
  end,
})
