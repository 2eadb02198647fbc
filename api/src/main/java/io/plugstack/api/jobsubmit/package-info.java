/**
 * The job_submit plugin API (slurmctld): {@link io.plugstack.api.jobsubmit.JobSubmitPlugin} sees and may
 * change each request ({@link io.plugstack.api.jobsubmit.JobDescriptor}, Slurm's job_desc_msg_t).
 *
 * <h2>Where to start</h2>
 * <ol>
 * <li>Implement {@link io.plugstack.api.jobsubmit.JobSubmitPlugin}: {@code jobSubmit} for new jobs,
 * {@code jobModify} for changes; return 0 to let the request through, a Slurm errno
 * ({@link io.plugstack.api.slurm.SlurmErrno}) to reject it, and tell the user why through the
 * {@link io.plugstack.api.jobsubmit.UserMessage}.</li>
 * <li>Register it as an OSGi service ({@code @Component(service = JobSubmitPlugin.class)}) in a bundle
 * whose manifest carries {@code Slurm-Plugin-Type: job_submit/<minor>}, {@code Slurm-Plugin-Name} and
 * {@code Slurm-Plugin-Version} ({@link io.plugstack.api.plugin.PluginHeaders}); list the minor in
 * {@code JobSubmitPlugins=}.</li>
 * <li>Read and write the request by name ({@link io.plugstack.api.jobsubmit.JobDescField}, the names
 * job_submit/lua uses) or through the named accessors; unset values are Slurm's sentinels
 * ({@link io.plugstack.api.slurm.NoVal}). What slurmctld knows (partitions, jobs, reservations) comes
 * from the {@link io.plugstack.api.jobsubmit.Slurmctld} service, taken as a DS reference.</li>
 * </ol>
 *
 * <p>A plugin that refuses jobs without a time limit (Slurm's require_timelimit):
 * <pre>{@code
 * @Component(service = JobSubmitPlugin.class)
 * public class RequireTimeLimit implements JobSubmitPlugin {
 *     @Override
 *     public int jobSubmit(JobDescriptor job, long submitUid, UserMessage message) {
 *         if (job.timeLimit() == NoVal.NO_VAL) {
 *             message.set("Please give a time limit (--time)");
 *             return SlurmErrno.ESLURM_MISSING_TIME_LIMIT.code();
 *         }
 *         return SlurmErrno.SLURM_SUCCESS.code();
 *     }
 *
 *     @Override
 *     public int jobModify(JobDescriptor job, JobRecord current, long modifyUid, UserMessage message) {
 *         return SlurmErrno.SLURM_SUCCESS.code();
 *     }
 * }
 * }</pre>
 *
 * <p>0.2.0: {@code UserMessage.printed()}, lines() as the commands print them; {@code Partition}'s
 * DefMemPerCPU/DefMemPerNode, PriorityJobFactor and QOS.
 * 0.3.0: {@code Reservation}; {@code Slurmctld.jobs()}, {@code reservations()} and {@code qosPriority(name)}.
 * 0.4.0: {@code Partition.maxCpusPerNode()} (MaxCPUsPerNode); {@code JobDescField.POWER_FLAGS} (22.05 to 23.11).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.4.0")
package io.plugstack.api.jobsubmit;
