-- The call limits (LuaGuard): a count hook on every thread of the state asks the host, every `every`
-- instructions, whether the call is past its deadline or the state past its memory limit, and raises
-- the host's message as a Lua error where the script is. Run once on a fresh state, before any script
-- code, so it keeps the pristine debug, collectgarbage and coroutine functions. Arguments: the host's
-- check(kb) (nil or the message), the count, the memory limit in KB (math.huge: none), whether this
-- is Lua 5.1. Returns arm(), which the host calls before each call.
local check, every, limit_kb, v51 = ...
local sethook, gethook, collect = debug.sethook, debug.gethook, collectgarbage
local type, select, error, setmetatable, getmetatable, newproxy = type, select, error, setmetatable, getmetatable, newproxy

local hook, stopping
hook = function()
  local kb = collect("count")
  if kb > limit_kb then
    collect("collect") -- garbage is not the script's to keep: judge what survives a full collection
    kb = collect("count")
  end
  local err = check(kb)
  if err then
    -- again at every instruction from now on, so a script's own pcall cannot swallow the stop: the
    -- first instruction after that pcall returns raises it again, outside it
    stopping = true
    sethook(hook, "", 1)
    error(err, 2)
  end
  if select(3, gethook()) ~= every then
    sethook(hook, "", every) -- a thread left at 1 by an earlier stop, or by the collector below
  end
end

-- "bad argument" as the replaced function raises it, at the script's line (an error from a call made
-- here would name this file instead)
local function argerror(n, name, ...)
  error("bad argument #" .. n .. " to '" .. name .. "' (function expected, got "
    .. (select("#", ...) < n and "no value" or type((select(n, ...)))) .. ")", 3)
end

-- Hooks are per thread and a coroutine does not inherit a Lua hook function: its body installs ours
-- first (a tail call, so the script's function and its stack levels are unchanged).
local function hooked(name, original)
  return function(...)
    local f = ...
    if type(f) ~= "function" then argerror(1, name, ...) end
    return original(function(...)
      sethook(hook, "", every)
      return f(...)
    end)
  end
end
coroutine.create = hooked("create", coroutine.create)
coroutine.wrap = hooked("wrap", coroutine.wrap)

-- A stop is raised inside the hook, where hooks are off: a message handler would run unbounded there
-- (xpcall(f, function() while true do end end)). Once stopping, the script's handlers are skipped.
local xpcall0 = xpcall
xpcall = function(f, handler, ...)
  if type(handler) ~= "function" then
    if v51 then return xpcall0(f, handler) end -- 5.1 takes anything and fails when it is called
    argerror(2, "xpcall", f, handler, ...)
  end
  return xpcall0(f, function(e)
    if stopping then return e end
    return handler(e)
  end, ...)
end

-- One instruction can allocate as much as the state already holds (s = s .. s): counting instructions
-- alone lets memory grow many times over between two checks. A finalizer that renews itself runs at
-- the end of every collection cycle, which the allocations themselves drive; it cannot check (the
-- collector is stopped inside it in 5.4, and an error there is lost) but asks for a check at the next
-- instruction of whichever thread allocated.
local function renew() end
local function collected()
  sethook(hook, "", 1)
  renew()
end
if v51 then
  -- 5.1's collector works in fixed small increments (sweeping the string table one bucket a step), so
  -- a cycle lasts many allocations however large they are; 5.4 sizes its steps by what was allocated.
  -- A step multiplier of 0 makes every 5.1 step a whole cycle, run each time memory doubles.
  collect("setstepmul", 0)
  local proto = newproxy(true)
  getmetatable(proto).__gc = collected
  renew = function() newproxy(proto) end
else
  local mt = { __gc = collected }
  renew = function() setmetatable({}, mt) end
end
renew()

return function()
  stopping = false
  sethook(hook, "", every)
end
