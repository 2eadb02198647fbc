package io.plugstack.api.spank;

import java.util.Objects;

/** A SPANK call failed; thrown by {@link SpankResult#orElseThrow()} so that plugins may use exceptions. */
public class SpankException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final SpankError error;

    public SpankException(SpankError error) {
        super(Objects.requireNonNull(error, "error").symbol() + " (" + error.code() + "): " + error.strerror());
        this.error = error;
    }

    /** The code the call returned. */
    public SpankError error() {
        return error;
    }

    /** The code as a plugin callback's rc. */
    public int code() {
        return error.code();
    }
}
