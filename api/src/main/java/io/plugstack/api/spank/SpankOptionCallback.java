package io.plugstack.api.spank;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * {@code spank_opt_cb_f}: called when the user gives a plugin's option.
 *
 * <p>A callback that must say why it refuses a value (C's calls {@code slurm_error}) takes the handle of
 * the stack processing the option, made with {@link #withHandle}:
 * <pre>{@code
 * new SpankOption("renice", "prio", "...", SpankOption.Arg.REQUIRED, 0,
 *         SpankOptionCallback.withHandle((spank, val, optarg, remote) -> {
 *             if (!valid(optarg)) {
 *                 spank.log().error("renice: " + optarg + " is not a priority");
 *                 return -1;
 *             }
 *             return 0;
 *         }));
 * }</pre>
 * That handle is valid during the call only; do not keep init's handle for it (in prolog and epilog no
 * init runs, and each process of a job has its own).
 */
@ConsumerType
@FunctionalInterface
public interface SpankOptionCallback {

    /**
     * Handles one occurrence of the option; may be called more than once for the same option (the
     * environment form is processed before the command line, SPANK-34).
     *
     * @param val    the option's {@link SpankOption#val()}, passed back unchanged
     * @param optarg the argument, or null when none was given
     * @param remote false on the submitting side (srun/sbatch/salloc), true in slurmstepd
     * @return 0 to accept; non-zero on the submitting side makes the command fail
     *         ("Invalid --name argument: arg"); in slurmstepd it is only logged
     */
    int handle(int val, String optarg, boolean remote);

    /**
     * What the stack calls: with its handle, for the plugin that gave the option. By default the handle
     * is not used and {@link #handle(int, String, boolean)} is called.
     *
     * @param spank  the handle of the stack processing the option (srun, sbatch, salloc or slurmstepd),
     *               for its log, context and items; valid during this call only
     * @param val    the option's {@link SpankOption#val()}
     * @param optarg the argument, or null when none was given
     * @param remote false on the submitting side, true in slurmstepd
     * @return as {@link #handle(int, String, boolean)}
     */
    default int handle(Spank spank, int val, String optarg, boolean remote) {
        return handle(val, optarg, remote);
    }

    /**
     * A callback that takes the stack's handle.
     *
     * @param callback the callback
     * @return it, as an option's callback
     */
    static SpankOptionCallback withHandle(WithHandle callback) {
        return callback;
    }

    /** A callback written with the stack's handle ({@link #withHandle}). */
    @ConsumerType
    @FunctionalInterface
    interface WithHandle extends SpankOptionCallback {

        @Override
        int handle(Spank spank, int val, String optarg, boolean remote);

        /** Only the stack calls an option's callback, always with its handle. */
        @Override
        default int handle(int val, String optarg, boolean remote) {
            throw new UnsupportedOperationException("an option callback written with the handle is called with one");
        }
    }
}
