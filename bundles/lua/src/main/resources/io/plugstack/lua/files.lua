-- The standard library's file access as the user a call acts for (UserFiles). Installed before any
-- script code, so a script that keeps io.open in a local keeps this one. While the call acts for the
-- runtime's own user (h_foreign() false) every function checks its arguments as C does and hands
-- over to C Lua's own; while it acts for another user, paths are opened, read, removed, renamed and
-- searched by a child running as that user (in the user's command's working directory when known), and
-- os.getenv reads the user's command's environment (when known; else HOME, USER, LOGNAME and SHELL are the
-- user's login values).
-- Arguments: stream.lua's module, the host functions, whether this is Lua 5.1.
local stream, h_foreign, h_open, h_remove, h_rename, h_tmpname, h_search, h_userenv, h_cmodule, v51 = ...
local unpack = table.unpack or unpack
local select, type, tostring, error, getinfo, dgetmetatable, rawget, format, concat = select, type, tostring,
  error, debug.getinfo, debug.getmetatable, rawget, string.format, table.concat
local load, loadstring = load, loadstring

local c = {
  open = io.open, lines = io.lines, input = io.input, output = io.output, read = io.read, write = io.write,
  close = io.close, type = io.type, remove = os.remove, rename = os.rename, tmpname = os.tmpname,
  getenv = os.getenv, dofile = dofile, loadfile = loadfile, searchpath = package.searchpath,
  loadlib = package.loadlib,
}

-- luaL_argerror: the function's name as its caller calls it (level 3 from here: argerror, the check,
-- the replaced function), else its global name (5.2+) or "?" (5.1); at the caller's line
local function argerror(n, qualified, msg, depth)
  local ar = getinfo(depth or 3, "n")
  local name = ar and ar.name or (v51 and "?" or qualified)
  error(format("bad argument #%d to '%s' (%s)", n, name, msg), (depth or 3) + 1)
end

local function typename(v, present)
  if not present then return "no value" end
  local mt = not v51 and dgetmetatable(v)
  if mt and type(rawget(mt, "__name")) == "string" then return rawget(mt, "__name") end
  return type(v)
end

-- luaL_checkstring / luaL_optstring of argument n of the replaced function's arguments
local function checkstring(qualified, n, ...)
  local v = select(n, ...)
  if type(v) == "string" then return v end
  if type(v) == "number" then return tostring(v) end
  argerror(n, qualified, "string expected, got " .. typename(v, select("#", ...) >= n))
end
local function optstring(qualified, n, default, ...)
  if select(n, ...) == nil then return default end
  return checkstring(qualified, n, ...)
end

local function open(path, mode) -- io.open as the user: luaL_fileresult's nil, "path: strerror", errno
  local id, err, code = h_open(path, mode)
  if not id then return nil, path .. ": " .. err, code end
  return stream.new(id, "file")
end

io.open = function(...)
  local path = checkstring("io.open", 1, ...)
  local mode = optstring("io.open", 2, "r", ...)
  if not v51 and not mode:match("^[rwa]%+?b*$") then argerror(2, "io.open", "invalid mode", 2) end
  if not h_foreign() then return c.open(...) end
  return open(path, mode)
end

