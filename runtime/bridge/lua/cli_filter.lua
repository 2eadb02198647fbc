--[[
 cli_filter.lua - Plugstack's shim for Slurm's own cli_filter/lua (slurm.conf: CliFilterPlugins=lua;
 put this file next to slurm.conf). It runs Plugstack's Java cli_filter chain (CliFilterPlugins= of
 the node daemon's "plugstack.slurm" configuration) inside every srun, sbatch and salloc:

   srun/sbatch/salloc (as the user) -> this script -> user.sock of the node daemon -> CliFilterChain

 One connection per command (the Lua state lives as long as the command), so the command's plugin
 instances keep their state from setup_defaults to post_submit. The daemon knows the user by
 SO_PEERCRED. Each hook sends Slurm's own JSON of the set options (slurm.json_cli_options) and the
 text Slurm's proxy gives every option, set or not (an unset one reads its default text), and gets
 back the chain's rc, the lines to log (printed here with slurm.log_error / log_info / ...) and the
 options to write (options[name] = value; nil unsets). The frames are runtime/bridge/PROTOCOL.md's
 (CLI_HELLO, CLI_CALL, CLI_RESULT). Needs lua-socket (Debian/EPEL: lua-socket) for socket.unix.

 Failure rule: a refusal by a Java plugin (or a plugin that throws, or one that cannot be loaded)
 stops the command, as a failing C cli_filter plugin does ("cli_filter plugin terminated with error").
 A runtime that cannot be reached, refuses, answers garbage or does not answer within TIMEOUT seconds
 is skipped: one error line on the command's stderr, and the command goes on without the Java chain
 for the rest of its run. A client-side filter is advisory (users can run a command without it), so
 policy that must hold belongs in job_submit, which fails closed.
]]

-- settings -------------------------------------------------------------------------------------
local SOCKET = "/run/plugstack/user.sock" -- the node daemon's socket directory + /user.sock
local TIMEOUT = 2.0                       -- seconds, per call (connect, send, answer)
-- ----------------------------------------------------------------------------------------------

local socket = require("socket")
local unix = require("socket.unix")

local PROTOCOL = 3
local CLI_HELLO, CLI_CALL, REFUSE, CLI_RESULT = 7, 8, 67, 70
local SETUP_DEFAULTS, PRE_SUBMIT, POST_SUBMIT = 0, 1, 2
local NULL = 4294967295
local ENV_MAX = 262144 -- CLI_HELLO's environment, in str bytes (4 + length each): well inside 1 MiB

-- this command's connection; skipped once the runtime failed (one line, then silence)
local conn, skipped = nil, false

local function u32(n)
  n = math.floor(tonumber(n) or 0) % 4294967296
  local b4 = n % 256; n = (n - b4) / 256
  local b3 = n % 256; n = (n - b3) / 256
  local b2 = n % 256
  return string.char((n - b2) / 256, b2, b3, b4)
end

