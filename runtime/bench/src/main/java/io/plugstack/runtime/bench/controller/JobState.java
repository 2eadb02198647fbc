package io.plugstack.runtime.bench.controller;

/** Slurm's job states, the ones the bench reaches. */
public enum JobState {
    PENDING("PD"), RUNNING("R"), COMPLETED("CD"), FAILED("F"), CANCELLED("CA"),
    /** The node failed while the job ran: here, the runtime stopped (killed) and the next start ended the job. */
    NODE_FAIL("NF");

    private final String compact;

    JobState(String compact) {
        this.compact = compact;
    }

    /** squeue's %t (job_state_string_compact). */
    public String compact() {
        return compact;
    }

    public boolean finished() {
        return this == COMPLETED || this == FAILED || this == CANCELLED || this == NODE_FAIL;
    }
}
