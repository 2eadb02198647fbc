package io.plugstack.runtime.bench.node;

import java.util.ArrayList;
import java.util.List;

import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.bench.controller.Job;
import io.plugstack.runtime.bench.controller.JobState;

/**
 * Jobs a runtime that died (kill -9, a crash) left on the node, ended by the next start as slurmd
 * ends the steps it finds on restart: their processes are killed as soon as the runtime starts
 * ({@link #killProcesses}), and once slurmd is up (its job_script stack known) each gets its epilog,
 * which removes what its prolog made (a private TMPDIR), and ends NODE_FAIL; one log line per job.
 * Nothing of such a job may reach a later one.
 */
public final class LeftoverJobs {

    private record Found(NodeJobs.Leftover job, int killed) {
    }

    private final List<Found> found;

    private LeftoverJobs(List<Found> found) {
        this.found = found;
    }

    /** Kills what every job left in {@code jobs}' spool still runs (only processes of this boot). */
    public static LeftoverJobs killProcesses(NodeJobs jobs) {
        List<Found> out = new ArrayList<>();
        for (NodeJobs.Leftover l : jobs.leftovers()) {
            int killed = l.sameBoot() ? l.tasks().stream().mapToInt(TaskProcesses::kill).sum() : 0;
            out.add(new Found(l, killed));
        }
        return new LeftoverJobs(out);
    }

    /** The highest job id found: no new job may get it or a lower one again. */
    public long highestJobId() {
        return found.stream().mapToLong(f -> f.job().jobId()).max().orElse(0);
    }

    /** Ends every job found on {@code node} (its epilog, then NODE_FAIL); once. */
    public synchronized void end(Node node, SlurmLog log) {
        for (Found f : found) {
            NodeJobs.Leftover l = f.job();
            Job job = node.controller().recovered(l.jobId(), l.uid(), l.gid(), l.name(), l.jobControlEnv(),
                    node.stacks().read(SlurmLog.QUIET));
            JobEnd.end(node, job, JobState.NODE_FAIL, 1, JobEnd.STOPPED);
            log.info(JobEnd.endedLine(l.jobId(), l.name(), l.uid(), f.killed()));
        }
        found.clear();
    }
}
