package io.plugstack.runtime.bench.node;

import io.plugstack.runtime.bench.controller.Job;
import io.plugstack.runtime.bench.controller.JobState;
import java.util.Optional;

import io.plugstack.api.plugin.SlurmVersion;
import java.util.function.Supplier;

import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.api.slurm.SlurmLog;

/** Ends a job on the node: epilog, then the final state; a failed epilog drains the node (spank.8). */
public final class JobEnd {
    private JobEnd() {
    }

    /** Runs the prolog once per job on the node; false (and the node drained) when it failed. */
    public static boolean prolog(Node c, Job job) {
        if (job.prologDone()) {
            return true;
        }
        if (!c.jobs().begin(job, true)) { // before any of its processes: a restart must find it
            return true; // ended before its prolog: nothing to fail, and its steps will not start
        }
        try {
            if (!c.slurmd().jobScript(job, SpankCallback.JOB_PROLOG)) {
                c.controller().drain("spank: job_prolog failed for job " + job.id);
                return false;
            }
        } finally {
            c.jobs().prologDone(job.id);
        }
        c.controller().prologDone(job);
        return true;
    }

    /** The job's step is over: the job ends with what the step gave (unless it ended already, e.g. cancelled). */
    public static void finish(Node c, Job job, StepResult step, String reasonIfFailed) {
        boolean failed = step.exitCode() != 0 || step.failed().map(f -> f.outcome().failsJob()).orElse(false);
        end(c, job, failed ? JobState.FAILED : JobState.COMPLETED, step.exitCode(),
                failed ? step.failed().map(StepResult.Failure::message).orElse(reasonIfFailed) : "");
    }

    /**
     * Ends the job on the node, once whoever gets here first (its own step, scancel, a failure, the
     * next start after a crash): what its tasks left running is killed, the epilog runs (a failed one
     * drains the node, spank.8), the node forgets it, and the controller records {@code state}
     * unless the job has an end state already. Returns how many processes were killed, or -1 when the
     * job had been ended already.
     */
    public static int end(Node c, Job job, JobState state, int exitCode, String reason) {
        int killed = c.jobs().endTasks(job.id);
        if (killed >= 0) {
            awaitPrologAndSteps(c, job);
            // an epilog that threw (the framework going away under it) keeps the record: the next start runs it
            if (!c.slurmd().jobScript(job, SpankCallback.JOB_EPILOG)) {
                c.controller().drain("spank: job_epilog failed for job " + job.id);
            }
            c.jobs().forget(job.id);
        }
        c.controller().finish(job, state, exitCode, reason);
        return killed;
    }

    /**
     * A job's epilog waits for its prolog (bounded by the prolog's own callback time limits), then briefly for
     * its steps, whose processes are killed by now, to return from their callbacks: run beside them, it would
     * remove a private directory that a prolog or a step's user_init makes a moment later, and that one would
     * stay. As slurmd, which runs the epilog once the job's steps are gone; but a callback that hangs does
     * not hold the job's end beyond {@link #STEPS_WAIT_MS} (issue 15).
     */
    private static void awaitPrologAndSteps(Node c, Job job) {
        try {
            if (!c.jobs().awaitProlog(job.id, PROLOG_WAIT_MS)) {
                c.slurmd().log().error("job " + job.id + ": its prolog still runs " + PROLOG_WAIT_MS / 1000
                        + " s after the job ended; its epilog runs now");
            }
            c.jobs().awaitSteps(job.id, STEPS_WAIT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static final long STEPS_WAIT_MS = 2_000;
    private static final long PROLOG_WAIT_MS = 60_000;

    /**
     * The runtime stops: every job the node runs ends now, while its plugins are still there, as one a
     * crash left is ended by the next start (its processes killed, its epilog, NODE_FAIL, one line each).
     * Returns how many were.
     */
    public static int endAll(Node c, SlurmLog log) {
        int ended = 0;
        for (long id : c.jobs().running()) {
            Optional<Job> job = c.controller().job(id).filter(j -> !j.state().finished());
            if (job.isEmpty()) {
                continue;
            }
            int killed = end(c, job.get(), JobState.NODE_FAIL, 1, STOPPED);
            if (killed >= 0) {
                log.info(endedLine(job.get().id, job.get().name(), job.get().uid, killed));
                ended++;
            }
        }
        return ended;
    }

    /** The reason a job the runtime's stop (or crash) ended carries. */
    static final String STOPPED = "the runtime stopped while the job ran";

    /** The one line logged for such a job. */
    static String endedLine(long jobId, String name, long uid, int killed) {
        return "job " + jobId + " (" + name + ", uid " + uid + ") was running when the runtime stopped: " + killed
                + (killed == 1 ? " process" : " processes") + " killed, epilog run, job ended NODE_FAIL";
    }

    /**
     * Runs what a job does on the node ({@code work}); if it stops by any throwable (a plugin's Error
     * the guard did not see, a bug), the job still ends, FAILED, with its epilog, and {@code onFailure}
     * gives the answer: a job never stays RUNNING with no one to end it.
     */
    public static <T> T guarded(Node c, Job job, Supplier<T> work, Supplier<T> onFailure) {
        try {
            return work.get();
        } catch (RuntimeException | Error e) {
            c.slurmd().log().error("job " + job.id + ": " + e + "; the job is ended FAILED");
            end(c, job, JobState.FAILED, 1, "the node failed to run the job: " + e);
            return onFailure.get();
        }
    }

    /** Applies a failed callback's node consequence. */
    public static void applyNodeOutcome(Node c, StepResult step) {
        step.failed().filter(f -> f.outcome().drainsNode())
                .ifPresent(f -> c.controller().drain("spank: " + f.callback().shortName() + " failed"));
    }

    /**
     * A step result that also carries a failed client-side callback (e.g. exit), as spank.8 rates it. Client
     * contexts are rated alike at every release (only slurmstepd's changed, in 23.11), hence the built-for release.
     */
    public static StepResult withClientFailure(StepResult step, SlurmCommand command, SpankCallback callback, SpankContext context) {
        if (step.failed().isPresent()) {
            return step;
        }
        return new StepResult(step.exitCode(),
                Optional.of(StepResult.Failure.of(SlurmVersion.builtFor(), command, callback, context, Optional.empty(), callback.shortName() + " failed")));
    }
}
