package io.plugstack.api.spank;

import java.util.Optional;

/**
 * {@code spank_context_t} (SPANK-H-7): where the stack runs. The numbers are Slurm's; the names are
 * the ones spank(8) uses for the contexts.
 */
public enum SpankContext {
    /** S_CTX_ERROR: no stack (what {@code spank_context()} answers outside one). */
    ERROR(0, "error"),
    /**
     * S_CTX_LOCAL: "the plugin is loaded by srun. (i.e. the "local" part of a parallel job)" (spank.8).
     * Callbacks: init, init_post_opt, local_user_init, exit.
     */
    LOCAL(1, "local"),
    /**
     * S_CTX_REMOTE: "the plugin is loaded by slurmstepd. (i.e. the "remote" part of a parallel job)"
     * (spank.8). Callbacks: init, init_post_opt, user_init, the task callbacks, exit.
     */
    REMOTE(2, "remote"),
    /**
     * S_CTX_ALLOCATOR: "the plugin is loaded in one of the job allocation utilities salloc, sbatch or
     * scrontab" (spank.8), and scrun. Callbacks: init, init_post_opt (not scrontab), exit.
     */
    ALLOCATOR(3, "allocator"),
    /**
     * S_CTX_SLURMD: "the plugin is loaded in the slurmd daemon itself" and persists for as long as slurmd
     * runs (spank.8). Callbacks: init, slurmd_exit.
     */
    SLURMD(4, "slurmd"),
    /**
     * S_CTX_JOB_SCRIPT: "plugins are loaded in the context of the job prolog or epilog", anew for each run
     * and sharing no state with any other context (spank.8). Callbacks: job_prolog, job_epilog.
     */
    JOB_SCRIPT(5, "job_script");

    private final int value;
    private final String slurmName;

    SpankContext(int value, String slurmName) {
        this.value = value;
        this.slurmName = slurmName;
    }

    /** {@return the C enum value} */
    public int value() {
        return value;
    }

    /** {@return the context's name in spank(8): "local", "remote", "allocator", "slurmd", "job_script"} */
    public String slurmName() {
        return slurmName;
    }

    /** {@return the C constant, e.g. "S_CTX_REMOTE"} */
    public String symbol() {
        return "S_CTX_" + name();
    }

    /**
     * The context with C value {@code value}.
     *
     * @param value a {@code spank_context_t} value
     * @return the context, or empty for an unknown value
     */
    public static Optional<SpankContext> of(int value) {
        for (SpankContext c : values()) {
            if (c.value == value) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
