package io.plugstack.runtime.bench.controller;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import java.util.function.Supplier;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.jobsubmit.Reservation;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.runtime.jobsubmit.JobSubmitChain;
import io.plugstack.runtime.bench.api.NodeView;
import io.plugstack.runtime.spank.conf.PlugstackConf;

/**
 * The simulated slurmctld: job ids, job records and states, and the one node's state. A drained
 * node takes no new jobs: they stay PENDING until the node is resumed. Clients talk to it with
 * requests and answers ({@link SubmitRequest}, {@link UpdateRequest}); jobs change only here, under
 * its lock. The job_submit chain runs outside the lock, as plugins may be slow.
 */
public final class Controller {

    private final Map<Long, Job> jobs = new TreeMap<>();
    private final String nodeName;
    private final int nodeCpus;
    private final JobIds jobIds;
    private final BasicPriority priority = new BasicPriority();
    private final JobPartitions partitionRules;
    private boolean drained;
    private boolean stopped;
    private String drainReason = "";
    private long drainTime;
    private int slurmdStarts;
    private long slurmdStart;
    /** MinJobAge: seconds a finished job's record stays (squeue, scontrol show job) before it is purged. */
    private volatile int minJobAge = SlurmConfig.MIN_JOB_AGE;
    private volatile SlurmConfig config = SlurmConfig.DEFAULT;

    private final JobSubmitChain jobSubmit;
    private final Supplier<List<Partition>> partitions;
    private volatile Supplier<List<Reservation>> reservations = List::of;

    /** A controller whose job ids live as long as it does, for a node with this machine's CPUs. */
    public Controller(String nodeName, JobSubmitChain jobSubmit, Supplier<List<Partition>> partitions) {
        this(nodeName, Runtime.getRuntime().availableProcessors(), jobSubmit, partitions, JobIds.inMemory());
    }

    /**
     * @param nodeCpus the node's CPUs (slurm.conf's CPUs=): no job or step may ask for more
     * @param partitions the partitions as configured now (slurm.conf's PartitionName lines)
     * @param jobIds where job ids come from (kept across restarts in a runtime's home)
     */
    public Controller(String nodeName, int nodeCpus, JobSubmitChain jobSubmit, Supplier<List<Partition>> partitions, JobIds jobIds) {
        this.nodeName = nodeName;
        this.nodeCpus = nodeCpus;
        this.jobSubmit = jobSubmit;
        this.partitions = partitions;
        this.partitionRules = new JobPartitions(partitions);
        this.jobIds = jobIds;
    }

    public void minJobAge(int seconds) {
        minJobAge = seconds;
    }

    /** slurm.conf as it is now: MinJobAge, ClusterName, the plugin lists (scontrol show config). */
    public void configure(SlurmConfig c) {
        config = c;
        minJobAge = c.minJobAge();
    }

    public SlurmConfig config() {
        return config;
    }

    /** Where the advanced reservations come from (their configurations, as partitions' do). */
    public void reservations(Supplier<List<Reservation>> configured) {
        reservations = configured;
    }

    /** The reservations not yet ended (slurmctld purges an ended one), by name (scontrol show reservation's order). */
    public List<Reservation> reservations() {
        long now = System.currentTimeMillis() / 1000;
        return reservations.get().stream().filter(r -> r.endTime() >= now)
                .sorted(java.util.Comparator.comparing(Reservation::name)).toList();
    }

