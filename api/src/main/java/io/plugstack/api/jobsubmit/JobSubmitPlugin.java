package io.plugstack.api.jobsubmit;

import org.osgi.annotation.versioning.ConsumerType;

import io.plugstack.api.plugin.SlurmPlugin;

/**
 * A job_submit plugin (plugin_type "job_submit/&lt;minor&gt;"), called by slurmctld for every submission
 * and modification, in JobSubmitPlugins order. Both methods are required, as in C.
 *
 * <p><b>Process.</b> Only the controller, slurmctld, calls a job_submit plugin: for a job request from
 * any command (sbatch, salloc, srun without an allocation, slurmrestd) and for a change to a job
 * (scontrol update, slurmrestd). The Java code runs in the Plugstack runtime (the bench's slurmctld, or
 * under a real Slurm the node daemon on the controller host, reached through job_submit/lua) while
 * slurmctld waits with its read locks held (JS-4): keep calls short, and look slurmctld's data up through
 * the {@link Slurmctld} service, never by calling back into submission.
 *
 * <p><b>Return values.</b> Return {@code SlurmErrno.SLURM_SUCCESS.code()} (0) to pass the request on;
 * any other value (e.g. {@code SlurmErrno.ESLURM_INVALID_TIME_LIMIT.code()}) rejects it and stops the
 * chain, and becomes the error the user sees (JS-2). The {@link UserMessage} reaches the user whatever the
 * return code ("The error message is always propagated to the caller, no matter the return code").
 */
@ConsumerType
public interface JobSubmitPlugin extends SlurmPlugin {

    /**
     * {@code job_submit}: "called by the slurmctld daemon with the job submission parameters supplied by
     * the user regardless of the command used (e.g. salloc, sbatch, slurmrestd). Only explicitly defined
     * values will be represented." (job_submit plugin API) Once per het job component (JS-6).
     *
     * <p>Process: slurmctld, for each job request.
     *
     * @param job       the request, before defaults are applied; the plugin may change it
     * @param submitUid the user who submitted it
     * @param message   the chain's one message slot for the user
     * @return 0 to accept the job; else a Slurm errno, which rejects the submission and is the error the
     *         submitting command reports
     */
    int jobSubmit(JobDescriptor job, long submitUid, UserMessage message);

    /**
     * {@code job_modify}: "called by the slurmctld daemon with job modification parameters supplied by the
     * user regardless of the command used (e.g. scontrol, sview, slurmrestd)." (job_submit plugin API)
     *
     * <p>Process: slurmctld, for each change to a job.
     *
     * @param job       the requested changes (unset fields are not being changed)
     * @param current   the job as it is
     * @param modifyUid the user asking for the change
     * @param message   the chain's one message slot for the user
     * @return 0 to accept the change; else a Slurm errno, which rejects it and is the error the modifying
     *         command reports
     */
    int jobModify(JobDescriptor job, JobRecord current, long modifyUid, UserMessage message);
}
