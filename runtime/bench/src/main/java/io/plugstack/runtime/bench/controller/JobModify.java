package io.plugstack.runtime.bench.controller;

import java.util.List;
import java.util.Optional;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmErrno;

/**
 * slurmctld's _update_job after the job_submit chain accepted the request (job_mgr.c): who may change
 * the job, which fields only a pending job may change, and hold/release through the priority. Each
 * check refuses the whole request with its errno before anything is applied; then the fields are
 * copied onto the job. Operators (root in the bench, as {@link CreateRequestRules}) may raise a time
 * limit and release an admin hold.
 */
final class JobModify {

    /** Slurm's state_reason texts for a held job (WAIT_HELD_USER, WAIT_HELD). */
    static final String HELD_USER = "JobHeldUser";
    static final String HELD_ADMIN = "JobHeldAdmin";

    /** Fields a running job can no longer change (ESLURM_JOB_NOT_PENDING in _update_job). */
    private static final List<JobDescField> PENDING_ONLY = List.of(JobDescField.ACCOUNT, JobDescField.QOS,
            JobDescField.DEPENDENCY, JobDescField.NUM_TASKS, JobDescField.MIN_NODES, JobDescField.MIN_CPUS,
            JobDescField.CPUS_PER_TASK, JobDescField.LICENSES, JobDescField.TRES_PER_NODE, JobDescField.RESERVATION);

    private JobModify() {
    }

    /** The checks before the job_submit chain: a finished job is not changed, and only an admin sets admin_comment. */
    static int before(Job job, JobDescriptor changes, long uid) {
        if (job.state.finished()) {
            return SlurmErrno.ESLURM_JOB_FINISHED.code();
        }
        if (changes.isSet(JobDescField.ADMIN_COMMENT) && !operator(uid)) {
            return SlurmErrno.ESLURM_ACCESS_DENIED.code();
        }
        return 0;
    }

    /**
     * The checks after the chain and, when they pass, the change; 0 or the errno. Called under the
     * controller's lock.
     *
     * @param userHold  scontrol uhold (alloc_sid ALLOC_SID_USER_HOLD): a hold the user may release
     * @param resources the controller's check of what the request asks of its configured resources
     *                  (reservation, QOS, licences, GRES): 0 or the errno
     */
    static int apply(Job job, JobDescriptor changes, long uid, boolean userHold, List<Partition> partitions,
            java.util.function.ToIntFunction<JobDescriptor> resources) {
        boolean operator = operator(uid);
        if (job.uid != uid && !operator) {
            return SlurmErrno.ESLURM_USER_ID_MISSING.code(); // "Security violation, JOB_UPDATE RPC from uid"
        }
        boolean pending = job.state == JobState.PENDING;
        int rc = partition(job, changes, pending, partitions);
        if (rc == 0 && !pending && PENDING_ONLY.stream().anyMatch(changes::isSet)) {
            rc = SlurmErrno.ESLURM_JOB_NOT_PENDING.code();
        }
        if (rc == 0 && !operator && changes.nice() != NoVal.NO_VAL && changes.nice() < NoVal.NICE_OFFSET) {
            rc = SlurmErrno.ESLURM_ACCESS_DENIED.code(); // "Attempt to modify nice": only operators lower it
        }
        rc = rc != 0 ? rc : resources.applyAsInt(changes);
        rc = rc != 0 ? rc : timeLimit(job, changes, operator, pending, partitions);
        Optional<Runnable> priority = Optional.empty();
        if (rc == 0 && changes.isSet(JobDescField.PRIORITY)) {
            Hold h = priority(job, changes.priority(), operator, userHold, pending);
            rc = h.rc();
            priority = h.change();
        }
        if (rc != 0) {
            return rc;
        }
        priority.ifPresent(Runnable::run);
        copy(job, changes);
        return 0;
    }

