package io.plugstack.job_submit.lua;

import java.util.List;

import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.jobsubmit.PartitionState;
import party.iroiro.luajava.Lua;

/**
 * {@code part_list} (JSL-24): a table keyed by partition name (ipairs sees nothing) holding the
 * partitions the user may use; each value is a read-only proxy ({@link RecordProxies}) whose metatable
 * carries the partition's name, as Slurm's carries {@code _part_ptr}.
 * The fields are job_submit_lua.c's _part_rec_field (25.11): memory defaults and limits read as Slurm
 * keeps them in one value with a per-CPU flag, so of def_mem_per_cpu/def_mem_per_node (and
 * max_mem_per_cpu/max_mem_per_node) the one not configured reads nil, the node one 0 when neither is.
 * Fields the host's partition model does not know (allow_alloc_nodes, alternate, billing_weights_str,
 * deny_qos, max_cpus_per_socket) read nil.
 */
final class PartitionTable {

    static final String INDEX = "plugstack.part_index";

    /** part_record flags (PART_FLAG_DEFAULT, PART_FLAG_ROOT_ONLY). */
    static final long FLAG_DEFAULT = 1L;
    static final long FLAG_ROOT_ONLY = 1L << 3;

    private final RecordProxies<Partition> proxies = new RecordProxies<>(INDEX, PartitionTable::field);

    void install(Lua L) {
        proxies.install(L);
    }

    /** Pushes part_list: the partitions of {@code all} that {@code uid} may use. */
    void push(Lua L, List<Partition> all, long uid) {
        proxies.clear();
        proxies.pushTable(L, all.stream().filter(p -> p.allowsUser(uid)).toList(), Partition::name);
    }

    private static Object field(Partition p, String key) {
        switch (key) {
            case "name":
                return p.name();
            case "nodes":
                return p.nodes();
            case "allow_accounts":
                return joined(p.allowAccounts());
            case "deny_accounts":
                return joined(p.denyAccounts());
            case "allow_qos":
                return joined(p.allowQos());
            case "allow_groups":
                return p.allowedUids().isEmpty() ? null : "";
            case "flag_default":
                return p.isDefault() ? 1L : 0L;
            case "flags":
                return (p.isDefault() ? FLAG_DEFAULT : 0) | (p.rootOnly() ? FLAG_ROOT_ONLY : 0);
            case "default_time":
                return p.defaultTime();
            case "max_time":
                return p.maxTime();
            case "max_cpus_per_node":
                return p.maxCpusPerNode();
            case "max_nodes":
            case "max_nodes_orig":
                return p.maxNodes();
            case "min_nodes":
            case "min_nodes_orig":
                return p.minNodes();
            case "def_mem_per_cpu":
                return perCpu(p.defMemPerCpu(), p.defMemPerNode()) ? p.defMemPerCpu() : null;
            case "def_mem_per_node":
                return perCpu(p.defMemPerCpu(), p.defMemPerNode()) ? null : p.defMemPerNode();
            case "max_mem_per_cpu":
                return perCpu(p.maxMemPerCpu(), p.maxMemPerNode()) ? p.maxMemPerCpu() : null;
            case "max_mem_per_node":
                return perCpu(p.maxMemPerCpu(), p.maxMemPerNode()) ? null : p.maxMemPerNode();
            case "priority_job_factor":
                return (long) p.priorityJobFactor();
            case "qos":
                return p.qos();
            case "priority_tier":
                return (long) p.priorityTier();
            case "state_up":
                return stateUp(p.state());
            case "total_cpus":
                return p.totalCpus();
            case "total_nodes":
                return p.totalNodes();
            case "max_share":
            case "max_oversubscribe":
                return 1L;
            default:
                return null;
        }
    }

    /** Whether Slurm keeps this memory value per CPU (MEM_PER_CPU): the per-CPU key set, the per-node one not (it wins). */
    private static boolean perCpu(long perCpu, long perNode) {
        return perNode == 0 && perCpu > 0;
    }

    /** part_record.state_up: PARTITION_SUBMIT (1) | PARTITION_SCHED (2). */
    private static long stateUp(PartitionState s) {
        switch (s) {
            case UP:
                return 3;
            case DOWN:
                return 1;
            case DRAIN:
                return 2;
            default:
                return 0;
        }
    }

    private static String joined(List<String> names) {
        return names.isEmpty() ? null : String.join(",", names);
    }
}