    /**
     * A job submission (job_allocate): per component, slurmctld's create-request rules (JS-5), the
     * job_submit chain (JS-6: once per component) and the partition check; if any is refused no job is
     * created. Accepted components become jobs under the leader's id.
     */
    public SubmitRequest.Answer submit(SubmitRequest req) {
        boolean het = req.components().size() > 1;
        List<String> messages = new ArrayList<>();
        List<Long> userPriorities = new ArrayList<>();
        for (int offset = 0; offset < req.components().size(); offset++) {
            JobDescriptor d = req.components().get(offset);
            String prefix = het ? offset + ": " : "";
            userPriorities.add(d.priority()); // user_submit_priority: before the plugins may change it
            int rules = CreateRequestRules.apply(d, d.userId());
            JobSubmitChain.Result r = rules != 0 ? new JobSubmitChain.Result(rules, Optional.empty(), "slurmctld")
                    : jobSubmit.submit(d, d.userId());
            int rc = r.ok() ? partitionRules.choose(d) : r.rc();
            rc = rc == 0 ? NodeFit.nodeNames(d, nodeName) : rc;
            rc = rc == 0 ? ReservationAccess.check(d, reservations()) : rc;
            rc = rc == 0 ? NodeFit.allocation(d, nodeCpus) : rc;
            rc = rc == 0 ? JobDependency.check(d) : rc;
            if (rc != 0) {
                List<String> refused = new ArrayList<>();
                r.message().ifPresent(m -> m.lines().forEach(l -> refused.add(prefix + l)));
                if (rc == SlurmErrno.ESLURM_INVALID_PARTITION_NAME.code() && r.ok()) {
                    refused.add(prefix + "invalid partition specified: " + d.partition()); // slurmctld's err_msg
                }
                return new SubmitRequest.Answer(List.of(), rc, refused);
            }
            r.message().ifPresent(m -> m.lines().forEach(l -> messages.add(prefix + l)));
        }
        return new SubmitRequest.Answer(allocate(req, userPriorities), 0, messages);
    }

    private synchronized List<Job> allocate(SubmitRequest req, List<Long> userPriorities) {
        purgeOldJobs();
        List<Job> created = new ArrayList<>();
        boolean het = req.components().size() > 1;
        for (int offset = 0; offset < req.components().size(); offset++) {
            long id = jobIds.take();
            Job j = new Job(id, req.components().get(offset), req.command(), req.plugstack(), req.jobControlEnv(),
                    het ? (created.isEmpty() ? id : created.get(0).id) : 0, het ? offset : 0);
            if (j.held()) { // _job_create: held by the user's own -H, else by a plugin (an admin's hold)
                j.reason = userPriorities.get(offset) == 0 ? JobModify.HELD_USER : JobModify.HELD_ADMIN;
            }
            prioritize(j);
            jobs.put(j.id, j);
            created.add(j);
        }
        return created;
    }

    /**
     * {@code scontrol update job} (_update_job): a finished job is refused before the job_submit chain
     * runs; the chain's job_modify sees the request, the job as it is and the modifying uid (JS-2); only
     * if it accepts are slurmctld's own checks made ({@link JobModify}) and the job changed, under the lock.
     */
    public UpdateRequest.Answer update(UpdateRequest req) {
        Optional<Job> job = job(req.jobId());
        if (job.isEmpty()) {
            return new UpdateRequest.Answer(SlurmErrno.ESLURM_INVALID_JOB_ID.code(), Optional.empty());
        }
        int before;
        synchronized (this) {
            before = JobModify.before(job.get(), req.changes(), req.uid());
        }
        if (before != 0) {
            return new UpdateRequest.Answer(before, Optional.empty());
        }
        JobSubmitChain.Result r = jobSubmit.modify(req.changes(), new JobRecordView(job.get()), req.uid());
        if (!r.ok()) {
            return new UpdateRequest.Answer(r.rc(), r.message());
        }
        synchronized (this) {
            int rc = job.get().state.finished() ? SlurmErrno.ESLURM_JOB_FINISHED.code()
                    : JobModify.apply(job.get(), req.changes(), req.uid(), req.userHold(), partitions.get(), d -> 0);
            prioritize(job.get()); // a released job gets a priority again
            notifyAll(); // a released job may start now
            return new UpdateRequest.Answer(rc, r.message());
        }
    }

    /** Whether {@code job} may not start yet for its dependency (unfulfilled, or never to be). */
    public synchronized boolean waitsForDependency(Job job) {
        return JobDependency.status(job, jobs).state() != JobDependency.State.SATISFIED;
    }

    /** set_job_prio: a job without a priority (not held, none set by an operator) gets priority/basic's next. */
    private void prioritize(Job j) {
        if (j.desc.priority() == NoVal.NO_VAL && !j.state.finished()) {
            j.desc.setPriority(priority.next(j.desc.nice()));
        }
    }

    /** Slurmctld.setDependency for job_submit plugins (pbs): false when the job is gone or finished. */
    public synchronized boolean setDependency(long jobId, String dependency) {
        Job j = jobs.get(jobId);
        if (j == null || j.state.finished()) {
            return false;
        }
        j.desc.setDependency(dependency);
        notifyAll(); // a job waiting for its dependency looks at the new one
        return true;
    }

