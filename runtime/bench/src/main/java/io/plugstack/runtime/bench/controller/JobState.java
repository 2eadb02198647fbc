package io.plugstack.runtime.bench.controller;

/** Slurm's job states, the ones the bench reaches. */
public enum JobState {
    PENDING, RUNNING, COMPLETED, FAILED, CANCELLED,
    /** The node failed while the job ran: here, the runtime stopped (killed) and the next start ended the job. */
    NODE_FAIL;

    public boolean finished() {
        return this == COMPLETED || this == FAILED || this == CANCELLED || this == NODE_FAIL;
    }
}
