package io.plugstack.runtime.bench.internal;

import java.util.Optional;

import io.plugstack.api.spank.SpankCallback;
import io.plugstack.runtime.spank.outcome.FailureOutcome;

/**
 * How a step ended.
 *
 * @param exitCode the highest task exit code (0 when no task ran)
 * @param failed   the callback whose failure ended or marked the step, with its consequence
 */
record StepResult(int exitCode, Optional<Failure> failed) {

    record Failure(SpankCallback callback, FailureOutcome outcome, String message) {
    }

    static StepResult ok(int exitCode) {
        return new StepResult(exitCode, Optional.empty());
    }
}
