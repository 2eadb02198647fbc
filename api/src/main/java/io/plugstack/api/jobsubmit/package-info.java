/**
 * The job_submit plugin API (slurmctld): {@link io.plugstack.api.jobsubmit.JobSubmitPlugin} sees and may
 * change each request ({@link io.plugstack.api.jobsubmit.JobDescriptor}, Slurm's job_desc_msg_t).
 * 0.2.0: {@code UserMessage.printed()}, lines() as the commands print them; {@code Partition}'s DefMemPerCPU/DefMemPerNode, PriorityJobFactor and QOS.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.2.0")
package io.plugstack.api.jobsubmit;
