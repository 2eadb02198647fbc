package io.plugstack.runtime.spank;

import java.util.Optional;

import io.plugstack.api.spank.SpankError;

/**
 * What one callback across the stack returned.
 *
 * @param rc          0, or the failing required plugin's rc (or its init failure mode's value)
 * @param failed      the required plugin that stopped the stack, as the log names it
 * @param failureMode that plugin's slurm_spank_init_failure_mode, when it applied
 */
public record CallResult(int rc, Optional<String> failed, Optional<SpankError> failureMode) {

    public static final CallResult OK = new CallResult(0, Optional.empty(), Optional.empty());

    public boolean ok() {
        return rc == 0;
    }
}
