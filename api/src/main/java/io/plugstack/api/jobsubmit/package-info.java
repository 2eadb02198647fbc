/**
 * The job_submit plugin API (slurmctld): {@link io.plugstack.api.jobsubmit.JobSubmitPlugin} sees and may
 * change each request ({@link io.plugstack.api.jobsubmit.JobDescriptor}, Slurm's job_desc_msg_t).
 * 0.2.0: {@code UserMessage.printed()}, lines() as the commands print them; {@code Partition}'s DefMemPerCPU/DefMemPerNode, PriorityJobFactor and QOS.
 * 0.3.0: {@code Reservation}; {@code Slurmctld.jobs()}, {@code reservations()} and {@code qosPriority(name)}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.3.0")
package io.plugstack.api.jobsubmit;
