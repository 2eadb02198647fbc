package io.plugstack.runtime.bench.node;

import java.util.Optional;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.slurm.SlurmCommand;

/**
 * How a step ended.
 *
 * @param exitCode the highest task exit code (0 when no task ran)
 * @param failed   the callback whose failure ended or marked the step, with its consequence
 */
public record StepResult(int exitCode, Optional<Failure> failed) {

    record Failure(SpankCallback callback, FailureOutcome outcome, String message) {

        /**
         * A failed callback rated by spank.8's Errors table; a combination the table does not list
         * counts as the command and the job failing.
         */
        static Failure of(SlurmVersion release, SlurmCommand command, SpankCallback callback, SpankContext context,
                Optional<SpankError> mode, String message) {
            FailureOutcome o = SpankFailureTable.outcome(release, command, callback, context, mode)
                    .orElse(new FailureOutcome(1, false, true, false));
            return new Failure(callback, o, message);
        }
    }

    public static StepResult ok(int exitCode) {
        return new StepResult(exitCode, Optional.empty());
    }
}
