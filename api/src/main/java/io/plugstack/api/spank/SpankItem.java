package io.plugstack.api.spank;

import static io.plugstack.api.spank.SpankError.BAD_ARG;
import static io.plugstack.api.spank.SpankError.NOT_AVAIL;
import static io.plugstack.api.spank.SpankError.NOT_REMOTE;
import static io.plugstack.api.spank.SpankItemCondition.AFTER_TASK_EXIT;
import static io.plugstack.api.spank.SpankItemCondition.ALLOCATOR_HAS_NO_JOB_INFO;
import static io.plugstack.api.spank.SpankItemCondition.GLOBAL_ID_BELOW_TOTAL;
import static io.plugstack.api.spank.SpankItemCondition.GLOBAL_ID_ON_THIS_NODE;
import static io.plugstack.api.spank.SpankItemCondition.LOCAL_ENV_ALWAYS_NULL;
import static io.plugstack.api.spank.SpankItemCondition.LOCAL_ID_ON_THIS_NODE;
import static io.plugstack.api.spank.SpankItemCondition.LOCAL_NEEDS_JOB_INFO;
import static io.plugstack.api.spank.SpankItemCondition.NEEDS_STEP_LAYOUT;
import static io.plugstack.api.spank.SpankItemCondition.PID_LOOKUP_PHASES_ONLY;
import static io.plugstack.api.spank.SpankItemCondition.PID_MUST_BE_A_TASK;
import static io.plugstack.api.spank.SpankItemCondition.TASK_PHASE_ONLY;

import java.util.List;
import java.util.Optional;

/**
 * {@code spank_item_t}: what {@link Spank#getItem(SpankItem)} can ask for, in Slurm's numeric order
 * (S_JOB_UID = 0 ... S_JOB_ARRAY_TASK_ID = 31), with the Java type of the value, the extra argument the
 * item takes, and the per-context validity table of spec §1.2 ({@code _check_spank_item_validity} and
 * {@code spank_get_item} in spank.c), one row per item.
 *
 * <p>Columns of each row: remote (slurmstepd), local (srun), allocator (sbatch/salloc/scrontab),
 * slurmd, job_script (prolog/epilog). Unsigned 32-bit values are {@code Long}, 16-bit and C {@code int}
 * values are {@code Integer}, 64-bit values are {@code Long} bit patterns.
 */
