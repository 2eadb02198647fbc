package io.plugstack.api.spank;

import java.util.Optional;

import io.plugstack.api.slurm.SlurmErrno;

/**
 * {@code spank_err_t}: the codes SPANK API calls return. Since 21.08 they are Slurm errno values, so
 * each constant is only a view of its {@link SlurmErrno} entry, which holds the number and the text.
 */
public enum SpankError {
    /** ESPANK_SUCCESS = SLURM_SUCCESS = 0. */
    SUCCESS(SlurmErrno.SLURM_SUCCESS),
    /** ESPANK_ERROR (3000): "Generic error". */
    ERROR(SlurmErrno.ESPANK_ERROR),
    /** ESPANK_BAD_ARG (3001): "Bad argument". */
    BAD_ARG(SlurmErrno.ESPANK_BAD_ARG),
    /** ESPANK_NOT_TASK (3002): "Not in task context". */
    NOT_TASK(SlurmErrno.ESPANK_NOT_TASK),
    /** ESPANK_ENV_EXISTS (3003): "Environment variable exists". */
    ENV_EXISTS(SlurmErrno.ESPANK_ENV_EXISTS),
    /** ESPANK_ENV_NOEXIST (3004): "No such environment variable". */
    ENV_NOEXIST(SlurmErrno.ESPANK_ENV_NOEXIST),
    /** ESPANK_NOSPACE (3005): "Buffer too small". */
    NOSPACE(SlurmErrno.ESPANK_NOSPACE),
    /** ESPANK_NOT_REMOTE (3006): "Valid only in remote context". */
    NOT_REMOTE(SlurmErrno.ESPANK_NOT_REMOTE),
    /** ESPANK_NOEXIST (3007): "Id/PID does not exist on this node". */
    NOEXIST(SlurmErrno.ESPANK_NOEXIST),
    /** ESPANK_NOT_EXECD (3008): "Lookup by PID requested, but no tasks running". */
    NOT_EXECD(SlurmErrno.ESPANK_NOT_EXECD),
    /** ESPANK_NOT_AVAIL (3009): "Item not available from this callback". */
    NOT_AVAIL(SlurmErrno.ESPANK_NOT_AVAIL),
    /** ESPANK_NOT_LOCAL (3010): "Valid only in local or allocator context". */
    NOT_LOCAL(SlurmErrno.ESPANK_NOT_LOCAL),
    /** [since 25.05] init failure drains the node (the default failure mode). */
    NODE_FAILURE(SlurmErrno.ESPANK_NODE_FAILURE),
    /** [since 25.05] init failure fails the job without requeue; the node is not drained. */
    JOB_FAILURE(SlurmErrno.ESPANK_JOB_FAILURE);

    private final SlurmErrno errno;

    SpankError(SlurmErrno errno) {
        this.errno = errno;
    }

    /** {@return the Slurm errno entry this code is} */
    public SlurmErrno errno() {
        return errno;
    }

    /** {@return the numeric value (3000... for errors, 0 for success)} */
    public int code() {
        return errno.code();
    }

    /** {@return the C constant, e.g. "ESPANK_NOT_REMOTE"} */
    public String symbol() {
        return "ESPANK_" + name();
    }

    /** {@return {@code spank_strerror}: Slurm's text for the code} */
    public String strerror() {
        return errno.message();
    }

    /**
     * The SPANK code with numeric value {@code code}.
     *
     * @param code a {@code spank_err_t} value
     * @return the code, or empty for a number that is not a SPANK code
     */
    public static Optional<SpankError> of(int code) {
        for (SpankError e : values()) {
            if (e.code() == code) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }
}
