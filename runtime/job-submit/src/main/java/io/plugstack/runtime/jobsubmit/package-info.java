/**
 * The job_submit host (slurmctld's src/interfaces/job_submit.c): the {@link
 * io.plugstack.runtime.jobsubmit.JobSubmitChain} every controller drives — the bench's simulated
 * slurmctld today, a real slurmctld's bridge next — configured by JobSubmitPlugins= (with pins) in
 * the ConfigAdmin configuration "plugstack.slurm". Its machinery is private.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.2.0")
package io.plugstack.runtime.jobsubmit;
