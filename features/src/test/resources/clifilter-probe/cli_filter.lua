-- The cli_filter probe (issue 27): dumps the options a site's cli_filter.lua reads, one line each, at
-- every hook, to DUMP (a file the caller reads and removes). Run unchanged under Slurm's own cli_filter/lua
-- and under Plugstack's; the dumps must match. post_submit's job id differs between clusters: not dumped.
local DUMP = "@DUMP@"

local NAMES = {
  "account", "acctg-freq", "array", "begin", "chdir", "clusters", "comment", "constraint", "contiguous",
  "cpus-per-task", "dependency", "error", "exclude", "exclusive", "export", "gres", "gpus", "hold",
  "input", "job-name", "licenses", "mail-type", "mail-user", "mem", "mem-per-cpu", "mincpus", "nice",
  "nodelist", "nodes", "ntasks", "ntasks-per-node", "output", "overcommit", "oversubscribe", "partition",
  "qos", "requeue", "reservation", "time", "time-min", "tmp", "wckey", "wrap", "type",
}

local function dump(hook, options)
  local out = io.open(DUMP, "a")
  out:write("=== ", hook, "\n")
  for _, n in ipairs(NAMES) do
    out:write(n, "\t", type(options[n]), " ", tostring(options[n]), "\n")
  end
  out:close()
end

function slurm_cli_setup_defaults(options, early)
  dump("setup_defaults " .. tostring(early), options)
  return slurm.SUCCESS
end

function slurm_cli_pre_submit(options, offset)
  dump("pre_submit " .. tostring(offset), options)
  -- the positional arguments, as the options table and json_cli_options give them (CliFilterArgv's rows)
  local out = io.open(DUMP, "a")
  out:write("argv\t", #options.argv, " ", table.concat(options.argv, " "), "\n")
  out:write("json argv\t", tostring(slurm.json_cli_options(options):match('"argv":%s*%[[^%]]*%]')), "\n")
  out:close()
  return slurm.SUCCESS
end

function slurm_cli_post_submit(offset, job_id, step_id)
  local out = io.open(DUMP, "a")
  out:write("=== post_submit ", tostring(offset), " step ", tostring(step_id), "\n")
  out:close()
  return slurm.SUCCESS
end
