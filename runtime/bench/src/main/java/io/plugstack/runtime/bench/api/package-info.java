/** The job-launch bench: Slurm's client commands ({@link io.plugstack.runtime.bench.api.BenchCommand}) and a simulated slurmctld and slurmd, for the shell and tests. 0.5.0: {@code BenchCommand}. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.5.0")
package io.plugstack.runtime.bench.api;
