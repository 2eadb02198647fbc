package io.plugstack.runtime.spank;

import java.util.Optional;

import io.plugstack.api.spank.SpankError;

/**
 * What one callback across the stack returned.
 *
 * @param rc          0, or the failing required plugin's rc (or its init failure mode's value)
 * @param failed      the required plugin that stopped the stack, as the log names it
 * @param failureMode that plugin's slurm_spank_init_failure_mode, when it applied
 * @param failsCaller whether the command or daemon that called the stack counts {@code rc} as a failure:
 *                    any non-zero, except where the release's caller tests only {@code < 0}
 *                    (ReleaseBehaviour.SPANK_CALLERS_FAIL_ON_ANY_NONZERO)
 */
public record CallResult(int rc, Optional<String> failed, Optional<SpankError> failureMode, boolean failsCaller) {

    public static final CallResult OK = new CallResult(0, Optional.empty(), Optional.empty());

    /** A result whose caller counts any non-zero rc as a failure. */
    public CallResult(int rc, Optional<String> failed, Optional<SpankError> failureMode) {
        this(rc, failed, failureMode, rc != 0);
    }

    /** Whether the caller goes on: the stack succeeded, or its caller does not count this rc as a failure. */
    public boolean ok() {
        return !failsCaller;
    }
}
