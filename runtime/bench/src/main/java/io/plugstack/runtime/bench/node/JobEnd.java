package io.plugstack.runtime.bench.node;

import io.plugstack.runtime.bench.controller.Job;
import io.plugstack.runtime.bench.controller.JobState;
import java.util.Optional;

import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.slurm.SlurmCommand;

/** Ends a job on the node: epilog, then the final state; a failed epilog drains the node (spank.8). */
public final class JobEnd {
    private JobEnd() {
    }

    /** Runs the prolog once per job on the node; false (and the node drained) when it failed. */
    public static boolean prolog(Node c, Job job) {
        if (job.prologDone()) {
            return true;
        }
        if (!c.slurmd().jobScript(job, SpankCallback.JOB_PROLOG)) {
            c.controller().drain("spank: job_prolog failed for job " + job.id);
            return false;
        }
        c.controller().prologDone(job);
        return true;
    }

    public static void finish(Node c, Job job, StepResult step, String reasonIfFailed) {
        if (!c.slurmd().jobScript(job, SpankCallback.JOB_EPILOG)) {
            c.controller().drain("spank: job_epilog failed for job " + job.id);
        }
        boolean failed = step.exitCode() != 0 || step.failed().map(f -> f.outcome().failsJob()).orElse(false);
        c.controller().finish(job, failed ? JobState.FAILED : JobState.COMPLETED, step.exitCode(),
                failed ? step.failed().map(StepResult.Failure::message).orElse(reasonIfFailed) : "");
    }

    /** Applies a failed callback's node consequence. */
    public static void applyNodeOutcome(Node c, StepResult step) {
        step.failed().filter(f -> f.outcome().drainsNode())
                .ifPresent(f -> c.controller().drain("spank: " + f.callback().shortName() + " failed"));
    }

    /** A step result that also carries a failed client-side callback (e.g. exit), as spank.8 rates it. */
    public static StepResult withClientFailure(StepResult step, SlurmCommand command, SpankCallback callback, SpankContext context) {
        if (step.failed().isPresent()) {
            return step;
        }
        return new StepResult(step.exitCode(),
                Optional.of(StepResult.Failure.of(command, callback, context, Optional.empty(), callback.shortName() + " failed")));
    }
}
