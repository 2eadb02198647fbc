package io.plugstack.api.spank;

import java.util.Objects;

/** A SPANK call failed; thrown by {@link SpankResult#orElseThrow()} so that plugins may use exceptions. */
public class SpankException extends RuntimeException {
    /** Version 1 of the serialized form. */
    private static final long serialVersionUID = 1L;

    /** The code the call returned. */
    private final SpankError error;

    /**
     * An exception for a call that answered {@code error}; the message names the code, its number and text.
     *
     * @param error the code the call returned
     */
    public SpankException(SpankError error) {
        super(Objects.requireNonNull(error, "error").symbol() + " (" + error.code() + "): " + error.strerror());
        this.error = error;
    }

    /** {@return the code the call returned} */
    public SpankError error() {
        return error;
    }

    /** {@return the code as a plugin callback's rc} */
    public int code() {
        return error.code();
    }
}
