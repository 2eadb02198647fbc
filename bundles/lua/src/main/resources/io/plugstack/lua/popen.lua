-- io.popen and os.execute as PUC Lua's liolib/loslib define them, over host functions that run the
-- command with /bin/sh -c (the bundled natives lack popen, and their os.execute reports raw wait
-- statuses under 5.2+). Arguments: stream.lua's module (the file object), the host functions, and
-- whether this is Lua 5.1.
local stream, h_popen, h_execute, v51 = ...
local type, tostring, error = type, tostring, error

io.popen = function(cmd, mode)
  if type(cmd) ~= "string" and type(cmd) ~= "number" then
    error("bad argument #1 to 'popen' (string expected, got " .. (cmd == nil and "no value" or type(cmd)) .. ")", 2)
  end
  mode = mode or "r"
  if mode ~= "r" and mode ~= "w" then error("bad argument #2 to 'popen' (invalid mode)", 2) end
  local id, err = h_popen(tostring(cmd), mode)
  if not id then return nil, err end
  return stream.new(id, "popen")
end

os.execute = function(cmd)
  if cmd == nil then
    if v51 then return 1 end
    return true
  end
  local code = h_execute(tostring(cmd))
  if v51 then return code * 256 end
  return stream.execresult(code)
end
