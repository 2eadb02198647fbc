package io.plugstack.job_submit.lua;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.plugstack.api.jobsubmit.JobRecord;
import party.iroiro.luajava.Lua;

/**
 * {@code job_rec} of slurm_job_modify (JSL-26) and each job of {@code slurm.jobs}: a read-only proxy
 * over an existing job, with the same fields (25.11 fills both with slurm_lua_job_record_field). Its
 * argv is 1-indexed (unlike job_desc.argv). Fields the host's job record does not carry read nil.
 */
final class JobRecordTable {

    static final String META = "plugstack.job_rec";

    private static final Map<String, Function<JobRecord, Object>> FIELDS = Map.ofEntries(
            Map.entry("account", JobRecord::account),
            Map.entry("admin_comment", JobRecord::adminComment),
            Map.entry("argv", JobRecord::argv),
            Map.entry("array_job_id", JobRecord::arrayJobId),
            Map.entry("array_task_id", JobRecord::arrayTaskId),
            Map.entry("comment", JobRecord::comment),
            Map.entry("end_time", JobRecord::endTime),
            Map.entry("group_id", JobRecord::groupId),
            Map.entry("het_job_id", JobRecord::hetJobId),
            Map.entry("pack_job_id", JobRecord::hetJobId),
            Map.entry("job_id", JobRecord::jobId),
            Map.entry("job_state", JobRecord::jobState),
            Map.entry("max_nodes", JobRecord::maxNodes),
            Map.entry("min_nodes", JobRecord::minNodes),
            Map.entry("name", JobRecord::name),
            Map.entry("nice", JobRecord::nice),
            Map.entry("partition", JobRecord::partition),
            Map.entry("priority", JobRecord::priority),
            Map.entry("qos", JobRecord::qos),
            Map.entry("spank_job_env", JobRecord::spankJobEnv),
            Map.entry("start_time", JobRecord::startTime),
            Map.entry("std_err", JobRecord::stdErr),
            Map.entry("std_out", JobRecord::stdOut),
            Map.entry("submit_time", JobRecord::submitTime),
            Map.entry("time_limit", JobRecord::timeLimit),
            Map.entry("user_id", JobRecord::userId),
            Map.entry("user_name", JobRecord::userName),
            Map.entry("work_dir", JobRecord::workDir));

    private final RecordProxies<JobRecord> proxies = RecordProxies.of(META, FIELDS);

    void install(Lua L) {
        proxies.install(L);
    }

    /** job_rec of slurm_job_modify. */
    void push(Lua L, JobRecord job) {
        proxies.push(L, "job_rec", job);
    }

    /**
     * slurm.jobs before each call (_update_jobs_global): every job slurmctld knows, keyed by its id as a
     * string ("%d"), each a proxy with job_rec's fields (slurm_lua_job_record_field).
     */
    void setJobs(Lua L, List<JobRecord> jobs) {
        proxies.setGlobalTable(L, "jobs", jobs, j -> String.valueOf(j.jobId()));
    }

    /** Before each call: the last call's records are let go. */
    void clear() {
        proxies.clear();
    }
}
