package io.plugstack.api.jobsubmit;

import org.osgi.annotation.versioning.ConsumerType;

import io.plugstack.api.plugin.SlurmPlugin;

/**
 * A job_submit plugin (plugin_type "job_submit/&lt;minor&gt;"), called by slurmctld for every submission
 * and modification, in JobSubmitPlugins order. Both methods are required, as in C.
 *
 * <p>Return {@code SlurmErrno.SLURM_SUCCESS.code()} (0) to pass the request on; any other value (e.g.
 * {@code SlurmErrno.ESLURM_INVALID_TIME_LIMIT.code()}) rejects it and stops the chain, and becomes the
 * error the user sees (JS-2). Calls run while slurmctld holds read locks: keep them short.
 */
@ConsumerType
public interface JobSubmitPlugin extends SlurmPlugin {

    /**
     * A new job (once per het job component, JS-6).
     *
     * @param job       the request, before defaults are applied; the plugin may change it
     * @param submitUid the user who submitted it
     * @param message   the chain's one message slot for the user
     * @return 0 to accept, else a Slurm errno
     */
    int jobSubmit(JobDescriptor job, long submitUid, UserMessage message);

    /**
     * A change to an existing job.
     *
     * @param job       the requested changes (unset fields are not being changed)
     * @param current   the job as it is
     * @param modifyUid the user asking for the change
     * @param message   the chain's one message slot for the user
     * @return 0 to accept, else a Slurm errno
     */
    int jobModify(JobDescriptor job, JobRecord current, long modifyUid, UserMessage message);
}
