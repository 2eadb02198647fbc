package io.plugstack.runtime.bench.internal;

/** Slurm's job states, the ones the bench reaches. */
enum JobState {
    PENDING, RUNNING, COMPLETED, FAILED, CANCELLED;

    boolean finished() {
        return this == COMPLETED || this == FAILED || this == CANCELLED;
    }
}
