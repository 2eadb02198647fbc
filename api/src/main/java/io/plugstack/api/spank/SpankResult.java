package io.plugstack.api.spank;

import java.util.Objects;
import java.util.function.Function;

/**
 * The outcome of a SPANK call that yields a value (C: an out pointer plus a {@code spank_err_t}).
 *
 * @param error SUCCESS, or why there is no value
 * @param value the value on success (may itself be null, e.g. local S_JOB_ENV); null on failure
 * @param <T>   the type of the value
 */
public record SpankResult<T>(SpankError error, T value) {

    /**
     * A result; a failed one carries no value.
     *
     * @param error SUCCESS, or why there is no value
     * @param value the value on success; null on failure
     * @throws IllegalArgumentException for a failure with a value
     */
    public SpankResult {
        Objects.requireNonNull(error, "error");
        if (error != SpankError.SUCCESS && value != null) {
            throw new IllegalArgumentException("a failed result carries no value");
        }
    }

    /**
     * A successful result.
     *
     * @param <T>   the type of the value
     * @param value the value, may be null
     * @return the result
     */
    public static <T> SpankResult<T> success(T value) {
        return new SpankResult<>(SpankError.SUCCESS, value);
    }

    /**
     * A failed result.
     *
     * @param <T>   the type the value would have had
     * @param error why there is no value, not SUCCESS
     * @return the result
     * @throws IllegalArgumentException for SUCCESS
     */
    public static <T> SpankResult<T> failure(SpankError error) {
        if (error == SpankError.SUCCESS) {
            throw new IllegalArgumentException("failure needs an error code, not SUCCESS");
        }
        return new SpankResult<>(error, null);
    }

    /** {@return whether the call succeeded} */
    public boolean isSuccess() {
        return error == SpankError.SUCCESS;
    }

    /**
     * The value, or a {@link SpankException} carrying the error.
     *
     * @return the value of a successful call
     * @throws SpankException when the call failed
     */
    public T orElseThrow() {
        if (!isSuccess()) {
            throw new SpankException(error);
        }
        return value;
    }

    /**
     * The value, or {@code fallback} when the call failed.
     *
     * @param fallback what to answer for a failed call
     * @return the value or the fallback
     */
    public T orElse(T fallback) {
        return isSuccess() ? value : fallback;
    }

    /**
     * Applies {@code f} to a successful value; a failure stays the same failure.
     *
     * @param <U> the type of the new value
     * @param f   the function to apply
     * @return the mapped result
     */
    public <U> SpankResult<U> map(Function<? super T, ? extends U> f) {
        return isSuccess() ? success(f.apply(value)) : failure(error);
    }
}
