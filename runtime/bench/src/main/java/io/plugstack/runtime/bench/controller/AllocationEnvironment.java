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
 * An srun inside reads SLURM_NTASKS (as -n), so it runs the allocation's task count.
 */
public enum AllocationEnvironment {
    SLURM_JOB_ID(Where.BOTH, f -> String.valueOf(f.job().id())),
    SLURM_JOBID(Where.BOTH, f -> String.valueOf(f.job().id())),
    SLURM_JOB_NAME(Where.BOTH, f -> f.job().name()),
    SLURM_JOB_PARTITION(Where.BOTH, f -> f.job().partition()),
    SLURM_JOB_NUM_NODES(Where.BOTH, f -> "1"),
    SLURM_NNODES(Where.BOTH, f -> "1"),
    SLURM_JOB_NODELIST(Where.BOTH, Facts::node),
    SLURM_NODELIST(Where.BOTH, Facts::node),
    SLURM_JOB_CPUS_PER_NODE(Where.BOTH, f -> String.valueOf(f.job().cpus())),
    SLURM_TASKS_PER_NODE(Where.BOTH, f -> String.valueOf(f.job().tasks())),
    /** Only when -n was given: an srun inside then runs that many tasks. */
    SLURM_NTASKS(Where.BOTH, f -> f.job().ntasks() == NoVal.NO_VAL ? null : String.valueOf(f.job().ntasks())),
    SLURM_NPROCS(Where.BOTH, f -> f.job().ntasks() == NoVal.NO_VAL ? null : String.valueOf(f.job().ntasks())),
    SLURM_CPUS_PER_TASK(Where.BOTH, f -> f.job().cpusPerTask() == NoVal.NO_VAL16 ? null : String.valueOf(f.job().cpusPerTask())),
    SLURM_MEM_PER_NODE(Where.BOTH, f -> f.job().memPerNode() == NoVal.NO_VAL64 ? null : String.valueOf(f.job().memPerNode())),
    SLURM_MEM_PER_CPU(Where.BOTH, f -> f.job().memPerCpu() == NoVal.NO_VAL64 ? null : String.valueOf(f.job().memPerCpu())),
    SLURM_CLUSTER_NAME(Where.BOTH, Facts::cluster),
    SLURM_SUBMIT_DIR(Where.BOTH, Facts::submitDir),
    SLURM_SUBMIT_HOST(Where.BOTH, Facts::submitHost),
    SLURM_JOB_UID(Where.BATCH, f -> String.valueOf(f.job().uid())),
    SLURM_JOB_GID(Where.BATCH, f -> String.valueOf(f.job().gid())),
    SLURM_JOB_USER(Where.BATCH, f -> f.job().userName()),
    SLURM_CPUS_ON_NODE(Where.BATCH, f -> String.valueOf(f.job().cpus())),
    SLURM_NODEID(Where.BATCH, f -> "0"),
    SLURM_GTIDS(Where.BATCH, f -> "0"),
    SLURMD_NODENAME(Where.BATCH, Facts::node),
    HOSTNAME(Where.BATCH, Facts::node),
    ENVIRONMENT(Where.BATCH, f -> "BATCH");

    /** Which of the two environments a variable is in: the batch step's only, or salloc's command's too. */
    enum Where { BATCH, BOTH }

    /**
     * What the variables are made of.
     *
     * @param submitDir  the directory sbatch/salloc ran in
     * @param submitHost the host it ran on
     */
    public record Facts(JobInfo job, String node, String cluster, String submitDir, String submitHost) {
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
        return of(f, true);
    }

    /** The variables salloc gives the command it runs (env_array_for_job). */
    public static Map<String, String> allocation(Facts f) {
        return of(f, false);
    }

    private static Map<String, String> of(Facts f, boolean batch) {
        Map<String, String> env = new LinkedHashMap<>();
        for (AllocationEnvironment v : values()) {
            String value = v.where == Where.BOTH || batch ? v.value(f) : null;
            if (value != null) {
                env.put(v.name(), value);
            }
        }
        return env;
    }
}
