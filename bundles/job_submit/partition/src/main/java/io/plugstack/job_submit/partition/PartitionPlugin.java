package io.plugstack.job_submit.partition;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.JobSubmitPlugin;
import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.jobsubmit.Slurmctld;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.plugin.PluginLog;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmErrno;

/**
 * job_submit/partition (JS-13): a job that names no partition goes to the partition with the highest
 * PriorityTier among those that accept submissions, that the user may use, and whose memory limit the
 * request fits. Ties keep the earlier partition, as Slurm compares with a strict "greater than".
 */
@Component(service = JobSubmitPlugin.class)
public class PartitionPlugin implements JobSubmitPlugin {

    static final String PLUGIN_TYPE = "job_submit/partition";

    private static final int SUCCESS = SlurmErrno.SLURM_SUCCESS.code();

    private final Slurmctld slurmctld;
    private final PluginLog log;

    @Activate
    public PartitionPlugin(@Reference(name = "slurmctld") Slurmctld slurmctld) {
        this(slurmctld, PluginLog.of(PLUGIN_TYPE));
    }

    PartitionPlugin(Slurmctld slurmctld, PluginLog log) {
        this.slurmctld = slurmctld;
        this.log = log;
    }

    @Override
    public int jobSubmit(JobDescriptor job, long submitUid, UserMessage message) {
        if (job.partition() != null) {
            return SUCCESS;
        }
        Partition top = null;
        for (Partition p : slurmctld.partitions()) {
            if (!p.state().acceptsSubmissions() || !userAccess(job.userId(), submitUid, p)) {
                continue;
            }
            // As in Slurm, the memory test runs only for a partition that would win.
            if ((top == null || top.priorityTier() < p.priorityTier()) && validMemory(p, job)) {
                top = p;
            }
        }
        if (top != null) {
            log.info("job_submit", "Setting partition of submitted job to " + top.name());
            job.setPartition(top.name());
        }
        return SUCCESS;
    }

    @Override
    public int jobModify(JobDescriptor job, JobRecord current, long modifyUid, UserMessage message) {
        return SUCCESS;
    }

    /**
     * Slurm's _user_access: AllowGroups is checked for the user the job runs as, RootOnly for the
     * submitter. Root may use any partition (the API has no DisableRootJobs flag to refuse it).
     */
    static boolean userAccess(long runUid, long submitUid, Partition p) {
        if (runUid == 0) {
            return true;
        }
        if (p.rootOnly() && submitUid != 0) {
            return false;
        }
        return p.allowedUids().map(uids -> uids.contains(runUid)).orElse(true);
    }

    /**
     * Slurm's _valid_memory: compares only like with like (per CPU with MaxMemPerCPU, scaled by
     * pn_min_cpus when given; per node with MaxMemPerNode). Unsigned, as the C uint64_t arithmetic.
     */
    private boolean validMemory(Partition p, JobDescriptor job) {
        boolean partPerCpu = p.maxMemPerCpu() != 0;
        long partLimit = partPerCpu ? p.maxMemPerCpu() : p.maxMemPerNode();
        long request = job.pnMinMemory();
        if (partLimit == 0 || request == NoVal.NO_VAL64) {
            return true;
        }
        boolean jobPerCpu = (request & NoVal.MEM_PER_CPU) != 0;
        if (jobPerCpu != partPerCpu) {
            return true;
        }
        long jobLimit = request & ~NoVal.MEM_PER_CPU;
        long cpus = job.getNumber(JobDescField.PN_MIN_CPUS);
        if (jobPerCpu && cpus != NoVal.NO_VAL16) {
            jobLimit *= cpus;
            partLimit *= cpus;
        }
        if (Long.compareUnsigned(jobLimit, partLimit) > 0) {
            log.debug("_valid_memory", log.pluginType() + ": skipping partition " + p.name()
                    + " due to memory limit (" + Long.toUnsignedString(jobLimit) + " > "
                    + Long.toUnsignedString(partLimit) + ")");
            return false;
        }
        return true;
    }
}