public enum SpankItem {
    // columns: remote, local, allocator, slurmd, job_script
    /** The job's user id (spank.h: "User id"). */
    S_JOB_UID(Long.class, Argument.NONE, "uid_t *",
            ok(), ok(LOCAL_NEEDS_JOB_INFO), no(NOT_AVAIL, ALLOCATOR_HAS_NO_JOB_INFO), no(NOT_AVAIL), ok()),
    /** The job's primary group id. */
    S_JOB_GID(Long.class, Argument.NONE, "gid_t *",
            ok(), ok(LOCAL_NEEDS_JOB_INFO), no(NOT_AVAIL, ALLOCATOR_HAS_NO_JOB_INFO), no(NOT_AVAIL), ok()),
    /** The Slurm job id. */
    S_JOB_ID(Long.class, Argument.NONE, "uint32_t *",
            ok(), ok(LOCAL_NEEDS_JOB_INFO), no(BAD_ARG), no(NOT_AVAIL), ok()),
    /** Batch step: {@link io.plugstack.api.slurm.NoVal#SLURM_BATCH_SCRIPT} (SPANK-H-5). */
    S_JOB_STEPID(Long.class, Argument.NONE, "uint32_t *",
            ok(), ok(LOCAL_NEEDS_JOB_INFO), no(BAD_ARG), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** The total number of nodes in the job. */
    S_JOB_NNODES(Long.class, Argument.NONE, "uint32_t *",
            ok(), ok(LOCAL_NEEDS_JOB_INFO, NEEDS_STEP_LAYOUT), no(BAD_ARG), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** The relative id of this node in the job. */
    S_JOB_NODEID(Long.class, Argument.NONE, "uint32_t *",
            ok(), no(NOT_REMOTE), no(NOT_REMOTE), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** The number of the step's tasks on this node. */
    S_JOB_LOCAL_TASK_COUNT(Long.class, Argument.NONE, "uint32_t *",
            ok(), no(NOT_REMOTE), no(NOT_REMOTE), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** The total number of tasks in the job. */
    S_JOB_TOTAL_TASK_COUNT(Long.class, Argument.NONE, "uint32_t *",
            ok(), ok(LOCAL_NEEDS_JOB_INFO, NEEDS_STEP_LAYOUT), no(BAD_ARG), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** The number of CPUs used by this job. */
    S_JOB_NCPUS(Integer.class, Argument.NONE, "uint16_t *",
            ok(), no(NOT_REMOTE), no(NOT_REMOTE), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** The job's command line (C: argc and argv). */
    S_JOB_ARGV(List.class, Argument.NONE, "int *, char ***",
            ok(), ok(LOCAL_NEEDS_JOB_INFO), no(BAD_ARG), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** The step environment, "NAME=value" strings. */
    S_JOB_ENV(List.class, Argument.NONE, "char ***",
            ok(), ok(LOCAL_NEEDS_JOB_INFO, LOCAL_ENV_ALWAYS_NULL), no(BAD_ARG), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** The task's local id (on this node); task callbacks only. */
    S_TASK_ID(Integer.class, Argument.NONE, "int *",
            ok(TASK_PHASE_ONLY), no(NOT_REMOTE), no(NOT_REMOTE), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** The task's global id (in the step); task callbacks only. */
    S_TASK_GLOBAL_ID(Long.class, Argument.NONE, "uint32_t *",
            ok(TASK_PHASE_ONLY), no(NOT_REMOTE), no(NOT_REMOTE), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** The wait(2) status of the exited task. */
    S_TASK_EXIT_STATUS(Integer.class, Argument.NONE, "int *",
            ok(AFTER_TASK_EXIT), no(NOT_REMOTE), no(NOT_REMOTE), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** The task's process id; task callbacks only. */
    S_TASK_PID(Integer.class, Argument.NONE, "pid_t *",
            ok(TASK_PHASE_ONLY), no(NOT_REMOTE), no(NOT_REMOTE), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** The global task id of a task's process id (argument: the pid). */
    S_JOB_PID_TO_GLOBAL_ID(Long.class, Argument.PID, "pid_t, uint32_t *",
            ok(PID_LOOKUP_PHASES_ONLY, PID_MUST_BE_A_TASK), no(NOT_REMOTE), no(NOT_REMOTE), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** The local task id of a task's process id (argument: the pid). */
    S_JOB_PID_TO_LOCAL_ID(Long.class, Argument.PID, "pid_t, uint32_t *",
            ok(PID_LOOKUP_PHASES_ONLY, PID_MUST_BE_A_TASK), no(NOT_REMOTE), no(NOT_REMOTE), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** The global task id of a local task id (argument: the local id). */
    S_JOB_LOCAL_TO_GLOBAL_ID(Long.class, Argument.LOCAL_TASK_ID, "uint32_t, uint32_t *",
            ok(LOCAL_ID_ON_THIS_NODE), no(NOT_REMOTE), no(NOT_REMOTE), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** The local task id of a global task id (argument: the global id). */
    S_JOB_GLOBAL_TO_LOCAL_ID(Long.class, Argument.GLOBAL_TASK_ID, "uint32_t, uint32_t *",
            ok(GLOBAL_ID_BELOW_TOTAL, GLOBAL_ID_ON_THIS_NODE), no(NOT_REMOTE), no(NOT_REMOTE), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** The job's supplementary group ids (C: gid_t array and its length). */
    S_JOB_SUPPLEMENTARY_GIDS(List.class, Argument.NONE, "gid_t **, int *",
            ok(), no(NOT_REMOTE), no(NOT_REMOTE), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** The full version string, valid everywhere (SPANK-H-4). */
    S_SLURM_VERSION(String.class, Argument.NONE, "char **",
            ok(), ok(), ok(), ok(), ok()),
    /** The Slurm release's major number, as a string. */
    S_SLURM_VERSION_MAJOR(String.class, Argument.NONE, "char **",
            ok(), ok(), ok(), ok(), ok()),
    /** The Slurm release's minor number, as a string. */
    S_SLURM_VERSION_MINOR(String.class, Argument.NONE, "char **",
            ok(), ok(), ok(), ok(), ok()),
    /** The Slurm release's micro number, as a string. */
    S_SLURM_VERSION_MICRO(String.class, Argument.NONE, "char **",
            ok(), ok(), ok(), ok(), ok()),
    /** The CPUs allocated per task (1 with --overcommit). */
    S_STEP_CPUS_PER_TASK(Long.class, Argument.NONE, "uint32_t *",
            ok(), no(NOT_REMOTE), no(NOT_REMOTE), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** Cores allocated to the job on this node, as a core list string. */
    S_JOB_ALLOC_CORES(String.class, Argument.NONE, "char **",
            ok(), no(NOT_REMOTE), no(NOT_REMOTE), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** Memory allocated to the job on this node, MB. */
    S_JOB_ALLOC_MEM(Long.class, Argument.NONE, "uint64_t *",
            ok(), no(NOT_REMOTE), no(NOT_REMOTE), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** Cores allocated to the step on this node, as a core list string. */
    S_STEP_ALLOC_CORES(String.class, Argument.NONE, "char **",
            ok(), no(NOT_REMOTE), no(NOT_REMOTE), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** Memory allocated to the step on this node, MB. */
    S_STEP_ALLOC_MEM(Long.class, Argument.NONE, "uint64_t *",
            ok(), no(NOT_REMOTE), no(NOT_REMOTE), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** The job's restart count. */
    S_SLURM_RESTART_COUNT(Long.class, Argument.NONE, "uint32_t *",
            ok(), no(NOT_REMOTE), no(NOT_REMOTE), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** The array's job id, or 0 when the job is not an array. */
    S_JOB_ARRAY_ID(Long.class, Argument.NONE, "uint32_t *",
            ok(), no(NOT_REMOTE), no(NOT_REMOTE), no(NOT_AVAIL), no(NOT_AVAIL)),
    /** The array task id; NO_VAL for a job that is not an array (SPANK-H-5). */
    S_JOB_ARRAY_TASK_ID(Long.class, Argument.NONE, "uint32_t *",
            ok(), no(NOT_REMOTE), no(NOT_REMOTE), no(NOT_AVAIL), no(NOT_AVAIL));

    /** The argument an item takes besides the handle (C: the value before the out pointer). */
    public enum Argument {
        /** Only the out value. */
        NONE,
        /** A process id (pid_t) of one of this node's tasks. */
        PID,
        /** A task id local to this node (uint32_t). */
        LOCAL_TASK_ID,
        /** A task id global to the step (uint32_t). */
        GLOBAL_TASK_ID
    }

    private final Class<?> valueType;
    private final Argument argument;
    private final String cArgs;
    private final SpankItemRule remote;
    private final SpankItemRule local;
    private final SpankItemRule allocator;
    private final SpankItemRule slurmd;
    private final SpankItemRule jobScript;

    SpankItem(Class<?> valueType, Argument argument, String cArgs, SpankItemRule remote, SpankItemRule local,
              SpankItemRule allocator, SpankItemRule slurmd, SpankItemRule jobScript) {
        this.valueType = valueType;
        this.argument = argument;
        this.cArgs = cArgs;
        this.remote = remote;
        this.local = local;
        this.allocator = allocator;
        this.slurmd = slurmd;
        this.jobScript = jobScript;
    }

    private static SpankItemRule ok(SpankItemCondition... conditions) {
        return SpankItemRule.available(conditions);
    }

    private static SpankItemRule no(SpankError error, SpankItemCondition... conditions) {
        return SpankItemRule.refused(error, conditions);
    }

    /** {@return the C enum value (0..31)} */
    public int value() {
        return ordinal();
    }

    /** {@return the Java type of a successful value ({@code Long}, {@code Integer}, {@code String} or {@code List})} */
    public Class<?> valueType() {
        return valueType;
    }

    /** {@return the extra argument the item takes} */
    public Argument argument() {
        return argument;
    }

    /** {@return the C arguments after the handle and item, as spank.h declares them} */
    public String cArgs() {
        return cArgs;
    }

    /**
     * The table cell for {@code context}.
     *
     * @param context the context of the asking stack
     * @return the rule; {@link SpankContext#ERROR} (no stack, bad handle) is a BAD_ARG refusal (SPANK-H-3)
     */
    public SpankItemRule rule(SpankContext context) {
        switch (context) {
            case REMOTE:
                return remote;
            case LOCAL:
                return local;
            case ALLOCATOR:
                return allocator;
            case SLURMD:
                return slurmd;
            case JOB_SCRIPT:
                return jobScript;
            default:
                return SpankItemRule.refused(SpankError.BAD_ARG);
        }
    }

    /**
     * The context and phase checks for this item while {@code phase} runs in {@code context}.
     *
     * @param context the context of the asking stack
     * @param phase   the callback that is running
     * @return SUCCESS, or the error {@code spank_get_item} answers before looking at any data
     */
    public SpankError check(SpankContext context, SpankCallback phase) {
        return rule(context).in(phase);
    }

    /**
     * The item with C value {@code value}.
     *
     * @param value a {@code spank_item_t} value
     * @return the item; empty for an unknown number (which Slurm answers with BAD_ARG)
     */
    public static Optional<SpankItem> of(int value) {
        SpankItem[] all = values();
        return value >= 0 && value < all.length ? Optional.of(all[value]) : Optional.empty();
    }
}
