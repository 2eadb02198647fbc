package io.plugstack.api.spank;

import java.util.Optional;

/**
 * {@code spank_context_t} (SPANK-H-7): where the stack runs. The numbers are Slurm's; the names are
 * the ones spank(8) uses for the contexts.
 */
public enum SpankContext {
    /** S_CTX_ERROR: no stack (what {@code spank_context()} answers outside one). */
    ERROR(0, "error"),
    /** S_CTX_LOCAL: srun. */
    LOCAL(1, "local"),
    /** S_CTX_REMOTE: slurmstepd. */
    REMOTE(2, "remote"),
    /** S_CTX_ALLOCATOR: sbatch, salloc, scrontab (and scrun). */
    ALLOCATOR(3, "allocator"),
    /** S_CTX_SLURMD: the slurmd daemon. */
    SLURMD(4, "slurmd"),
    /** S_CTX_JOB_SCRIPT: the prolog/epilog helper. */
    JOB_SCRIPT(5, "job_script");

    private final int value;
    private final String slurmName;

    SpankContext(int value, String slurmName) {
        this.value = value;
        this.slurmName = slurmName;
    }

    /** The C enum value. */
    public int value() {
        return value;
    }

    /** The context's name in spank(8): "local", "remote", "allocator", "slurmd", "job_script". */
    public String slurmName() {
        return slurmName;
    }

    /** The C constant, e.g. "S_CTX_REMOTE". */
    public String symbol() {
        return "S_CTX_" + name();
    }

    /** The context with C value {@code value}, if any. */
    public static Optional<SpankContext> of(int value) {
        for (SpankContext c : values()) {
            if (c.value == value) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
