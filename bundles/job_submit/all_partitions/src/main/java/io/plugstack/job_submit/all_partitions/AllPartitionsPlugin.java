package io.plugstack.job_submit.all_partitions;

import java.util.StringJoiner;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.JobSubmitPlugin;
import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.jobsubmit.Slurmctld;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.slurm.SlurmErrno;

/**
 * job_submit/all_partitions (JS-10): a job that names no partition is offered to every partition that
 * accepts submissions, so the scheduler may start it in whichever frees up first.
 */
@Component(service = JobSubmitPlugin.class)
public class AllPartitionsPlugin implements JobSubmitPlugin {

    private static final int SUCCESS = SlurmErrno.SLURM_SUCCESS.code();

    private final Slurmctld slurmctld;

    @Activate
    public AllPartitionsPlugin(@Reference(name = "slurmctld") Slurmctld slurmctld) {
        this.slurmctld = slurmctld;
    }

    @Override
    public int jobSubmit(JobDescriptor job, long submitUid, UserMessage message) {
        if (job.partition() != null) {
            return SUCCESS;
        }
        StringJoiner names = new StringJoiner(",");
        for (Partition p : slurmctld.partitions()) {
            if (p.state().acceptsSubmissions()) {
                names.add(p.name());
            }
        }
        // Slurm leaves the field NULL when no partition accepts jobs: slurmctld then reports that itself.
        if (names.length() > 0) {
            job.setPartition(names.toString());
        }
        return SUCCESS;
    }

    @Override
    public int jobModify(JobDescriptor job, JobRecord current, long modifyUid, UserMessage message) {
        return SUCCESS;
    }
}
