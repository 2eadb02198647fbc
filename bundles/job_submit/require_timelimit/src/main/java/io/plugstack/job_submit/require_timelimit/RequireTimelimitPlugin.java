package io.plugstack.job_submit.require_timelimit;

import static io.plugstack.api.plugin.PluginLog.u32;

import org.osgi.service.component.annotations.Component;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.JobSubmitPlugin;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.plugin.PluginLog;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmErrno;

/**
 * job_submit/require_timelimit (JS-14): every job must ask for a finite time limit, so the backfill
 * scheduler can plan it. No user message is set: the client prints the errno's text, as with Slurm.
 */
@Component(service = JobSubmitPlugin.class)
public class RequireTimelimitPlugin implements JobSubmitPlugin {

    static final String PLUGIN_TYPE = "job_submit/require_timelimit";

    private final PluginLog log;

    public RequireTimelimitPlugin() {
        this(PluginLog.of(PLUGIN_TYPE));
    }

    RequireTimelimitPlugin(PluginLog log) {
        this.log = log;
    }

    @Override
    public int jobSubmit(JobDescriptor job, long submitUid, UserMessage message) {
        if (job.timeLimit() == NoVal.NO_VAL) {
            log.info("job_submit", "Missing time limit for job by uid:" + u32(submitUid));
            return SlurmErrno.ESLURM_MISSING_TIME_LIMIT.code();
        }
        if (job.timeLimit() == NoVal.INFINITE) {
            log.info("job_submit", "Bad time limit for job by uid:" + u32(submitUid));
            return SlurmErrno.ESLURM_INVALID_TIME_LIMIT.code();
        }
        return SlurmErrno.SLURM_SUCCESS.code();
    }

    /** A modify that leaves the limit alone (NO_VAL) is fine; only a change to UNLIMITED is refused. */
    @Override
    public int jobModify(JobDescriptor job, JobRecord current, long modifyUid, UserMessage message) {
        if (job.timeLimit() == NoVal.INFINITE) {
            log.info("job_modify", "Bad replacement time limit for " + u32(current.jobId()));
            return SlurmErrno.ESLURM_INVALID_TIME_LIMIT.code();
        }
        return SlurmErrno.SLURM_SUCCESS.code();
    }
}
