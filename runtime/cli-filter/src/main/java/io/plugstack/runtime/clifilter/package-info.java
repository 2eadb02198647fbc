/**
 * The cli_filter host (src/interfaces/cli_filter.c): {@link io.plugstack.runtime.clifilter.CliFilterChains}
 * opens one {@link io.plugstack.runtime.clifilter.CliFilterChain} per srun/sbatch/salloc, as each of
 * those processes loads its own, from CliFilterPlugins= (with pins) in the ConfigAdmin configuration
 * "plugstack.slurm". Its machinery is private.
 * <p>
 * 0.2.0: {@code CliFilterChains.configured()}. 0.3.0: {@link io.plugstack.runtime.clifilter.CliFilterCaller}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.3.0")
package io.plugstack.runtime.clifilter;
