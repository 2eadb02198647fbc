package io.plugstack.runtime.spank.options;

import java.util.Optional;

/**
 * The outcome of submit-side option processing. On failure the command prints {@code message} (it is
 * already logged at error level) and exits with an error.
 *
 * @param rc      0 on success, else the failing callback's rc (or -1)
 * @param message Slurm's error text on failure, null on success
 */
public record ProcessResult(int rc, String message) {

    static final ProcessResult OK = new ProcessResult(0, null);

    /** Whether processing succeeded. */
    public boolean ok() {
        return rc == 0;
    }

    /** The error text, if processing failed. */
    public Optional<String> error() {
        return Optional.ofNullable(message);
    }
}
