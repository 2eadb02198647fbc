/**
 * The cli_filter plugin API (salloc, sbatch, srun): {@link io.plugstack.api.clifilter.CliFilterPlugin}
 * reads and rewrites command-line options before anything reaches slurmctld.
 * <p>
 * 0.2.0: {@code CliOptions.log()}, the command's log.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.2.0")
package io.plugstack.api.clifilter;
