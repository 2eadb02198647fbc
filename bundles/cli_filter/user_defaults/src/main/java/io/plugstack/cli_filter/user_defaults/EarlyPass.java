package io.plugstack.cli_filter.user_defaults;

import java.util.Map;
import java.util.Set;

import io.plugstack.api.slurm.SlurmCommand;

/**
 * Which long options belong to a command's early pass: the one place this plugin decides it (CLI-25).
 *
 * <p>Taken from Slurm's option table ({@code src/common/slurm_opt.c}, SchedMD/slurm commit 8b7b1e71 as
 * stored in the code index): the entries flagged {@code sbatch_early_pass} are help, quiet, usage,
 * verbose, version and wrap; those flagged {@code srun_early_pass} are het-group and its old alias
 * pack-group. salloc and the other commands have no early options. Slurm's {@code slurm_option_set}
 * skips an early option outside the early pass; Slurm then resets every option between sbatch's early
 * and main pass, so a late option set early is lost. This plugin therefore applies, in each pass, only
 * the options of that pass.
 */
final class EarlyPass {

    private static final Map<SlurmCommand, Set<String>> EARLY_OPTIONS = Map.of(
            SlurmCommand.SBATCH, Set.of("help", "quiet", "usage", "verbose", "version", "wrap"),
            SlurmCommand.SRUN, Set.of("het-group", "pack-group"));

    private EarlyPass() {
    }

    /** Whether {@code option} is one of {@code command}'s early-pass options. */
    static boolean isEarly(SlurmCommand command, String option) {
        return EARLY_OPTIONS.getOrDefault(command, Set.of()).contains(option);
    }

    /** Whether {@code option} may be set in this pass: early options in the early pass only, the rest in the main pass. */
    static boolean belongsTo(boolean earlyPass, SlurmCommand command, String option) {
        return isEarly(command, option) == earlyPass;
    }
}
