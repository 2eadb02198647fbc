package io.plugstack.runtime.bench.controller;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

import io.plugstack.api.slurm.NoVal;

/**
 * The SLURM_* variables a job's allocation gives what runs in it, one row per variable, as Slurm 22.05
 * sets them (src/common/env.c: env_array_for_batch_job for the batch step, env_array_for_job for
 * salloc's command; sbatch/salloc's own SLURM_SUBMIT_DIR/HOST). Checked against a real 22.05.8 node
 * with 2 CPUs: {@code sbatch -n 2} gives SLURM_NTASKS=2, SLURM_TASKS_PER_NODE=2, SLURM_JOB_CPUS_PER_NODE=2;
 * without -n there is no SLURM_NTASKS; {@code -c 2} gives SLURM_CPUS_PER_TASK=2 and 2 CPUs on the node.
 * An srun inside reads SLURM_NTASKS (as -n), so it runs the allocation's task count. An srun step's tasks get
 * the allocation's variables with the step's task count, slurmstepd's (SLURM_JOB_UID ... SLURMD_NODENAME) and the
 * step's own (SLURM_STEP_*, SLURM_TOPOLOGY_*), checked against `srun -n 2 env` on a real 22.05.8 (SrunTaskVariables).
 * Not simulated, so not set: SLURM_CONF, SLURM_LAUNCH_NODE_IPADDR, SLURM_SRUN_COMM_HOST/PORT,
 * SLURM_STEP_LAUNCHER_PORT, SLURM_WORKING_CLUSTER, SLURM_PRIO_PROCESS, SLURM_UMASK, SLURM_TASK_PID.
 */
public enum AllocationEnvironment {
    SLURM_JOB_ID(Where.ALL, f -> String.valueOf(f.job().id())),
    SLURM_JOBID(Where.ALL, f -> String.valueOf(f.job().id())),
    SLURM_JOB_NAME(Where.ALL, f -> f.job().name()),
    SLURM_JOB_PARTITION(Where.ALL, f -> f.job().partition()),
    SLURM_JOB_NUM_NODES(Where.ALL, f -> "1"),
    SLURM_NNODES(Where.ALL, f -> "1"),
    SLURM_JOB_NODELIST(Where.ALL, Facts::node),
    SLURM_NODELIST(Where.ALL, Facts::node),
    SLURM_JOB_CPUS_PER_NODE(Where.ALL, f -> String.valueOf(f.job().cpus())),
    /** A step's: its own task count; an allocation's: the job's. */
    SLURM_TASKS_PER_NODE(Where.ALL, f -> f.step() != null ? String.valueOf(f.step().ntasks()) : String.valueOf(f.job().tasks())),
    /** A step's task count; an allocation's only when -n was given: an srun inside then runs that many tasks. */
    SLURM_NTASKS(Where.ALL, AllocationEnvironment::ntasks),
    SLURM_NPROCS(Where.ALL, AllocationEnvironment::ntasks),
    SLURM_CPUS_PER_TASK(Where.ALL, f -> f.job().cpusPerTask() == NoVal.NO_VAL16 ? null : String.valueOf(f.job().cpusPerTask())),
    SLURM_MEM_PER_NODE(Where.ALL, f -> f.job().memPerNode() == NoVal.NO_VAL64 ? null : String.valueOf(f.job().memPerNode())),
    SLURM_MEM_PER_CPU(Where.ALL, f -> f.job().memPerCpu() == NoVal.NO_VAL64 ? null : String.valueOf(f.job().memPerCpu())),
    SLURM_CLUSTER_NAME(Where.ALL, Facts::cluster),
    SLURM_SUBMIT_DIR(Where.ALL, Facts::submitDir),
    SLURM_SUBMIT_HOST(Where.ALL, Facts::submitHost),
    SLURM_JOB_UID(Where.ON_NODE, f -> String.valueOf(f.job().uid())),
    SLURM_JOB_GID(Where.ON_NODE, f -> String.valueOf(f.job().gid())),
    SLURM_JOB_USER(Where.ON_NODE, f -> f.job().userName()),
    SLURM_CPUS_ON_NODE(Where.ON_NODE, f -> String.valueOf(f.job().cpus())),
    SLURM_NODEID(Where.ON_NODE, f -> "0"),
    /** The global task ids on this node: the batch step's one task, a step's all. */
    SLURM_GTIDS(Where.ON_NODE, f -> f.step() == null ? "0"
            : String.join(",", java.util.stream.IntStream.range(0, f.step().ntasks()).mapToObj(String::valueOf).toList())),
    SLURMD_NODENAME(Where.ON_NODE, Facts::node),
    HOSTNAME(Where.BATCH_ONLY, Facts::node),
    ENVIRONMENT(Where.BATCH_ONLY, f -> "BATCH"),
    SLURM_STEP_ID(Where.STEP_ONLY, f -> ofStep(f, s -> String.valueOf(s.id()))),
    SLURM_STEPID(Where.STEP_ONLY, f -> ofStep(f, s -> String.valueOf(s.id()))),
    SLURM_STEP_NODELIST(Where.STEP_ONLY, f -> ofStep(f, s -> f.node())),
    SLURM_STEP_NUM_NODES(Where.STEP_ONLY, f -> ofStep(f, s -> "1")),
    SLURM_STEP_NUM_TASKS(Where.STEP_ONLY, f -> ofStep(f, s -> String.valueOf(s.ntasks()))),
    SLURM_STEP_TASKS_PER_NODE(Where.STEP_ONLY, f -> ofStep(f, s -> String.valueOf(s.ntasks()))),
    SLURM_TOPOLOGY_ADDR(Where.STEP_ONLY, f -> ofStep(f, s -> f.node())),
    SLURM_TOPOLOGY_ADDR_PATTERN(Where.STEP_ONLY, f -> ofStep(f, s -> "node"));

