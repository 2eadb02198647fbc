-- The job_desc probe (issue 17): dumps every job_desc field job_submit/lua exposes, one line each,
-- for each slurm_job_submit / slurm_job_modify call, to DUMP (a file the caller reads and removes).
-- Run unchanged on a real Slurm and on the bench; numbers are printed as integers when integral so
-- that Lua 5.1 and 5.3+ print alike.
local DUMP = "@DUMP@"

local FIELDS = {
  "account", "acctg_freq", "admin_comment", "alloc_node", "argc", "argv", "array_inx", "assoc_comment",
  "assoc_qos", "batch_features", "begin_time", "bitflags", "boards_per_node", "burst_buffer", "clusters",
  "comment", "container", "contiguous", "cores_per_socket", "cpu_freq_gov", "cpu_freq_max", "cpu_freq_min",
  "cpus_per_task", "cpus_per_tres", "cron_job", "default_account", "default_qos", "delay_boot", "dependency",
  "end_time", "environment", "exc_nodes", "extra", "features", "gres", "group_id", "het_job_offset",
  "immediate", "licenses", "mail_type", "mail_user", "max_cpus", "max_nodes", "mcs_label", "mem_per_tres",
  "min_cpus", "min_mem_per_cpu", "min_mem_per_node", "min_nodes", "name", "network", "nice",
  "ntasks_per_board", "ntasks_per_core", "ntasks_per_gpu", "ntasks_per_node", "ntasks_per_socket",
  "ntasks_per_tres", "num_tasks", "oversubscribe", "pack_job_offset", "partition", "pn_min_cpus",
  "pn_min_memory", "pn_min_tmp_disk", "power_flags", "prefer", "priority", "qos", "reboot", "req_context", "req_nodes",
  "req_switch", "requeue", "reservation", "script", "selinux_context", "shared", "site_factor",
  "sockets_per_board", "sockets_per_node", "spank_job_env", "spank_job_env_size", "std_err", "std_in",
  "std_out", "threads_per_core", "time_limit", "time_min", "tres_bind", "tres_freq", "tres_per_job",
  "tres_per_node", "tres_per_socket", "tres_per_task", "user_id", "user_name", "wait4switch", "wckey",
  "work_dir",
}

local RECORD = { "user_name", "user_id", "job_state", "name", "comment" }

-- part_list's fields, as 22.05's job_submit_lua.c _part_rec_field names them
local PARTITION = {
  "allow_accounts", "allow_alloc_nodes", "allow_groups", "allow_qos", "alternate", "billing_weights_str",
  "default_time", "def_mem_per_cpu", "def_mem_per_node", "deny_accounts", "deny_qos", "flag_default", "flags",
  "max_cpus_per_node", "max_mem_per_cpu", "max_mem_per_node", "max_nodes", "max_nodes_orig", "max_share",
  "max_oversubscribe", "max_time", "min_nodes", "min_nodes_orig", "name", "nodes", "priority_job_factor",
  "priority_tier", "qos", "state_up", "total_cpus", "total_nodes",
}

local function num(v)
  if v == math.floor(v) and math.abs(v) < 2^53 then return string.format("%.0f", v) end
  return string.format("%.17g", v)
end

local function render(v)
  local t = type(v)
  if t == "nil" then return "nil" end
  if t == "number" then return "number " .. num(v) end
  if t == "boolean" then return "boolean " .. tostring(v) end
  if t == "string" then return "string " .. string.format("%q", v):gsub("\\\n", "\\n") end
  if t == "table" then
    local parts = {}
    for i = 0, 64 do
      if v[i] ~= nil then parts[#parts + 1] = i .. "=" .. string.format("%q", tostring(v[i])):gsub("\\\n", "\\n") end
    end
    return "table " .. table.concat(parts, " ")
  end
  return t
end

local function dump(out, desc)
  for _, name in ipairs(FIELDS) do
    local ok, v = pcall(function() return desc[name] end)
    if not ok then
      out:write(name, "\terror\n")
    elseif name == "environment" then
      -- a proxy: say what it is, and whether it answers a variable every submission has
      local line = type(v)
      if type(v) == "table" then line = line .. " PATH=" .. (v["PATH"] ~= nil and "set" or "nil") end
      out:write(name, "\t", line, "\n")
    elseif name == "script" then
      out:write(name, "\t", v == nil and "nil" or ("string #" .. #v), "\n")
    else
      out:write(name, "\t", render(v), "\n")
    end
  end
end

local function dump_partitions(out, part_list)
  local names = {}
  for name, _ in pairs(part_list) do names[#names + 1] = name end
  table.sort(names)
  for _, name in ipairs(names) do
    for _, field in ipairs(PARTITION) do
      local ok, v = pcall(function() return part_list[name][field] end)
      out:write("part_list.", name, ".", field, "\t", ok and render(v) or "error", "\n")
    end
  end
end

function slurm_job_submit(job_desc, part_list, submit_uid)
  local out = io.open(DUMP, "a")
  out:write("=== slurm_job_submit submit_uid=", num(submit_uid), "\n")
  dump(out, job_desc)
  dump_partitions(out, part_list)
  out:close()
  return slurm.SUCCESS
end

function slurm_job_modify(job_desc, job_rec, part_list, modify_uid)
  local out = io.open(DUMP, "a")
  out:write("=== slurm_job_modify modify_uid=", num(modify_uid), "\n")
  dump(out, job_desc)
  for _, name in ipairs(RECORD) do
    out:write("job_rec.", name, "\t", render(job_rec[name]), "\n")
  end
  out:close()
  return slurm.SUCCESS
end

return slurm.SUCCESS
