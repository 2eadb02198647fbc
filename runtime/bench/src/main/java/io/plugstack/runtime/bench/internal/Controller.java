package io.plugstack.runtime.bench.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import io.plugstack.runtime.bench.api.JobView;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.runtime.bench.api.NodeView;
import io.plugstack.runtime.spank.conf.PlugstackConf;

/**
 * The simulated slurmctld: job ids, job records and states, and the one node's state. A drained
 * node takes no new jobs: they stay PENDING until the node is resumed.
 */
final class Controller {

    private final Map<Long, Job> jobs = new TreeMap<>();
    private final String nodeName;
    private long nextJobId = 1;
    private boolean drained;
    private String drainReason = "";
    private int slurmdStarts;
    /** MinJobAge: seconds a finished job's record stays (squeue, scontrol show job) before it is purged. */
    private volatile int minJobAge = SlurmConfig.MIN_JOB_AGE;

    Controller(String nodeName) {
        this.nodeName = nodeName;
    }

    void minJobAge(int seconds) {
        minJobAge = seconds;
    }

    synchronized Job allocate(JobDescriptor desc, String command, PlugstackConf.Result plugstack) {
        purgeOldJobs();
        Job j = new Job(nextJobId++, desc, command, plugstack);
        jobs.put(j.id, j);
        return j;
    }

    /** slurmctld's purge: finished jobs older than MinJobAge leave memory (a requeued job is not finished). */
    private void purgeOldJobs() {
        long cutoff = System.currentTimeMillis() / 1000 - minJobAge;
        jobs.values().removeIf(j -> j.state.finished() && j.endTime > 0 && j.endTime <= cutoff);
    }

    synchronized Optional<Job> job(long id) {
        return Optional.ofNullable(jobs.get(id));
    }

    synchronized void state(Job job, JobState state) {
        if (state == JobState.RUNNING) {
            job.startTime = System.currentTimeMillis() / 1000;
        }
        job.state = state;
        notifyAll();
    }

    synchronized void finish(Job job, JobState state, int exitCode, String reason) {
        job.endTime = System.currentTimeMillis() / 1000;
        job.state = state;
        job.exitCode = exitCode;
        job.reason = reason == null ? "" : reason;
        notifyAll();
    }

    /** Back to the queue after a node failure (ESPANK_NODE_FAILURE: requeue). */
    synchronized void requeue(Job job, String reason) {
        job.state = JobState.PENDING;
        job.restarts++;
        job.reason = reason;
        job.prologDone = false;
        notifyAll();
    }

    synchronized void drain(String reason) {
        drained = true;
        drainReason = reason;
    }

    synchronized void resume() {
        drained = false;
        drainReason = "";
        notifyAll();
    }

    synchronized boolean drained() {
        return drained;
    }

    synchronized void slurmdStarted() {
        slurmdStarts++;
    }

    synchronized List<JobView> views() {
        List<JobView> out = new ArrayList<>();
        jobs.values().forEach(j -> out.add(j.view()));
        return out;
    }

    synchronized NodeView node() {
        boolean busy = jobs.values().stream().anyMatch(j -> j.state == JobState.RUNNING);
        return new NodeView(nodeName, drained ? "DRAIN" : busy ? "ALLOCATED" : "IDLE", drainReason, slurmdStarts);
    }

    synchronized boolean awaitIdle(long millis) throws InterruptedException {
        long end = System.currentTimeMillis() + millis;
        while (jobs.values().stream().anyMatch(j -> !j.state.finished() && !(drained && j.state == JobState.PENDING))) {
            long left = end - System.currentTimeMillis();
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }

    String nodeName() {
        return nodeName;
    }
}