    /** A step's variable: null for an allocation's facts. */
    private static String ofStep(Facts f, Function<Step, String> value) {
        return f.step() == null ? null : value.apply(f.step());
    }

    private static String ntasks(Facts f) {
        if (f.step() != null) {
            return String.valueOf(f.step().ntasks());
        }
        return f.job().ntasks() == NoVal.NO_VAL ? null : String.valueOf(f.job().ntasks());
    }

    /**
     * Which environments a variable is in: the batch step's (env_array_for_batch_job), salloc's command's
     * (env_array_for_job) and an srun step's tasks' (srun's env_array_for_step and slurmstepd's setup_env).
     */
    enum Where {
        ALL(true, true, true), ON_NODE(true, false, true), BATCH_ONLY(true, false, false), STEP_ONLY(false, false, true);

        final boolean batch;
        final boolean salloc;
        final boolean step;

        Where(boolean batch, boolean salloc, boolean step) {
            this.batch = batch;
            this.salloc = salloc;
            this.step = step;
        }
    }

    /**
     * What the variables are made of.
     *
     * @param submitDir  the directory sbatch/salloc ran in
     * @param submitHost the host it ran on
     */
    public record Facts(JobInfo job, String node, String cluster, String submitDir, String submitHost, Step step) {

        /** An allocation's facts (no step). */
        public Facts(JobInfo job, String node, String cluster, String submitDir, String submitHost) {
            this(job, node, cluster, submitDir, submitHost, null);
        }

        /** The same, for step {@code step} of the job. */
        public Facts forStep(Step step) {
            return new Facts(job, node, cluster, submitDir, submitHost, step);
        }
    }

    /** An srun step: its id and its task count. */
    public record Step(long id, int ntasks) {
    }

    private final Where where;
    private final Function<Facts, String> value;

    AllocationEnvironment(Where where, Function<Facts, String> value) {
        this.where = where;
        this.value = value;
    }

    /** This variable's value for {@code f}, or null when the allocation does not set it. */
    public String value(Facts f) {
        return value.apply(f);
    }

    /** The batch step's SLURM_* variables (env_array_for_batch_job). */
    public static Map<String, String> batchStep(Facts f) {
        return of(f, v -> v.where.batch);
    }

    /** The variables salloc gives the command it runs (env_array_for_job). */
    public static Map<String, String> allocation(Facts f) {
        return of(f, v -> v.where.salloc);
    }

    /** An srun step's tasks' variables, but the per-task ones (SLURM_PROCID, SLURM_LOCALID); {@code f} has the step. */
    public static Map<String, String> step(Facts f) {
        return of(f, v -> v.where.step);
    }

    private static Map<String, String> of(Facts f, java.util.function.Predicate<AllocationEnvironment> in) {
        Map<String, String> env = new LinkedHashMap<>();
        for (AllocationEnvironment v : values()) {
            String value = in.test(v) ? v.value(f) : null;
            if (value != null) {
                env.put(v.name(), value);
            }
        }
        return env;
    }
}