    /** A new partition must exist, and only a pending job may move (the same name is no change). */
    private static int partition(Job job, JobDescriptor changes, boolean pending, List<Partition> partitions) {
        String wanted = changes.partition();
        if (wanted == null || wanted.equals(job.desc.partition())) {
            changes.setPartition(null);
            return 0;
        }
        if (!pending) {
            return SlurmErrno.ESLURM_JOB_NOT_PENDING.code();
        }
        boolean exists = java.util.Arrays.stream(wanted.split(","))
                .anyMatch(n -> partitions.stream().anyMatch(p -> p.name().equals(n.trim())));
        return exists ? 0 : SlurmErrno.ESLURM_INVALID_PARTITION_NAME.code();
    }

    /** An operator sets any limit; a user only lowers it, or sets it up to the partition's MaxTime while pending. */
    private static int timeLimit(Job job, JobDescriptor changes, boolean operator, boolean pending, List<Partition> partitions) {
        if (!changes.isSet(JobDescField.TIME_LIMIT) || changes.timeLimit() == NoVal.NO_VAL) {
            return 0;
        }
        long wanted = changes.timeLimit();
        long current = job.desc.timeLimit();
        if (operator || (current != NoVal.NO_VAL && Long.compareUnsigned(current, wanted) > 0)) {
            return 0;
        }
        long max = partitions.stream().filter(p -> p.name().equals(job.desc.partition())).mapToLong(Partition::maxTime)
                .findFirst().orElse(NoVal.NO_VAL);
        return pending && max != NoVal.NO_VAL && Long.compareUnsigned(max, wanted) >= 0 ? 0
                : SlurmErrno.ESLURM_ACCESS_DENIED.code();
    }

    /** What a priority request does: an errno, or the change to make once every check passed. */
    private record Hold(int rc, Optional<Runnable> change) {
        static Hold refused(SlurmErrno e) {
            return new Hold(e.code(), Optional.empty());
        }

        static Hold to(Runnable r) {
            return new Hold(0, Optional.of(r));
        }
    }

    /**
     * _update_job's priority rules: 0 holds (JobHeldUser by its user or with uhold, JobHeldAdmin by an
     * operator), INFINITE releases (an operator any hold, the user only a user hold); another value
     * is an operator's alone. A job already released takes the release as a no-op.
     */
    private static Hold priority(Job job, long wanted, boolean operator, boolean userHold, boolean pending) {
        boolean held = job.held();
        if (wanted == 0) {
            if (!pending) {
                return Hold.refused(SlurmErrno.ESLURM_JOB_NOT_PENDING);
            }
            if (held && !operator) {
                return Hold.to(() -> { });
            }
            return Hold.to(() -> {
                job.desc.setPriority(0);
                job.reason = !operator || userHold ? HELD_USER : HELD_ADMIN;
            });
        }
        if (wanted == NoVal.INFINITE) {
            if (!held) {
                return Hold.to(() -> { }); // "already released, ignoring request"
            }
            if (!operator && !HELD_USER.equals(job.reason)) {
                return Hold.refused(SlurmErrno.ESLURM_ACCESS_DENIED);
            }
            return Hold.to(() -> {
                job.desc.setPriority(NoVal.NO_VAL);
                job.reason = "";
            });
        }
        if (held) {
            return Hold.refused(SlurmErrno.ESLURM_JOB_HELD);
        }
        return operator ? Hold.to(() -> job.desc.setPriority(wanted)) : Hold.refused(SlurmErrno.ESLURM_PRIO_RESET_FAIL);
    }

    /** Copies what the (possibly plugin-edited) request sets onto the job; priority was handled above. */
    private static void copy(Job job, JobDescriptor changes) {
        for (JobDescField f : JobDescField.values()) {
            if (f != JobDescField.USER_ID && f != JobDescField.SITE_FACTOR && f != JobDescField.PRIORITY && changes.isSet(f)
                    && changes.get(f) != null) {
                try {
                    job.desc.set(f, changes.get(f));
                } catch (RuntimeException ignored) {
                    // a derived (view) field: its backing field was copied already
                }
            }
        }
        if (changes.name() != null) {
            job.name = changes.name();
        }
    }

    /** validate_operator / validate_super_user: root in the bench. */
    static boolean operator(long uid) {
        return uid == 0;
    }
}
