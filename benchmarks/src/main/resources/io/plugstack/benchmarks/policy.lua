-- A realistic site policy (the benchmark's script, run unchanged by slurmctld and by Plugstack):
-- route jobs without a partition by size and time, enforce the partition's time limit, tell the user.
local DEBUG_MAX_MINUTES = 30

function slurm_job_submit(job_desc, part_list, submit_uid)
	if job_desc.time_limit == slurm.NO_VAL then
		slurm.log_user("please give a time limit (--time)")
		return slurm.ESLURM_INVALID_TIME_LIMIT
	end
	local partition = job_desc.partition
	if partition == nil then
		local nodes = job_desc.min_nodes
		if job_desc.time_limit <= DEBUG_MAX_MINUTES and (nodes == slurm.NO_VAL or nodes <= 1) then
			partition = "debug"
		else
			partition = "batch"
		end
		job_desc.partition = partition
	end
	local part = part_list[partition]
	if part == nil then
		slurm.log_user("partition %s is not open to you", partition)
		return slurm.ESLURM_INVALID_PARTITION_NAME
	end
	if part.max_time ~= slurm.INFINITE and job_desc.time_limit > part.max_time then
		slurm.log_user("time limit %d exceeds %s's %d minutes", job_desc.time_limit, partition, part.max_time)
		return slurm.ESLURM_INVALID_TIME_LIMIT
	end
	slurm.log_user("routed to %s", partition)
	return slurm.SUCCESS
end

function slurm_job_modify(job_desc, job_rec, part_list, modify_uid)
	return slurm.SUCCESS
end