    /** Every job it knows, oldest first, as job_submit plugins look them up (Slurmctld.jobs, slurm.jobs). */
    public synchronized List<JobRecord> records() {
        return jobs.values().stream().map(j -> (JobRecord) new JobRecordView(j)).toList();
    }

    /** The job as job_submit plugins look it up (Slurmctld.job). */
    public Optional<JobRecord> record(long jobId) {
        return job(jobId).map(JobRecordView::new);
    }

    /** The running job {@code id}, if it is one (srun inside an allocation runs a step of it). */
    public synchronized Optional<Job> runningJob(long id) {
        return Optional.ofNullable(jobs.get(id)).filter(j -> j.state == JobState.RUNNING);
    }

    /** 0, or why a step of {@code ntasks} x {@code cpusPerTask} cannot run on the node (Slurm's step create check). */
    public int stepFits(long ntasks, long cpusPerTask) {
        return NodeFit.step(ntasks, cpusPerTask, nodeCpus);
    }

    /** The next step id of {@code job}: known to srun before local_user_init, as in Slurm. */
    public synchronized long nextStepId(Job job) {
        return job.nextStepId++;
    }

    /** The job's prolog ran on the node. */
    public synchronized void prologDone(Job job) {
        job.prologDone = true;
    }

    /** A requeued job is launched anew: it reads plugstack.conf again. */
    public synchronized void relaunch(Job job, PlugstackConf.Result plugstack) {
        job.plugstack = plugstack;
    }

    /** slurmctld's purge: finished jobs older than MinJobAge leave memory (a requeued job is not finished). */
    private void purgeOldJobs() {
        long cutoff = System.currentTimeMillis() / 1000 - minJobAge;
        jobs.values().removeIf(j -> j.state.finished() && j.endTime > 0 && j.endTime <= cutoff);
    }

    public synchronized Optional<Job> job(long id) {
        return Optional.ofNullable(jobs.get(id));
    }

    /**
     * The job goes to {@code state}; false (and nothing changes) once it has ended, e.g. cancelled
     * meanwhile. A held job is not started: RUNNING waits until it is released (scontrol release) or
     * ends; the wait is interruptible (false).
     */
    public synchronized boolean state(Job job, JobState state) {
        while (state == JobState.RUNNING && (job.held() || waitsForDependency(job)) && !job.state.finished() && !stopped) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        if (job.state.finished() || (stopped && state == JobState.RUNNING)) {
            return false;
        }
        if (state == JobState.RUNNING) {
            job.startTime = System.currentTimeMillis() / 1000;
            partitionRules.startTimeLimit(job.desc);
        }
        job.state = state;
        notifyAll();
        return true;
    }

    /**
     * Blocks while the node is drained (a pending job waits for it, as slurmctld schedules nothing there); false if
     * interrupted or the job ended meanwhile (cancelled; the runtime stopping).
     */
    public boolean awaitNode(Job job) {
        while (drained() && !job.state.finished() && !stopped()) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return !job.state.finished();
    }

    /** The job's end state; the first end wins (a job cancelled while its step ran stays CANCELLED). */
    public synchronized void finish(Job job, JobState state, int exitCode, String reason) {
        if (job.state.finished()) {
            return;
        }
        job.endTime = System.currentTimeMillis() / 1000;
        job.state = state;
        job.exitCode = exitCode;
        job.reason = reason == null ? "" : reason;
        notifyAll();
    }

    /** What {@link #cancel} did: 0 and the job, which was running on the node if {@code wasRunning}; or the error. */
    public record Cancel(int rc, Optional<Job> job, boolean wasRunning) {
    }

    /**
     * scancel: the job ends CANCELLED at once, whatever its steps and plugins are doing (the node
     * then ends its processes and runs its epilog). Only its owner or root may; a finished job cannot be.
     */
    public synchronized Cancel cancel(long jobId, long uid) {
        Job j = jobs.get(jobId);
        if (j == null) {
            return new Cancel(SlurmErrno.ESLURM_INVALID_JOB_ID.code(), Optional.empty(), false);
        }
        if (uid != 0 && uid != j.uid) {
            return new Cancel(SlurmErrno.ESLURM_ACCESS_DENIED.code(), Optional.of(j), false);
        }
        if (j.state.finished()) {
            return new Cancel(SlurmErrno.ESLURM_ALREADY_DONE.code(), Optional.of(j), false);
        }
        boolean running = j.state == JobState.RUNNING;
        finish(j, JobState.CANCELLED, 0, "cancelled by uid " + uid);
        return new Cancel(0, Optional.of(j), running);
    }

