package io.plugstack.runtime.node.internal;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.jobsubmit.PartitionState;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.user.UnixUsers;
import io.plugstack.runtime.node.wire.JobMessages.Value;

/**
 * The real slurmctld's job record (job_modify's job_rec) and partitions (part_list), as the job_submit
 * shim reads them from Slurm's Lua proxies by name, made into the API's {@link JobRecord} and
 * {@link Partition}. A name the running Slurm does not know reads nil there: the field keeps its
 * "unset" value here (0, NO_VAL, null, empty).
 */
final class CtldRecords {

    private CtldRecords() {
    }

    /** job_rec's names (Slurm's src/lua/slurm_lua.c) that JobRecord offers. */
    static final List<String> JOB_REC = List.of("job_id", "user_id", "group_id", "user_name", "partition", "name", "account", "qos",
            "comment", "admin_comment", "job_state", "time_limit", "priority", "nice", "min_nodes", "max_nodes", "work_dir", "std_out",
            "std_err", "submit_time", "start_time", "end_time", "array_job_id", "array_task_id", "het_job_id", "argv", "spank_job_env");

    /** part_list entries' names (job_submit_lua.c's partition proxy) that Partition needs. */
    static final List<String> PARTITION = List.of("name", "nodes", "flag_default", "flags", "state_up", "priority_tier", "max_time",
            "default_time", "max_nodes", "min_nodes", "total_nodes", "total_cpus", "max_mem_per_cpu", "max_mem_per_node", "def_mem_per_cpu",
            "def_mem_per_node", "allow_accounts", "deny_accounts", "allow_qos", "allow_groups", "max_cpus_per_node",
            "priority_job_factor", "qos");

    private static final long PART_FLAG_DEFAULT = 0x1;
    private static final long PART_FLAG_ROOT_ONLY = 0x8;

    /** The values by name. */
    private record Named(Map<String, Value> values) {
        static Named of(List<Value> list) {
            Map<String, Value> m = new HashMap<>();
            list.forEach(v -> m.put(v.name(), v));
            return new Named(m);
        }

        String str(String name) {
            Value v = values.get(name);
            return v != null && v.kind() == Value.STRING ? v.text() : null;
        }

        long num(String name, long unset) {
            Value v = values.get(name);
            if (v == null || v.kind() != Value.NUMBER) {
                return v != null && v.kind() == Value.BOOLEAN ? (v.flag() ? 1 : 0) : unset;
            }
            BigInteger b = new BigInteger(v.text());
            return b.bitLength() > 63 && b.signum() > 0 ? unset : b.longValue();
        }

        List<String> list(String name) {
            Value v = values.get(name);
            return v != null && v.kind() == Value.LIST ? v.list() : List.of();
        }
    }

    /** job_modify's current job, read-only. */
    static JobRecord jobRecord(List<Value> values) {
        Named n = Named.of(values);
        return new JobRecord() {
            public long jobId() { return n.num("job_id", 0); }
            public long userId() { return n.num("user_id", NoVal.NO_VAL); }
            public long groupId() { return n.num("group_id", NoVal.NO_VAL); }
            public String userName() { return n.str("user_name"); }
            public String partition() { return n.str("partition"); }
            public String name() { return n.str("name"); }
            public String account() { return n.str("account"); }
            public String qos() { return n.str("qos"); }
            public String comment() { return n.str("comment"); }
            public String adminComment() { return n.str("admin_comment"); }
            public long jobState() { return n.num("job_state", 0); }
            public long timeLimit() { return n.num("time_limit", NoVal.NO_VAL); }
            public long priority() { return n.num("priority", 0); }
            public long nice() { return n.num("nice", NoVal.NICE_OFFSET); }
            public long minNodes() { return n.num("min_nodes", 0); }
            public long maxNodes() { return n.num("max_nodes", 0); }
            public String workDir() { return n.str("work_dir"); }
            public String stdOut() { return n.str("std_out"); }
            public String stdErr() { return n.str("std_err"); }
            public long submitTime() { return n.num("submit_time", 0); }
            public long startTime() { return n.num("start_time", 0); }
            public long endTime() { return n.num("end_time", 0); }
            public long arrayJobId() { return n.num("array_job_id", 0); }
            public long arrayTaskId() { return n.num("array_task_id", NoVal.NO_VAL); }
            public long hetJobId() { return n.num("het_job_id", 0); }
            public List<String> argv() { return n.list("argv"); }
            public List<String> spankJobEnv() { return n.list("spank_job_env"); }
            @Override
            public String toString() { return "job " + jobId() + " (" + name() + ")"; }
        };
    }

    /** One entry of part_list; empty when it has no name. */
    static Optional<Partition> partition(List<Value> values) {
        Named n = Named.of(values);
        String name = n.str("name");
        if (name == null) {
            return Optional.empty();
        }
        long flags = n.num("flags", 0);
        String groups = n.str("allow_groups");
        return Optional.of(Partition.named(name)
                .state(state(n.num("state_up", 3)))
                .isDefault(n.num("flag_default", 0) != 0 || (flags & PART_FLAG_DEFAULT) != 0)
                .priorityTier((int) n.num("priority_tier", 1))
                .rootOnly((flags & PART_FLAG_ROOT_ONLY) != 0)
                .allowedUids(groups == null || groups.isEmpty() || groups.equalsIgnoreCase("ALL") ? Optional.empty()
                        : Optional.of(UnixUsers.uidsInGroups(Arrays.asList(groups.split(",")))))
                .accounts(csv(n.str("allow_accounts")), csv(n.str("deny_accounts")))
                .allowQos(csv(n.str("allow_qos")))
                .memoryLimits(n.num("max_mem_per_cpu", 0), n.num("max_mem_per_node", 0))
                // DefMemPerCPU=1000 reads def_mem_per_cpu=1000, def_mem_per_node=nil in Slurm's Lua: read both, as they are
                .defaultMemory(n.num("def_mem_per_cpu", 0), n.num("def_mem_per_node", 0))
                .times(n.num("max_time", NoVal.INFINITE), n.num("default_time", NoVal.NO_VAL))
                .jobNodes(n.num("max_nodes", NoVal.INFINITE), n.num("min_nodes", 0))
                .maxCpusPerNode(n.num("max_cpus_per_node", NoVal.INFINITE))
                .priorityJobFactor((int) n.num("priority_job_factor", 1))
                .qos(n.str("qos"))
                .nodes(n.num("total_nodes", 0), n.num("total_cpus", 0), n.str("nodes") == null ? "" : n.str("nodes"))
                .build());
    }

    /** slurm.h's state_up: PARTITION_UP 3 (SUBMIT|SCHED), DOWN 1 (SUBMIT), DRAIN 2 (SCHED), INACTIVE 0. */
    static PartitionState state(long up) {
        return switch ((int) up) {
            case 3 -> PartitionState.UP;
            case 1 -> PartitionState.DOWN;
            case 2 -> PartitionState.DRAIN;
            default -> PartitionState.INACTIVE;
        };
    }

    private static List<String> csv(String s) {
        return s == null || s.isEmpty() || s.equalsIgnoreCase("ALL") ? List.of() : Arrays.asList(s.split(","));
    }
}
