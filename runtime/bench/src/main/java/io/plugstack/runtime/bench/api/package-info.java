/** The job-launch bench: srun/sbatch/salloc/scrontab/scancel and a simulated slurmd, for the shell and tests. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.4.0")
package io.plugstack.runtime.bench.api;
