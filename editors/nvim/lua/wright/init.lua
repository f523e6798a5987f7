-- wright: the Neovim setup of wright-lsp, the language server of
-- Overwatch Workshop scripts.
--
--   require('wright').setup({ cmd = { 'wright-lsp', '--stdio' } })
--
-- setup() detects the filetypes (.ow and .workshop are "workshop", .opy is
-- "overpy") and starts the server for every buffer of those filetypes, one
-- server per project root. It runs on Neovim 0.7.2 (Debian 12) and newer:
-- 0.7 has neither vim.lsp.start nor vim.fs, so the client is started with
-- vim.lsp.start_client and the root is found by hand; where vim.lsp.start
-- exists it is used instead (start_client is deprecated from 0.11).
--
-- lsp/testdata/nvim/init.lua of the wright-lsp repository loads this very
-- module in its headless test: change them together.

local M = {}

-- The defaults of setup's options.
M.defaults = {
  -- The server command: the wright-lsp binary serves the Language Server
  -- Protocol on stdio when given --stdio.
  cmd = { 'wright-lsp', '--stdio' },
  -- The filetypes the server is started for.
  filetypes = { 'workshop', 'overpy' },
  -- A project root is the nearest directory above the file holding one of
  -- these; a file outside any project gets its own directory as the root.
  root_markers = { '.wright.yaml', '.git' },
  -- Sent as initializationOptions, and answered when the server asks for
  -- its "wright" configuration section. Example:
  --   settings = { wright = { locale = 'fr-FR', disabledRules = { 'repeated-value' } } }
  settings = {},
  -- on_attach(client, bufnr), capabilities, flags, handlers, on_init,
  -- on_exit and cmd_env pass through to the client unchanged.
  on_attach = nil,
  capabilities = nil,
  flags = nil,
  handlers = nil,
  on_init = nil,
  on_exit = nil,
  cmd_env = nil,
}

-- The options of the last setup() call.
M.options = vim.deepcopy(M.defaults)

-- The filetype of each file extension.
local extensions = { ow = 'workshop', workshop = 'workshop', opy = 'overpy' }

-- The clients started on 0.7, by root directory.
local clients = {}

local uv = vim.loop

---@private
local function exists(path)
  return uv.fs_stat(path) ~= nil
end

---@private
local function parent(dir)
  local p = vim.fn.fnamemodify(dir, ':h')
  if p == dir then
    return nil
  end
  return p
end

--- Returns the project root of a file: the nearest directory above it
--- (its own directory included) holding one of the root markers, else the
--- file's directory.
---@param path string an absolute file path
---@param markers table|nil file or directory names; the setup's when nil
---@return string
function M.root_dir(path, markers)
  markers = markers or M.options.root_markers
  local start = vim.fn.fnamemodify(path, ':p:h')
  local dir = start
  while dir do
    for _, marker in ipairs(markers) do
      -- .git may be a directory or, in a worktree, a file: fs_stat takes both.
      if exists(dir .. '/' .. marker) then
        return dir
      end
    end
    dir = parent(dir)
  end
  return start
end

---@private
local function warn(message)
  vim.notify('wright: ' .. message, vim.log.levels.WARN)
end

local warned_missing = false

---@private
-- client_config builds the client configuration of a root directory.
local function client_config(root)
  local o = M.options
  return {
    name = 'wright',
    cmd = o.cmd,
    cmd_env = o.cmd_env,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    settings = o.settings,
    -- An empty table would go out as [], which is no settings object.
    init_options = next(o.settings) ~= nil and o.settings or nil,
    capabilities = o.capabilities,
    handlers = o.handlers,
    flags = o.flags,
    on_attach = function(client, bufnr)
      -- Completion with <C-x><C-o> from the server, unless the buffer
      -- already has an omnifunc of the user's.
      if vim.api.nvim_buf_get_option(bufnr, 'omnifunc') == '' then
        vim.api.nvim_buf_set_option(bufnr, 'omnifunc', 'v:lua.vim.lsp.omnifunc')
      end
      if o.on_attach then
        o.on_attach(client, bufnr)
      end
    end,
    on_init = o.on_init,
    on_exit = function(code, signal, client_id)
      for r, id in pairs(clients) do
        if id == client_id then
          clients[r] = nil
        end
      end
      if o.on_exit then
        o.on_exit(code, signal, client_id)
      end
    end,
  }
