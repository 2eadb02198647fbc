--[[
 job_submit.lua - Plugstack's shim for Slurm's own job_submit/lua (slurm.conf: JobSubmitPlugins=lua;
 put this file next to slurm.conf). It runs Plugstack's Java job_submit chain (JobSubmitPlugins= of
 the node daemon's "plugstack.slurm" configuration) for every submission and `scontrol update job`:

   slurmctld -> this script -> ctld.sock of the Plugstack node daemon -> JobSubmitChain -> answer

 The request carries submit_uid, every set job_desc field, job_rec (modify) and part_list; the answer
 is Slurm's rc, the user message (slurm.log_user) and the fields to write (job_desc[k] = v). The frames
 are runtime/bridge/PROTOCOL.md's (JOB_HELLO, JOB_FIELDS, JOB_CALL, JOB_RESULT). Needs lua-socket
 (Debian/EPEL: lua-socket) for socket.unix; Lua 5.1 to 5.4.

 Failure rule: fail closed. A runtime that cannot be reached, refuses, or does not answer within
 TIMEOUT seconds rejects the request (slurm.ERROR, "Plugstack unavailable: <why>" to the user), so a
 policy is never skipped silently and slurmctld, which holds its locks while this runs, never waits
 longer than TIMEOUT (plus one reconnect when a kept connection turned out dead).
]]

-- settings -------------------------------------------------------------------------------------
local SOCKET = "/run/plugstack/ctld.sock" -- the node daemon's socket directory + /ctld.sock
local TIMEOUT = 2.0                       -- seconds, per call (connect, send, answer)
-- ----------------------------------------------------------------------------------------------

local socket = require("socket")
local unix = require("socket.unix")

local PROTOCOL = 3
local JOB_HELLO, JOB_CALL, REFUSE, JOB_FIELDS, JOB_RESULT = 5, 6, 67, 68, 69
local NUMBER, STRING, LIST, BOOLEAN = 0, 1, 2, 3
local NULL = 4294967295
-- names never read from job_desc, whatever the daemon asks: reading job_desc.assoc_qos makes Slurm
-- 24.11's own job_submit/lua crash slurmctld (SIGSEGV) on a cluster without accounting (seen on 24.11.5)
local NOT_READ = { assoc_qos = true }

-- the one connection of this Lua state, and the names the daemon asked for
local conn, fields = nil, nil

local function u32(n)
  n = n % 4294967296
  local b4 = n % 256; n = (n - b4) / 256
  local b3 = n % 256; n = (n - b3) / 256
  local b2 = n % 256
  return string.char((n - b2) / 256, b2, b3, b4)
end

