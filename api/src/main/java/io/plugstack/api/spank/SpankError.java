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
    ERROR(SlurmErrno.ESPANK_ERROR),
    BAD_ARG(SlurmErrno.ESPANK_BAD_ARG),
    NOT_TASK(SlurmErrno.ESPANK_NOT_TASK),
    ENV_EXISTS(SlurmErrno.ESPANK_ENV_EXISTS),
    ENV_NOEXIST(SlurmErrno.ESPANK_ENV_NOEXIST),
    NOSPACE(SlurmErrno.ESPANK_NOSPACE),
    NOT_REMOTE(SlurmErrno.ESPANK_NOT_REMOTE),
    NOEXIST(SlurmErrno.ESPANK_NOEXIST),
    NOT_EXECD(SlurmErrno.ESPANK_NOT_EXECD),
    NOT_AVAIL(SlurmErrno.ESPANK_NOT_AVAIL),
    NOT_LOCAL(SlurmErrno.ESPANK_NOT_LOCAL),
    /** [since 25.05] init failure drains the node (the default failure mode). */
    NODE_FAILURE(SlurmErrno.ESPANK_NODE_FAILURE),
    /** [since 25.05] init failure fails the job without requeue; the node is not drained. */
    JOB_FAILURE(SlurmErrno.ESPANK_JOB_FAILURE);

    private final SlurmErrno errno;

    SpankError(SlurmErrno errno) {
        this.errno = errno;
    }

    /** The Slurm errno entry this code is. */
    public SlurmErrno errno() {
        return errno;
    }

    /** The numeric value (3000... for errors, 0 for success). */
    public int code() {
        return errno.code();
    }

    /** The C constant, e.g. "ESPANK_NOT_REMOTE". */
    public String symbol() {
        return "ESPANK_" + name();
    }

    /** {@code spank_strerror}: Slurm's text for the code. */
    public String strerror() {
        return errno.message();
    }

    /** The SPANK code with numeric value {@code code}, if any. */
    public static Optional<SpankError> of(int code) {
        for (SpankError e : values()) {
            if (e.code() == code) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }
}