end

--- Starts (or reuses) the server of a buffer's project and attaches the
--- buffer to it.
---@param bufnr number|nil the buffer; the current one when nil or 0
---@return number|nil the client id, or nil when nothing was started
function M.attach(bufnr)
  if bufnr == nil or bufnr == 0 then
    bufnr = vim.api.nvim_get_current_buf()
  end
  local name = vim.api.nvim_buf_get_name(bufnr)
  -- Only buffers of files: a scratch buffer has no URI the server can use.
  if name == '' or vim.api.nvim_buf_get_option(bufnr, 'buftype') ~= '' then
    return nil
  end
  local exe = M.options.cmd[1]
  if vim.fn.executable(exe) ~= 1 then
    if not warned_missing then
      warned_missing = true
      warn(exe .. ' is not executable: install wright-lsp or pass cmd to require("wright").setup()')
    end
    return nil
  end
  local root = M.root_dir(name)
  if vim.lsp.start then
    -- 0.8 and newer: vim.lsp.start reuses the client of the same name and root.
    return vim.lsp.start(client_config(root), { bufnr = bufnr })
  end
  local id = clients[root]
  local client = id and vim.lsp.get_client_by_id(id)
  if not client or client.is_stopped() then
    id = vim.lsp.start_client(client_config(root))
    if not id then
      warn('the server did not start: see :lua print(vim.lsp.get_log_path())')
      return nil
    end
    clients[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

--- Returns the wright client attached to a buffer, or nil.
---@param bufnr number|nil the buffer; the current one when nil or 0
function M.client(bufnr)
  if bufnr == nil or bufnr == 0 then
    bufnr = vim.api.nvim_get_current_buf()
  end
  if vim.lsp.get_clients then -- 0.10 and newer
    return vim.lsp.get_clients({ bufnr = bufnr, name = 'wright' })[1]
  end
  for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
    if client.name == 'wright' then
      return client
    end
  end
  return nil
end

--- Sends a wright-agent/v1 request (a table such as
--- { op = 'usage', symbol = 'Kills' }) through the command wright.request
--- and returns the response object ({ result = … } or { error = … }), or
--- nil and an error message. Without a document member, the request
--- addresses the buffer's program.
---@param request table
---@param bufnr number|nil a buffer the server is attached to
---@param timeout_ms number|nil default 10000
function M.request(request, bufnr, timeout_ms)
  if bufnr == nil or bufnr == 0 then
    bufnr = vim.api.nvim_get_current_buf()
  end
  local client = M.client(bufnr)
  if not client then
    return nil, 'wright-lsp is not attached to this buffer'
  end
  if request.document == nil then
    -- The buffer's program, whatever else the workspace holds.
    request = vim.tbl_extend('force', request, { document = vim.uri_from_bufnr(bufnr) })
  end
  local resp, err = client.request_sync('workspace/executeCommand',
    { command = 'wright.request', arguments = { request } }, timeout_ms or 10000, bufnr)
  if not resp then
    return nil, err
  end
  if resp.err then
    return nil, resp.err.message
  end
  return resp.result
end

--- Opens a trace document, wright.simulate's result ({ uri, title, text }),
--- in a read-only scratch buffer named by its wright-trace: URI: the one
--- already showing that trace is refreshed, else a new split opens.
---@param result table
---@return number the buffer
function M.show_trace(result)
  local tb
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_get_name(b) == result.uri then
      tb = b
    end
  end
  if not tb then
    tb = vim.api.nvim_create_buf(true, true)
    vim.api.nvim_buf_set_name(tb, result.uri)
    vim.api.nvim_buf_set_option(tb, 'buftype', 'nofile')
    vim.api.nvim_buf_set_option(tb, 'bufhidden', 'hide')
    vim.api.nvim_buf_set_option(tb, 'swapfile', false)
  end
  local text = result.text:gsub('\n$', '')
  vim.api.nvim_buf_set_option(tb, 'modifiable', true)
  vim.api.nvim_buf_set_lines(tb, 0, -1, false, vim.split(text, '\n', { plain = true }))
  vim.api.nvim_buf_set_option(tb, 'modifiable', false)
  vim.api.nvim_buf_set_option(tb, 'modified', false)
  local win = vim.fn.bufwinid(tb)
  if win == -1 then
    vim.cmd('split')
    vim.api.nvim_win_set_buf(0, tb)
  else
    vim.api.nvim_set_current_win(win)
  end
  return tb
end

--- Runs a Simulate lens's command: wright.simulate with its argument
--- ({ uri, rule }), the trace shown by show_trace. The server is asked
--- not to show it ("show": false): Neovim opens it itself, and 0.7 has no
--- window/showDocument.
---@param arg table the lens command's argument
---@param bufnr number|nil a buffer the server is attached to
function M.simulate(arg, bufnr)
  local client = M.client(bufnr)
  if not client then
    warn('wright-lsp is not attached to this buffer')
    return
  end
  local params = { command = 'wright.simulate', arguments = { vim.tbl_extend('force', arg, { show = false }) } }
  client.request('workspace/executeCommand', params, function(err, result)
    if err then
      warn(err.message or tostring(err))
    elseif result then
      M.show_trace(result)
    end
  end, bufnr)
end

---@private
local function detect_filetypes(group)
  if vim.filetype and vim.filetype.add then
    -- Used by 0.8 and newer, and by 0.7 with vim.g.do_filetype_lua = 1.
    vim.filetype.add({ extension = extensions })
  end
  -- 0.7's default detection is filetype.vim, which knows neither
  -- extension: setfiletype sets the filetype unless something already did.
  for ext, ft in pairs(extensions) do
    vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
      group = group,
      pattern = '*.' .. ext,
      command = 'setfiletype ' .. ft,
    })
  end