    /**
     * A job a runtime before this one ran on the node and never ended (it was killed): it is known
     * again, RUNNING until the node has ended it (its processes killed, its epilog run), then NODE_FAIL.
     */
    public synchronized Job recovered(long id, long uid, long gid, String name, Map<String, String> jobControlEnv,
            PlugstackConf.Result plugstack) {
        JobDescriptor d = new JobDescriptor();
        d.setNumber(JobDescField.USER_ID, uid);
        d.setNumber(JobDescField.GROUP_ID, gid);
        d.setString(JobDescField.USER_NAME, io.plugstack.api.user.UnixUsers.byUid(uid).map(u -> u.name()).orElse(null));
        d.setName(name);
        Job j = new Job(id, d, name, plugstack, jobControlEnv, 0, 0);
        j.state = JobState.RUNNING;
        j.prologDone = true;
        jobs.put(id, j);
        return j;
    }

    /** Back to the queue after a node failure (ESPANK_NODE_FAILURE: requeue). */
    public synchronized void requeue(Job job, String reason) {
        if (job.state.finished()) {
            return; // cancelled meanwhile
        }
        job.state = JobState.PENDING;
        job.restarts++;
        job.reason = reason;
        job.prologDone = false;
        notifyAll();
    }

    public synchronized void drain(String reason) {
        drained = true;
        drainReason = reason;
        drainTime = System.currentTimeMillis() / 1000;
    }

    public synchronized void resume() {
        drained = false;
        drainReason = "";
        drainTime = 0;
        notifyAll();
    }

    /** The runtime stops: no job starts any more, and those waiting to stop waiting. */
    public synchronized void stop() {
        stopped = true;
        notifyAll();
    }

    public synchronized boolean stopped() {
        return stopped;
    }

    public synchronized boolean drained() {
        return drained;
    }

    public synchronized void slurmdStarted() {
        slurmdStarts++;
        slurmdStart = System.currentTimeMillis() / 1000;
    }

    /** Every job the controller knows, oldest first, as squeue and scontrol show job see them. */
    public synchronized List<JobInfo> jobInfos() {
        return jobs.values().stream().map(j -> JobInfo.of(j, nodeName, partitionRules::maxTime, JobDependency.status(j, jobs))).toList();
    }

    /** Job {@code id} as scontrol show job and the node launching it see it. */
    public synchronized Optional<JobInfo> info(long id) {
        return Optional.ofNullable(jobs.get(id)).map(j -> JobInfo.of(j, nodeName, partitionRules::maxTime, JobDependency.status(j, jobs)));
    }

    /** The partitions as configured now, in their configured order (sinfo, scontrol show partition). */
    public List<Partition> partitions() {
        return partitions.get();
    }

    /** The node's CPUs (slurm.conf's CPUs=). */
    public int nodeCpus() {
        return nodeCpus;
    }


    /** The node as sinfo and scontrol show node see it. */
    public synchronized NodeInfo nodeInfo() {
        long alloc = jobs.values().stream().filter(j -> j.state == JobState.RUNNING).mapToLong(j -> NodeFit.cpusAsked(j.desc)).sum();
        return new NodeInfo(nodeName, nodeCpus, Math.min(alloc, nodeCpus), drained, drainReason, drainTime, slurmdStarts,
                slurmdStart);
    }

    public synchronized NodeView node() {
        boolean busy = jobs.values().stream().anyMatch(j -> j.state == JobState.RUNNING);
        return new NodeView(nodeName, drained ? "DRAIN" : busy ? "ALLOCATED" : "IDLE", drainReason, slurmdStarts);
    }

    public synchronized boolean awaitIdle(long millis) throws InterruptedException {
        long end = System.currentTimeMillis() + millis;
        while (jobs.values().stream().anyMatch(j -> !j.state.finished() && !((drained || j.held()) && j.state == JobState.PENDING))) {
            long left = end - System.currentTimeMillis();
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }

    public String nodeName() {
        return nodeName;
    }
}