local function str(s)
  if s == nil then return u32(NULL) end
  return u32(#s) .. s
end

-- the environment the command started with (/proc/self/environ: Lua cannot list its own), as strs,
-- stopping at the entry that would take it over ENV_MAX; none when it cannot be read
local function environment()
  local f = io.open("/proc/self/environ", "rb")
  local data = f and f:read("*a")
  if f then f:close() end
  local parts, size, p = {}, 0, 1
  while data and p <= #data do
    local z = data:find("\0", p, true) or (#data + 1)
    if z > p then
      local entry = data:sub(p, z - 1)
      size = size + 4 + #entry
      if size > ENV_MAX then break end
      parts[#parts + 1] = str(entry)
    end
    p = z + 1
  end
  return u32(#parts) .. table.concat(parts)
end

-- CLI_HELLO: the command and the user's process it runs in (PROTOCOL.md, "The user's process")
local function hello(command)
  local body = u32(PROTOCOL) .. str(command) .. str(os.getenv("PWD")) .. environment()
  return u32(#body + 1) .. string.char(CLI_HELLO) .. body
end

local function rd_u32(s, p)
  local a, b, c, d = s:byte(p, p + 3)
  if not d then error("truncated answer", 0) end
  return ((a * 256 + b) * 256 + c) * 256 + d, p + 4
end

local function rd_str(s, p)
  local n; n, p = rd_u32(s, p)
  if n == NULL then return nil, p end
  if p + n - 1 > #s then error("truncated answer", 0) end
  return s:sub(p, p + n - 1), p + n
end

local function wait(c, deadline)
  local left = deadline - socket.gettime()
  if left <= 0 then error("timed out after " .. TIMEOUT .. " s", 0) end
  c:settimeout(left)
end

local function failed(err)
  return (err == "timeout") and ("timed out after " .. TIMEOUT .. " s") or tostring(err)
end

local function send(c, deadline, ftype, body)
  wait(c, deadline)
  local ok, err = c:send(u32(#body + 1) .. string.char(ftype) .. body)
  if not ok then error(failed(err), 0) end
end

local function receive(c, deadline)
  wait(c, deadline)
  local head, err = c:receive(4)
  if not head then error(failed(err), 0) end
  local len = rd_u32(head, 1)
  if len < 1 or len > 1048576 then error("bad answer length " .. len, 0) end
  wait(c, deadline)
  local rest; rest, err = c:receive(len)
  if not rest then error(failed(err), 0) end
  local ftype = rest:byte(1)
  if ftype == REFUSE then error("refused: " .. tostring(rd_str(rest, 2)), 0) end
  if ftype ~= CLI_RESULT then error("unexpected answer " .. ftype, 0) end
  return rest
end

-- one hook: CLI_HELLO first on a new connection, then CLI_CALL -> CLI_RESULT
local function exchange(command, body)
  local deadline = socket.gettime() + TIMEOUT
  local first = ""
  if not conn then
    local c = unix.stream()
    wait(c, deadline)
    local ok, err = c:connect(SOCKET)
    if not ok then c:close(); error(SOCKET .. ": " .. tostring(err), 0) end
    conn = c
    first = hello(command)
  end
  -- HELLO and the call go out together: one wait for the runtime, not two
  local framed = first .. u32(#body + 1) .. string.char(CLI_CALL) .. body
  wait(conn, deadline)
  local ok, err = conn:send(framed)
  if not ok then error(failed(err), 0) end
  return receive(conn, deadline)
end

local LOG = { [0] = "log_error", "log_info", "log_verbose", "log_debug", "log_debug2", "log_debug3", "log_error" }

-- One line as Slurm would print it. A Lua script's line arrives as "lua: <text>": Slurm's own log_*
-- adds that prefix, so it goes there without it. Any other line (a Java plugin's, or cli_filter/lua's
-- own error such as "cli_filter_p_pre_submit/lua: <script>: ...") is what a C plugin prints with
-- error() or info(): "<command>: error: <text>", "<command>: <text>" (log_* would add "lua: ").
-- Verbose and debug lines need Slurm's -v count, so they go through log_* as they are.
local LUA_PREFIX = "lua: "
-- the command's name (srun, sbatch, salloc); post_submit has no options, so it is kept from the first hook
local command = nil
local function say(level, text)
  if text:sub(1, #LUA_PREFIX) == LUA_PREFIX then
    local f = slurm[LOG[level] or "log_info"] or slurm.log_info
    f("%s", text:sub(#LUA_PREFIX + 1))
  elseif level == 0 then
    io.stderr:write((command or "slurm") .. ": error: " .. text .. "\n")
  elseif level == 6 then
    io.stderr:write(text .. "\n")
  elseif level == 1 then
    io.stderr:write((command or "slurm") .. ": " .. text .. "\n")
  else
    local f = slurm[LOG[level] or "log_info"] or slurm.log_info
    f("%s", text)
  end
end

-- the answer: rc, the lines to log, the options to write (options is nil in post_submit)
local function apply(answer, options)
  local rc, p = rd_u32(answer, 2)
  if rc >= 2147483648 then rc = rc - 4294967296 end
  local n; n, p = rd_u32(answer, p)
  local lines = {}
  for i = 1, n do
    local level, text
    level, p = rd_u32(answer, p)
    text, p = rd_str(answer, p)
    lines[i] = { level, text or "" }
  end
  local writes = {}
  n, p = rd_u32(answer, p)
  for i = 1, n do
    local name, value
    name, p = rd_str(answer, p)
    value, p = rd_str(answer, p)
    writes[i] = { name, value }
  end
  if p ~= #answer + 1 then error("bad answer: " .. (#answer + 1 - p) .. " bytes left over", 0) end
  for _, l in ipairs(lines) do
    say(l[1], l[2])
  end
  if options then
    for _, w in ipairs(writes) do
      local ok, err = pcall(function() options[w[1]] = w[2] end)
      if not ok then slurm.log_error("cli_filter.lua: cannot set %s=%s: %s", w[1], tostring(w[2]), tostring(err)) end
    end
  end
  return rc
end

-- Slurm's option long names (slurm_opt.c common_options[], 22.05 to 25.11; a name this Slurm does not have
-- reads nil): Slurm's proxy answers an option the command did not set with its getter's default text
-- ("unset", "-2"), which json_cli_options (set options only) cannot carry, so every option's text travels
-- too. runtime/bench's ShimOptionNamesTest keeps this list equal to the bench's table of Slurm's options.
local OPTION_NAMES = {
  "accel-bind", "account", "acctg-freq", "argv", "array", "autocomplete", "batch", "bb", "bbf",
  "bcast", "bcast-exclude", "begin", "bell", "chdir", "cluster", "cluster-constraint", "clusters",
  "comment", "compress", "constraint", "container", "container-id", "context", "contiguous",
  "core-spec", "cores-per-socket", "cpu-bind", "cpu-freq", "cpu_bind", "cpus-per-gpu", "cpus-per-task",
  "deadline", "debugger-test", "delay-boot", "dependency", "disable-status", "distribution",
  "environment", "epilog", "error", "exact", "exclude", "exclusive", "export", "export-file",
  "external-launcher", "extra", "extra-node-info", "get-user-env", "gid", "gpu-bind", "gpu-freq",
  "gpus", "gpus-per-node", "gpus-per-socket", "gpus-per-task", "gres", "gres-flags", "help",
  "het-group", "hint", "hold", "ignore-pbs", "immediate", "input", "interactive", "job-name", "jobid",
  "kill-command", "kill-on-bad-exit", "kill-on-invalid-dep", "label", "licenses", "mail-type",
  "mail-user", "mcs-label", "mem", "mem-bind", "mem-per-cpu", "mem-per-gpu", "mincpus", "mpi",
  "msg-timeout", "multi-prog", "network", "nice", "no-allocate", "no-bell", "no-kill", "no-requeue",
  "no-shell", "nodefile", "nodelist", "nodes", "ntasks", "ntasks-per-core", "ntasks-per-gpu",
  "ntasks-per-node", "ntasks-per-socket", "ntasks-per-tres", "open-mode", "output", "overcommit",
  "overlap", "oversubscribe", "pack-group", "parsable", "partition", "power", "prefer", "preserve-env",
  "priority", "profile", "prolog", "propagate", "pty", "qos", "quiet", "quit-on-interrupt", "reboot",
  "relative", "requeue", "reservation", "resv-ports", "segment", "send-libs", "signal", "slurmd-debug",
  "sockets-per-node", "spread-job", "stepmgr", "switches", "task-epilog", "task-prolog",
  "tasks-per-node", "test-only", "thread-spec", "threads", "threads-per-core", "time", "time-min",
  "tmp", "treewidth", "tres-bind", "tres-per-task", "uid", "unbuffered", "usage", "use-min-nodes",
  "verbose", "version", "wait", "wait-all-nodes", "wckey", "whole", "wrap", "x11",
}

-- name, text, name, text... of every option the proxy answers with a string (strs on the wire)
local function option_texts(options)
  local parts, n = {}, 0
  for _, name in ipairs(OPTION_NAMES) do
    local ok, v = pcall(function() return options[name] end)
    if ok and type(v) == "string" then
      parts[#parts + 1] = str(name) .. str(v)
      n = n + 2
    end
  end
  return u32(n) .. table.concat(parts)
end

local function call(command, hook, options, early, offset, jobid, stepid)
  if skipped then return slurm.SUCCESS end
  local json, texts = nil, u32(0)
  if options then json, texts = slurm.json_cli_options(options), option_texts(options) end
  local body = u32(hook) .. u32(early and 1 or 0) .. u32(offset) .. u32(jobid) .. u32(stepid) .. str(json) .. texts
  local ok, answer = pcall(exchange, command, body)
  local rc
  if ok then ok, rc = pcall(apply, answer, options) else rc = answer end
  if not ok then
    if conn then conn:close() end
    conn, skipped = nil, true
    slurm.log_error("Plugstack unavailable: %s; the Java cli_filter plugins are skipped", tostring(rc))
    return slurm.SUCCESS
  end
  if rc ~= 0 then return slurm.ERROR end
  return slurm.SUCCESS
end


local function command_of(options)
  command = command or tostring(options.type)
  return command
end

function slurm_cli_setup_defaults(options, early_pass)
  return call(command_of(options), SETUP_DEFAULTS, options, early_pass == true, 0, 0, 0)
end

function slurm_cli_pre_submit(options, offset)
  return call(command_of(options), PRE_SUBMIT, options, false, offset, 0, 0)
end

function slurm_cli_post_submit(offset, jobid, stepid)
  if not conn then return slurm.SUCCESS end -- no chain ran in this command (skipped, or no hook before)
  call(command, POST_SUBMIT, nil, false, offset, jobid, stepid)
  return slurm.SUCCESS
end

return slurm.SUCCESS
