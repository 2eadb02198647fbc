package io.plugstack.runtime.bench.options;

import java.util.Optional;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.SlurmCommand;

/**
 * What an option's getter reads besides its own value: slurm_opt_t's other fields (the command,
 * the user's uid and gid, the working directory sbatch and srun default --chdir to, other options)
 * and the Slurm release whose rendering the bench plays.
 */
public interface OptionState {

    SlurmCommand command();

    long uid();

    long gid();

    /** Where the command runs: what arg_reset_chdir takes from getcwd(). */
    String workdir();

    /** The release the bench plays (plugstack.slurm.release). */
    SlurmVersion release();

    /** Another option's value as given (null when unset; "set" for a flag). */
    Optional<String> value(SubmitOption option);
}
