package io.plugstack.job_submit.lua;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.lua.LuaProxies;
import party.iroiro.luajava.Lua;

/**
 * {@code job_rec} of slurm_job_modify (JSL-26): a read-only proxy over the existing job. Its argv is
 * 1-indexed (unlike job_desc.argv). Fields the host's job record does not carry read nil.
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

    private JobRecord current;

    void install(Lua L) {
        LuaProxies.registerMetatable(L, META, this::index, null);
    }

    void push(Lua L, JobRecord job) {
        current = job;
        LuaProxies.pushProxy(L, META);
    }

    private int index(Lua L) {
        Function<JobRecord, Object> f = L.isString(2) ? FIELDS.get(L.toString(2)) : null;
        Object v = f == null || current == null ? null : f.apply(current);
        if (v instanceof String) {
            L.push((String) v);
        } else if (v instanceof Long) {
            L.push((double) (Long) v);
        } else if (v instanceof List && !((List<?>) v).isEmpty()) {
            List<?> items = (List<?>) v;
            L.createTable(items.size(), 0);
            for (int i = 0; i < items.size(); i++) {
                L.push(String.valueOf(items.get(i)));
                L.rawSetI(-2, i + 1);
            }
        } else {
            L.pushNil();
        }
        return 1;
    }
}