-- an io.lines or io.input/io.output path the user cannot open: each version's own error
local function cannotopen(fname, path, err)
  if v51 then argerror(1, "io." .. fname, err, 3) end
  error(format("cannot open file '%s' (%s)", path, err:sub(#path + 3)), 3)
end

-- the default input and output when they are files of ours (C's own defaults otherwise)
local default = {}

local function current(which, message)
  local f = default[which]
  if f and not f.id then error(message, 3) end
  return f
end

io.lines = function(...)
  if (...) == nil then
    local f = current("input", "default input file is closed")
    if f then return f:lines(select(2, ...)) end
    return c.lines(...)
  end
  local path = checkstring("io.lines", 1, ...)
  if not h_foreign() then return c.lines(...) end
  local f, err = open(path, "r")
  if not f then cannotopen("lines", path, err) end
  if v51 then return (stream.lines(f, true)) end
  return stream.lines(f, true, select(2, ...)), nil, nil, f
end

local function iofile(which, mode, fname)
  return function(...)
    local v = ...
    if v == nil then return default[which] or c[which](...) end
    if stream.is(v) then
      if not v.id then error("attempt to use a closed file", 2) end
      default[which] = v
      return v
    end
    if (type(v) == "string" or type(v) == "number") and h_foreign() then
      local f, err = open(tostring(v), mode)
      if not f then cannotopen(fname, tostring(v), err) end
      default[which] = f
      return f
    end
    default[which] = nil
    return c[which](...)
  end
end
io.input = iofile("input", "r", "input")
io.output = iofile("output", "w", "output")

io.read = function(...)
  local f = current("input", "default input file is closed")
  if f then return f:read(...) end
  return c.read(...)
end

io.write = function(...)
  local f = current("output", "default output file is closed")
  if f then return f:write(...) end
  return c.write(...)
end

io.close = function(...)
  local f = ...
  if select("#", ...) == 0 then f = default.output end
  if stream.is(f) then return f:close() end
  return c.close(...)
end

io.type = function(...)
  local f = ...
  if stream.is(f) then return f.id and "file" or "closed file" end
  return c.type(...)
end

os.remove = function(...)
  local path = checkstring("os.remove", 1, ...)
  if not h_foreign() then return c.remove(...) end
  local err, code = h_remove(path)
  if err then return nil, path .. ": " .. err, code end
  return true
end

os.rename = function(...)
  local from = checkstring("os.rename", 1, ...)
  local to = checkstring("os.rename", 2, ...)
  if not h_foreign() then return c.rename(...) end
  local err, code = h_rename(from, to)
  if err then return nil, v51 and (from .. ": " .. err) or err, code end -- 5.2+ names no file
  return true
end

os.tmpname = function(...)
  if not h_foreign() then return c.tmpname(...) end
  local name = h_tmpname()
  if not name then error("unable to generate a unique filename", 2) end
  return name
end

os.getenv = function(...)
  local name = checkstring("os.getenv", 1, ...)
  local known, value = h_userenv(name) -- the user's command's environment, or their login variables
  if known then return value end
  return c.getenv(...)
end

-- luaL_loadfilex over bytes read as the user: a BOM (5.2+) and a first "#" line skipped, the line
-- count kept; then ... is load's mode and env (5.2+)
local function loadbytes(data, path, ...)
  if not v51 and data:sub(1, 3) == "\239\187\191" then data = data:sub(4) end
  if data:sub(1, 1) == "#" then data = (data:gsub("^[^\n]*", "", 1)) end
  if v51 then return loadstring(data, "@" .. path) end
  return load(data, "@" .. path, ...)
end

local function readchunk(path) -- the file's bytes, or nil and luaL_loadfilex's message
  local f, err = open(path, "r")
  if not f then return nil, "cannot open " .. err end
  local data, rerr = f:read("*a")
  f:close()
  if not data then return nil, "cannot read " .. path .. ": " .. tostring(rerr) end
  return data
end

local function userloadfile(...)
  if (...) == nil or not h_foreign() then return c.loadfile(...) end
  local path = checkstring("loadfile", 1, ...)
  local data, err = readchunk(path)
  if not data then return nil, err end
  if v51 then return loadbytes(data, path) end
  local mode = select(2, ...) or "bt"
  if select("#", ...) >= 3 then return loadbytes(data, path, mode, (select(3, ...))) end
  return loadbytes(data, path, mode)
end
loadfile = userloadfile

dofile = function(...)
  if (...) == nil or not h_foreign() then return c.dofile(...) end
  local f, err = userloadfile(checkstring("dofile", 1, ...))
  if not f then error(err, 0) end
  return f()
end

-- package.path's candidates for name, and searchpath's message naming them all
local function plain(s) return (s:gsub("[%^%$%(%)%%%.%[%]%*%+%-%?]", "%%%0")) end
local function templates(name, path, sep, rep)
  sep, rep = sep or ".", rep or "/"
  if sep ~= "" then name = name:gsub(plain(sep), (rep:gsub("%%", "%%%%"))) end
  local all = path:gsub("%?", (name:gsub("%%", "%%%%")))
  local list = {}
  for f in all:gmatch("[^;]+") do list[#list + 1] = f end
  if v51 then return list, #list == 0 and "" or "\n\tno file '" .. concat(list, "'\n\tno file '") .. "'" end
  return list, "no file '" .. (all:gsub(";", "'\n\tno file '")) .. "'"
end

local function pathof(field)
  local path = package[field]
  if type(path) ~= "string" then error(format("'package.%s' must be a string", field), 0) end
  return path
end

local searchers = package.searchers or package.loaders

-- require's Lua file searcher: the first file of package.path the user can read
local c_searchlua = searchers[2]
searchers[2] = function(name, ...)
  if not h_foreign() then return c_searchlua(name, ...) end
  local list, message = templates(name, pathof("path"))
  if #list == 0 then return message end
  local i, data, err = h_search(true, unpack(list))
  if not i then return message end
  local f
  if data then f, err = loadbytes(data, list[i]) else err = "cannot read " .. list[i] .. ": " .. tostring(err) end
  if not f then error(format("error loading module '%s' from file '%s':\n\t%s", name, list[i], err), 0) end
  if v51 then return f end
  return f, list[i]
end

-- C modules run inside the runtime, with its rights: acting for another user, only a library root
-- alone controls is loaded (h_cmodule says why not)
local function csearcher(c_searcher, rootonly)
  return function(name, ...)
    if not h_foreign() or type(package.cpath) ~= "string" then return c_searcher(name, ...) end
    local modname = name
    if rootonly then
      modname = name:match("^([^.]*)%.")
      if not modname then return c_searcher(name, ...) end
    end
    local why = h_cmodule(unpack((templates(modname, package.cpath))))
    if not why then return c_searcher(name, ...) end
    return (v51 and "\n\t" or "") .. "no C module loaded: " .. why
  end
end
searchers[3] = csearcher(searchers[3], false)
searchers[4] = csearcher(searchers[4], true)

package.loadlib = function(...)
  local path = checkstring("package.loadlib", 1, ...)
  checkstring("package.loadlib", 2, ...)
  if h_foreign() then
    local why = h_cmodule(path)
    if why then return nil, why, "open" end
  end
  return c.loadlib(...)
end

if c.searchpath then
  package.searchpath = function(...)
    local name = checkstring("package.searchpath", 1, ...)
    local path = checkstring("package.searchpath", 2, ...)
    local sep = optstring("package.searchpath", 3, ".", ...)
    local rep = optstring("package.searchpath", 4, "/", ...)
    if not h_foreign() then return c.searchpath(...) end
    local list, message = templates(name, path, sep, rep)
    local i = #list > 0 and h_search(false, unpack(list))
    if i then return list[i] end
    return nil, message
  end
end
