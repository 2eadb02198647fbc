package io.plugstack.itest;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The SLURM_* variables task 0 of {@link #COMMAND} sees, the same for the bench (JobLaunchIT) and a real Slurm 22.05
 * (RealSlurmClusterIT): srun's and slurmstepd's, with the step's own. A value may name what differs between the two
 * clusters: {@code <job>}, {@code <node>}, {@code <cluster>}, {@code <dir>} (where srun ran), {@code <host>} (where).
 */
public final class SrunTaskVariables {

    private SrunTaskVariables() {
    }

    /** srun's arguments: two tasks, task 0 prints its environment. */
    public static final String[] COMMAND = {"srun", "-n", "2", "-J", "vars", "sh", "-c", "test $SLURM_PROCID != 0 || env"};

    public static final Map<String, String> EXPECTED = Map.ofEntries(
            Map.entry("SLURMD_NODENAME", "<node>"), Map.entry("SLURM_CLUSTER_NAME", "<cluster>"),
            Map.entry("SLURM_CPUS_ON_NODE", "2"), Map.entry("SLURM_GTIDS", "0,1"), Map.entry("SLURM_JOBID", "<job>"),
            Map.entry("SLURM_JOB_CPUS_PER_NODE", "2"), Map.entry("SLURM_JOB_GID", "0"), Map.entry("SLURM_JOB_ID", "<job>"),
            Map.entry("SLURM_JOB_NAME", "vars"), Map.entry("SLURM_JOB_NODELIST", "<node>"), Map.entry("SLURM_JOB_NUM_NODES", "1"),
            Map.entry("SLURM_JOB_PARTITION", "debug"), Map.entry("SLURM_JOB_UID", "0"), Map.entry("SLURM_JOB_USER", "root"),
            Map.entry("SLURM_LOCALID", "0"), Map.entry("SLURM_NNODES", "1"), Map.entry("SLURM_NODEID", "0"),
            Map.entry("SLURM_NODELIST", "<node>"), Map.entry("SLURM_NPROCS", "2"), Map.entry("SLURM_NTASKS", "2"),
            Map.entry("SLURM_PROCID", "0"), Map.entry("SLURM_STEPID", "0"), Map.entry("SLURM_STEP_ID", "0"),
            Map.entry("SLURM_STEP_NODELIST", "<node>"), Map.entry("SLURM_STEP_NUM_NODES", "1"), Map.entry("SLURM_STEP_NUM_TASKS", "2"),
            Map.entry("SLURM_STEP_TASKS_PER_NODE", "2"), Map.entry("SLURM_SUBMIT_DIR", "<dir>"), Map.entry("SLURM_SUBMIT_HOST", "<host>"),
            Map.entry("SLURM_TASKS_PER_NODE", "2"), Map.entry("SLURM_TOPOLOGY_ADDR", "<node>"),
            Map.entry("SLURM_TOPOLOGY_ADDR_PATTERN", "node"));

    /** Set by a real srun and slurmstepd from what the bench does not simulate (ports, addresses, the client's process). */
    public static final Set<String> NOT_SIMULATED = Set.of("SLURM_CONF", "SLURM_LAUNCH_NODE_IPADDR", "SLURM_SRUN_COMM_HOST",
            "SLURM_SRUN_COMM_PORT", "SLURM_STEP_LAUNCHER_PORT", "SLURM_WORKING_CLUSTER", "SLURM_PRIO_PROCESS", "SLURM_UMASK",
            "SLURM_TASK_PID");

    /** The SLURM_* variables of {@code env}'s output (SLURMD_NODENAME included) but those not simulated. */
    public static Map<String, String> seen(String envOutput) {
        return envOutput.lines().filter(l -> l.startsWith("SLURM") && l.contains("=")).map(l -> l.split("=", 2))
                .filter(kv -> !NOT_SIMULATED.contains(kv[0])).collect(Collectors.toMap(kv -> kv[0], kv -> kv[1], (a, b) -> b, TreeMap::new));
    }

    /** {@link #EXPECTED} with its placeholders filled in. */
    public static Map<String, String> expected(String job, String node, String cluster, String dir, String host) {
        Map<String, String> out = new TreeMap<>();
        EXPECTED.forEach((k, v) -> out.put(k, v.replace("<job>", job).replace("<node>", node).replace("<cluster>", cluster)
                .replace("<dir>", dir).replace("<host>", host)));
        return out;
    }
}
