package io.plugstack.runtime.bench.node;

/**
 * What a non-zero SPANK result does (spank.8 "Errors").
 *
 * @param exitCode   the command's exit code (1 = it fails, 0 = it carries on)
 * @param drainsNode whether the node is drained
 * @param failsJob   whether the job ends FAILED (or is never submitted)
 * @param requeues   whether the job is requeued instead (a drained node in batch launch)
 */
public record FailureOutcome(int exitCode, boolean drainsNode, boolean failsJob, boolean requeues) {

    public static FailureOutcome of(int exitCode, boolean drainsNode, boolean failsJob) {
        return new FailureOutcome(exitCode, drainsNode, failsJob, false);
    }
}
