package io.plugstack.runtime.bench.client;

import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.runtime.bench.controller.Job;
import io.plugstack.runtime.bench.controller.JobState;

/**
 * srun's and salloc's wait for a job that cannot start yet, on a drained node or held (allocate.c's
 * _wait_for_resources), with the lines a real 22.05 printed: why first ("Required node not available (down,
 * drained or reserved)", "Job is in held state, pending scheduler release"), salloc's "Pending job allocation
 * 21", "job 21 queued and waiting for resources"; then the wait. Ctrl-C cancels the job: srun says "Job
 * allocation 21 has been revoked", salloc "Job aborted due to signal", and the command exits 1.
 */
final class PendingAllocation {
    private PendingAllocation() {
    }

    /** Job {@code job} RUNNING, after waiting if it must: false when it was cancelled meanwhile (the command exits). */
    static boolean start(Cluster c, ClientSession s, Job job) {
        boolean drained = c.controller().drained();
        boolean held = job.held();
        boolean waits = drained || held || c.controller().waitsForDependency(job);
        if (waits) {
            if (drained || held) {
                s.log.info(drained ? SlurmErrno.strerror(SlurmErrno.ESLURM_NODE_NOT_AVAIL.code())
                        : SlurmErrno.strerror(SlurmErrno.ESLURM_JOB_HELD.code()));
            }
            if (s.command == SlurmCommand.SALLOC) {
                s.log.info("Pending job allocation " + job.id);
            }
            s.log.info("job " + job.id + " queued and waiting for resources");
        }
        Runnable revoke = () -> c.controller().cancel(job.id, s.io.user().uid());
        s.io.interrupts().handle(revoke);
        boolean started;
        try {
            started = c.controller().awaitNode(job) && c.controller().state(job, JobState.RUNNING);
        } finally {
            s.io.interrupts().release(revoke);
        }
        if (!started) {
            s.log.info(s.command == SlurmCommand.SALLOC ? "Job aborted due to signal" : "Job allocation " + job.id + " has been revoked");
            return false;
        }
        if (waits) {
            s.log.info("job " + job.id + " has been allocated resources");
        }
        return true;
    }
}
