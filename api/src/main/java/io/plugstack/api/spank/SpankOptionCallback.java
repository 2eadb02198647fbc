package io.plugstack.api.spank;

import org.osgi.annotation.versioning.ConsumerType;

/** {@code spank_opt_cb_f}: called when the user gives a plugin's option. */
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
}
