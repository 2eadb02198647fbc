--[[
 cli_filter.lua for cli_filter/lua (CliFilterPlugins=lua): put your site's script here unchanged,
 or name it with CliFilterParameters=cli_filter_lua_path=<path>. This one changes nothing.
--]]

function slurm_cli_setup_defaults(options, early_pass)
	return slurm.SUCCESS
end

function slurm_cli_pre_submit(options, pack_offset)
	return slurm.SUCCESS
end

function slurm_cli_post_submit(offset, job_id, step_id)
	return slurm.SUCCESS
end
