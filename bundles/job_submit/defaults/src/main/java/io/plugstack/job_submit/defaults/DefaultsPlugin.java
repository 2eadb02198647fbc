package io.plugstack.job_submit.defaults;

import org.osgi.service.component.annotations.Component;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.JobSubmitPlugin;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.slurm.SlurmErrno;

/**
 * job_submit/defaults (JS-11). Slurm ships this sample with its example policy (minimum accounting
 * frequency, clearing the QOS) compiled out, so both hooks accept every request unchanged; so do these.
 */
@Component(service = JobSubmitPlugin.class)
public class DefaultsPlugin implements JobSubmitPlugin {

    @Override
    public int jobSubmit(JobDescriptor job, long submitUid, UserMessage message) {
        return SlurmErrno.SLURM_SUCCESS.code();
    }

    @Override
    public int jobModify(JobDescriptor job, JobRecord current, long modifyUid, UserMessage message) {
        return SlurmErrno.SLURM_SUCCESS.code();
    }
}