end

--- Sets wright-lsp up: filetype detection and a server for every buffer of
--- the filetypes. Calling it again replaces the options; servers already
--- running keep theirs.
---@param opts table|nil see M.defaults
function M.setup(opts)
  -- Each option given replaces the default whole: a deep merge would mix
  -- the lists (cmd = { '/x/wright-lsp' } would keep the default's '--stdio').
  M.options = vim.deepcopy(M.defaults)
  for k, v in pairs(opts or {}) do
    M.options[k] = v
  end
  if type(M.options.cmd) == 'string' then
    M.options.cmd = { M.options.cmd, '--stdio' }
  end
  -- The Simulate code lenses (vim.lsp.codelens.run) run here, so that the
  -- trace opens in a buffer.
  vim.lsp.commands['wright.simulate'] = function(command, ctx)
    M.simulate(command.arguments[1], ctx.bufnr)
  end
  local group = vim.api.nvim_create_augroup('wright', { clear = true })
  detect_filetypes(group)
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = M.options.filetypes,
    callback = function(args)
      M.attach(args.buf)
    end,
  })
  -- Buffers loaded before setup() (a file named on the command line when
  -- setup runs from a plugin file) are set up now.
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) then
      local ft = vim.api.nvim_buf_get_option(buf, 'filetype')
      local detected = extensions[vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buf), ':e')]
      if ft == '' and detected then
        -- Setting it fires FileType, which attaches.
        vim.api.nvim_buf_set_option(buf, 'filetype', detected)
      elseif vim.tbl_contains(M.options.filetypes, ft) then
        M.attach(buf)
      end
    end
  end
end

return M
