package io.plugstack.job_submit.logging;

import static io.plugstack.api.plugin.PluginLog.str;
import static io.plugstack.api.plugin.PluginLog.u32;

import org.osgi.service.component.annotations.Component;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.JobSubmitPlugin;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.plugin.PluginLog;
import io.plugstack.api.slurm.SlurmErrno;

/**
 * job_submit/logging (JS-12): one info line per submit and per modify request, with Slurm's field list
 * and printf conventions (unset strings "(null)", unset numbers their raw NO_VAL value).
 */
@Component(service = JobSubmitPlugin.class)
public class LoggingPlugin implements JobSubmitPlugin {

    static final String PLUGIN_TYPE = "job_submit/logging";

    private final PluginLog log;

    public LoggingPlugin() {
        this(PluginLog.of(PLUGIN_TYPE));
    }

    LoggingPlugin(PluginLog log) {
        this.log = log;
    }

    @Override
    public int jobSubmit(JobDescriptor job, long submitUid, UserMessage message) {
        log.info("job_submit", "Job submit request: account:" + str(job.account())
                + " begin_time:" + job.beginTime()
                + " dependency:" + str(job.dependency())
                + " name:" + str(job.name())
                + " partition:" + str(job.partition())
                + " qos:" + str(job.qos())
                + " submit_uid:" + u32(submitUid)
                + " time_limit:" + u32(job.timeLimit())
                + " user_id:" + u32(job.userId()));
        return SlurmErrno.SLURM_SUCCESS.code();
    }

    @Override
    public int jobModify(JobDescriptor job, JobRecord current, long modifyUid, UserMessage message) {
        // Slurm prints the request's job_id, which slurmctld has set to the job being modified.
        log.info("job_modify", "Job modify request: account:" + str(job.account())
                + " begin_time:" + job.beginTime()
                + " dependency:" + str(job.dependency())
                + " job_id:" + u32(current.jobId())
                + " name:" + str(job.name())
                + " partition:" + str(job.partition())
                + " qos:" + str(job.qos())
                + " submit_uid:" + u32(modifyUid)
                + " time_limit:" + u32(job.timeLimit()));
        return SlurmErrno.SLURM_SUCCESS.code();
    }
}