local function str(s)
  if s == nil then return u32(NULL) end
  return u32(#s) .. s
end

local function strs(list, out)
  out[#out + 1] = u32(#list)
  for _, s in ipairs(list) do out[#out + 1] = str(s) end
end

-- a Lua table as a list: Slurm's argv tables start at 0 in job_desc, at 1 in job_rec
local function items(t)
  local list, i = {}, (t[0] ~= nil) and 0 or 1
  while t[i] ~= nil do list[#list + 1] = tostring(t[i]); i = i + 1 end
  return list
end

-- every name the daemon listed that has a value in this proxy (pairs() sees nothing in one)
local function values(proxy, names, out)
  local n, at = 0, #out + 1
  out[at] = ""
  for _, k in ipairs(names) do
    local v = nil
    if not NOT_READ[k] then v = proxy[k] end
    local t = type(v)
    if t == "number" then
      out[#out + 1] = str(k) .. u32(NUMBER) .. str(string.format("%.0f", v)); n = n + 1
    elseif t == "string" then
      out[#out + 1] = str(k) .. u32(STRING) .. str(v); n = n + 1
    elseif t == "boolean" then
      out[#out + 1] = str(k) .. u32(BOOLEAN) .. u32(v and 1 or 0); n = n + 1
    elseif t == "table" then
      out[#out + 1] = str(k) .. u32(LIST); strs(items(v), out); n = n + 1
    end
  end
  out[at] = u32(n)
end

-- decoding ------------------------------------------------------------------------------------
local function rd_u32(s, p)
  local a, b, c, d = s:byte(p, p + 3)
  if not d then error("truncated answer") end
  return ((a * 256 + b) * 256 + c) * 256 + d, p + 4
end

local function rd_str(s, p)
  local n; n, p = rd_u32(s, p)
  if n == NULL then return nil, p end
  if p + n - 1 > #s then error("truncated answer") end
  return s:sub(p, p + n - 1), p + n
end

local function rd_strs(s, p)
  local n, list = nil, {}
  n, p = rd_u32(s, p)
  for i = 1, n do list[i], p = rd_str(s, p) end
  return list, p
end

-- one exchange within the deadline ------------------------------------------------------------
local function io_wait(c, deadline)
  local left = deadline - socket.gettime()
  if left <= 0 then error("timed out after " .. TIMEOUT .. " s", 0) end
  c:settimeout(left)
end

local function send(c, deadline, ftype, body)
  io_wait(c, deadline)
  local ok, err = c:send(u32(#body + 1) .. string.char(ftype) .. body)
  if not ok then error(err == "timeout" and ("timed out after " .. TIMEOUT .. " s") or err, 0) end
end

local function receive(c, deadline)
  io_wait(c, deadline)
  local head, err = c:receive(4)
  if not head then error(err == "timeout" and ("timed out after " .. TIMEOUT .. " s") or err, 0) end
  local len = rd_u32(head, 1)
  if len < 1 or len > 8388608 then error("bad answer length " .. len, 0) end
  io_wait(c, deadline)
  local rest; rest, err = c:receive(len)
  if not rest then error(err == "timeout" and ("timed out after " .. TIMEOUT .. " s") or err, 0) end
  local ftype = rest:byte(1)
  if ftype == REFUSE then error("refused: " .. tostring(rd_str(rest, 2)), 0) end
  return ftype, rest
end

local function connect(deadline)
  local c = unix.stream()
  io_wait(c, deadline)
  local ok, err = c:connect(SOCKET)
  if not ok then c:close(); error(SOCKET .. ": " .. tostring(err), 0) end
  -- no release: Slurm's Lua slurm table does not say which it is (job_submit/plugstack sends it)
  send(c, deadline, JOB_HELLO, u32(PROTOCOL) .. str(slurm.CLUSTER_NAME) .. str(nil))
  local ftype, body = receive(c, deadline)
  if ftype ~= JOB_FIELDS then c:close(); error("unexpected answer " .. ftype, 0) end
  local f, p = {}, 2
  f.job_desc, p = rd_strs(body, p)
  f.job_rec, p = rd_strs(body, p)
  f.partition, p = rd_strs(body, p)
  conn, fields = c, f
end

local function drop()
  if conn then conn:close() end
  conn, fields = nil, nil
end

local function exchange(deadline, build)
  local fresh = false
  if not conn then connect(deadline); fresh = true end
  local body = build()
  local ok, ftype, answer = pcall(function()
    send(conn, deadline, JOB_CALL, body)
    return receive(conn, deadline)
  end)
  if not ok then
    drop()
    -- a kept connection the daemon closed (restart): reconnect once; a timeout is final
    if fresh or string.find(tostring(ftype), "timed out", 1, true) then error(ftype, 0) end
    connect(deadline)
    send(conn, deadline, JOB_CALL, build())
    ftype, answer = receive(conn, deadline)
  end
  if ftype ~= JOB_RESULT then drop(); error("unexpected answer " .. ftype, 0) end
  return answer
end

-- the hooks -----------------------------------------------------------------------------------
local function call(hook, job_desc, job_rec, part_list, uid)
  local deadline = socket.gettime() + TIMEOUT
  local ok, answer = pcall(exchange, deadline, function()
    local out = { u32(hook), u32(uid) }
    values(job_desc, fields.job_desc, out)
    if job_rec then values(job_rec, fields.job_rec, out) else out[#out + 1] = u32(0) end
    local parts = {}
    for _, p in pairs(part_list or {}) do parts[#parts + 1] = p end
    out[#out + 1] = u32(#parts)
    for _, p in ipairs(parts) do values(p, fields.partition, out) end
    return table.concat(out)
  end)
  if not ok then
    drop()
    local msg = "Plugstack unavailable: " .. tostring(answer)
    slurm.log_error("job_submit.lua: %s", msg)
    if hook == 0 then slurm.log_user("%s", msg) end
    return slurm.ERROR
  end
  local rc, p = rd_u32(answer, 2)
  if rc >= 2147483648 then rc = rc - 4294967296 end
  local msg; msg, p = rd_str(answer, p)
  local n; n, p = rd_u32(answer, p)
  for _ = 1, n do
    local name, kind, v
    name, p = rd_str(answer, p)
    kind, p = rd_u32(answer, p)
    if kind == LIST then v, p = rd_strs(answer, p)
    elseif kind == BOOLEAN then v, p = rd_u32(answer, p)
    else v, p = rd_str(answer, p) end
    if kind == NUMBER then job_desc[name] = tonumber(v)
    elseif kind == STRING then job_desc[name] = v or "" end
  end
  if msg then
    if hook == 0 then slurm.log_user("%s", msg) else slurm.log_info("job_submit.lua: job_modify: %s", msg) end
  end
  return rc
end

function slurm_job_submit(job_desc, part_list, submit_uid)
  return call(0, job_desc, nil, part_list, submit_uid)
end

function slurm_job_modify(job_desc, job_rec, part_list, modify_uid)
  return call(1, job_desc, job_rec, part_list, modify_uid)
end

return slurm.SUCCESS
