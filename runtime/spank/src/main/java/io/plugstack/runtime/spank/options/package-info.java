/**
 * SPANK plugin options (Slurm's spank.c option code, SPANK-30...44, -61), independent of how plugins
 * are loaded. One {@link io.plugstack.runtime.spank.options.SpankOptionCache} per stack; the other
 * classes work on it:
 * <ul>
 * <li>every context: {@code addPlugin(ref, plugin.options())} for each plugin the stack keeps, in file
 * order; {@code optionRegister(ref, opt, phase)} from {@code Spank.optionRegister};
 * {@link io.plugstack.runtime.spank.options.SpankGetopt} from {@code Spank.optionGetopt};</li>
 * <li>srun/sbatch/salloc, after init: {@code rejectConflicts(builtinLongOptions)} to build the getopt
 * table, {@link io.plugstack.runtime.spank.options.OptionHelp} for --help,
 * {@link io.plugstack.runtime.spank.options.SubmitOptionProcessor#processEnvironment} then
 * {@code processCommandLine} per option; before init_post_opt the exports of
 * {@link io.plugstack.runtime.spank.OptionForwarding}; srun also sends
 * {@code launchOptions()} with the step;</li>
 * <li>slurmstepd, after init and before init_post_opt:
 * {@link io.plugstack.runtime.spank.options.RemoteOptionProcessor#applyRemote};</li>
 * <li>job_script: only getopt, against the Prolog/Epilog environment.</li>
 * </ul>
 */
package io.plugstack.runtime.spank.options;
