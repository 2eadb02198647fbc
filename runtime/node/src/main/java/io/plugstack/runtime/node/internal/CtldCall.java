package io.plugstack.runtime.node.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.jobsubmit.JobSubmitChain;
import io.plugstack.runtime.node.wire.JobMessages;
import io.plugstack.runtime.node.wire.JobMessages.JobCall;
import io.plugstack.runtime.node.wire.JobMessages.JobResult;
import io.plugstack.runtime.node.wire.JobMessages.Value;

/**
 * One job_submit or job_modify of the real slurmctld: the request's fields become a JobDescriptor,
 * the configured chain (the same {@link JobSubmitChain} service the bench drives) runs over it with the
 * request's partitions and job record as the {@link CtldSlurmctld}'s, and the answer is the chain's rc,
 * its user message and the writable fields it changed.
 */
final class CtldCall {

    private final JobSubmitChain chain;
    private final CtldSlurmctld slurmctld;
    private final SlurmLog log;

    CtldCall(JobSubmitChain chain, CtldSlurmctld slurmctld, SlurmLog log) {
        this.chain = chain;
        this.slurmctld = slurmctld;
        this.log = log;
    }

    /** The names the shim reads, for JOB_FIELDS. */
    static JobMessages.JobFields fields() {
        return new JobMessages.JobFields(JobDescValues.names(), CtldRecords.JOB_REC, CtldRecords.PARTITION);
    }

    JobResult call(JobCall call, String clusterName) {
        JobDescriptor desc = JobDescValues.read(call.jobDesc());
        Map<JobDescField, Object> before = JobDescValues.snapshot(desc);
        List<Partition> partitions = new ArrayList<>();
        call.partitions().forEach(p -> CtldRecords.partition(p).ifPresent(partitions::add));
        boolean modify = call.hook() == JobMessages.MODIFY;
        JobRecord current = modify ? CtldRecords.jobRecord(call.jobRec()) : null;
        JobSubmitChain.Result r = slurmctld.during(new CtldSlurmctld.Request(partitions, current, clusterName),
                () -> modify ? chain.modify(desc, current, call.uid()) : chain.submit(desc, call.uid()));
        if (!r.ok()) {
            log.info("node: job_submit: " + (modify ? "job_modify of " + current : "job_submit") + " by uid " + call.uid() + " refused (rc "
                    + r.rc() + (r.decidedBy().isEmpty() ? "" : ", " + r.decidedBy()) + ")" + r.message().map(m -> ": " + m).orElse(""));
            return new JobResult(r.rc(), r.message().orElse(null), List.<Value>of());
        }
        return new JobResult(0, r.message().orElse(null), JobDescValues.writes(before, desc));
    }
}
