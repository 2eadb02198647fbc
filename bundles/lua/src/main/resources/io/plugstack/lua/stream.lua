-- Lua's FILE* methods (liolib) for streams the host holds (HostStreams): io.popen's pipes and files
-- opened as another user (UserFiles). Written once here so both behave as C Lua's file objects do,
-- with 5.1 or 5.2+ results. Arguments: the host's read, write, flush, seek, close and release
-- functions, and whether this is Lua 5.1. Returns new(id, kind), is(x) and lines(f, toclose, ...).
local h_read, h_write, h_flush, h_seek, h_close, h_release, v51 = ...
local unpack = table.unpack or unpack
local select, type, tostring, error, setmetatable, getmetatable, format = select, type, tostring, error,
  setmetatable, getmetatable, string.format
local mathtype, newproxy = math.type, newproxy

local File = { __name = "FILE*" }
File.__index = File
File.__tostring = function(f) return f.id and ("file (" .. f.kind .. " " .. f.id .. ")") or "file (closed)" end
-- an object a script drops without closing releases its stream, as C Lua's collector fcloses it
File.__gc = function(f) if f.id then h_release(f.id) end end
-- io.lines(path)'s fourth result is a to-be-closed variable of the generic for (5.4)
File.__close = function(f) if f.id then f:close() end end

local function is(x) return type(x) == "table" and getmetatable(x) == File end

local function live(f)
  if not is(f) then error("bad argument #1 (FILE* expected)", 3) end
  if not f.id then error("attempt to use a closed file", 3) end
  return f.id
end

-- 5.2+ luaL_execresult; 5.1 has no such helper
local function execresult(code)
  if code == 0 then return true, "exit", 0 end
  return nil, "exit", code
end

local function readformats(id, ...)
  local n = select("#", ...)
  if n == 0 then return h_read(id, "l") end
  local out = {}
  for i = 1, n do
    local fmt = select(i, ...)
    if type(fmt) == "string" then
      fmt = fmt:gsub("^%*", ""):sub(1, 1)
      if fmt ~= "l" and fmt ~= "L" and fmt ~= "a" and fmt ~= "n" then
        error("bad argument #" .. i .. " to 'read' (invalid format)", 3)
      end
    elseif type(fmt) ~= "number" then
      error("bad argument #" .. i .. " to 'read' (invalid format)", 3)
    end
    local v, err, code = h_read(id, fmt)
    if v == nil and err then return nil, err, code end -- a read error: luaL_fileresult
    out[i] = v
    if v == nil then return unpack(out, 1, i) end
  end
  return unpack(out, 1, n)
end

function File:read(...) return readformats(live(self), ...) end

-- the iterator of f:lines() and io.lines(path): a read error is raised, and io.lines(path)'s own
-- file is closed at the end
local function lines(f, toclose, ...)
  local fmts = { n = select("#", ...), ... }
  return function()
    if not f.id then error("file is already closed", 2) end
    local r = { readformats(f.id, unpack(fmts, 1, fmts.n)) }
    if r[1] == nil then
      if r[2] then error(r[2], 2) end
      if toclose then f:close() end
    end
    return unpack(r, 1, fmts.n > 0 and fmts.n or 1)
  end
end

function File:lines(...)
  live(self)
  return lines(self, false, ...)
end

function File:write(...)
  local id = live(self)
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    if type(v) == "number" then
      -- fprintf's LUA_NUMBER_FMT, not tostring: a 5.4 float 1.0 is written "1"
      v = (mathtype and mathtype(v) == "float") and format("%.14g", v) or tostring(v)
    elseif type(v) ~= "string" then
      error("bad argument #" .. i .. " to 'write' (string expected, got " .. type(v) .. ")", 2)
    end
    local ok, err, code = h_write(id, v)
    if not ok then return nil, err, code end
  end
  if v51 then return true end
  return self
end

function File:flush() return h_flush(live(self)) end
function File:setvbuf() live(self) return true end

function File:seek(whence, offset)
  local id = live(self)
  whence = whence or "cur"
  if whence ~= "set" and whence ~= "cur" and whence ~= "end" then
    error("bad argument #1 to 'seek' (invalid option '" .. tostring(whence) .. "')", 2)
  end
  return h_seek(id, whence, offset or 0)
end

function File:close()
  local id = live(self)
  self.id = nil
  if self.kind == "file" then return h_close(id) end
  local code = h_close(id)
  if v51 then return true end
  return execresult(code)
end

local function new(id, kind)
  local f = setmetatable({ id = id, kind = kind }, File)
  if v51 then
    -- 5.1 runs no __gc for tables: a userdata the file holds does it for the file
    local proxy = newproxy(true)
    getmetatable(proxy).__gc = function() if f.id then h_release(f.id) end end
    f.gc = proxy
  end
  return f
end

return { new = new, is = is, lines = lines, execresult = execresult }
