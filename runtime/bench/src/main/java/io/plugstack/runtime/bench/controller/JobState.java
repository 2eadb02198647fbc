package io.plugstack.runtime.bench.controller;

/** Slurm's job states, the ones the bench reaches. */
public enum JobState {
    PENDING, RUNNING, COMPLETED, FAILED, CANCELLED;

    public boolean finished() {
        return this == COMPLETED || this == FAILED || this == CANCELLED;
    }
}
