-- io.popen and os.execute as PUC Lua's liolib/loslib define them, over host functions that run the
-- command with /bin/sh -c (the bundled natives lack popen, and their os.execute reports raw wait
-- statuses under 5.2+). Arguments: the host functions, and whether this is Lua 5.1.
local h_popen, h_read, h_write, h_close, h_execute, v51 = ...
local unpack = table.unpack or unpack
local select, type, tostring, error, setmetatable = select, type, tostring, error, setmetatable

local File = {}
File.__index = File
File.__tostring = function(f) return f.id and ("file (popen " .. f.id .. ")") or "file (closed)" end

local function live(f)
  if type(f) ~= "table" or getmetatable(f) ~= File then error("bad argument #1 (FILE* expected)", 3) end
  if not f.id then error("attempt to use a closed file", 3) end
  return f.id
end

-- 5.2+ luaL_execresult; 5.1 has no such helper (callers differ below)
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
    local v = h_read(id, fmt)
    out[i] = v
    if v == nil then return unpack(out, 1, i) end
  end
  return unpack(out, 1, n)
end

function File:read(...) return readformats(live(self), ...) end

function File:lines(...)
  local id, fmts = live(self), { n = select("#", ...), ... }
  return function() return readformats(id, unpack(fmts, 1, fmts.n)) end
end

function File:write(...)
  local id = live(self)
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    if type(v) ~= "string" and type(v) ~= "number" then
      error("bad argument #" .. i .. " to 'write' (string expected, got " .. type(v) .. ")", 2)
    end
    h_write(id, tostring(v))
  end
  return self
end

function File:flush() live(self) return self end
function File:setvbuf() live(self) return true end

function File:close()
  local code = h_close(live(self))
  self.id = nil
  if v51 then return true end
  return execresult(code)
end

io.popen = function(cmd, mode)
  if type(cmd) ~= "string" and type(cmd) ~= "number" then
    error("bad argument #1 to 'popen' (string expected, got " .. (cmd == nil and "no value" or type(cmd)) .. ")", 2)
  end
  mode = mode or "r"
  if mode ~= "r" and mode ~= "w" then error("bad argument #2 to 'popen' (invalid mode)", 2) end
  local id, err = h_popen(tostring(cmd), mode)
  if not id then return nil, err end
  return setmetatable({ id = id }, File)
end

os.execute = function(cmd)
  if cmd == nil then
    if v51 then return 1 end
    return true
  end
  local code = h_execute(tostring(cmd))
  if v51 then return code * 256 end
  return execresult(code)
end
