package io.plugstack.api.jobsubmit;

/** A partition's State= (slurm.conf): only UP accepts and runs jobs; DOWN accepts but does not run them. */
public enum PartitionState {
    /** State=UP: accepts jobs and runs them. */
    UP(true),
    /** State=DOWN: accepts jobs but does not run them. */
    DOWN(true),
    /** State=DRAIN: accepts no new jobs; those it holds may run. */
    DRAIN(false),
    /** State=INACTIVE: accepts no new jobs and runs none. */
    INACTIVE(false);

    private final boolean acceptsSubmissions;

    PartitionState(boolean acceptsSubmissions) {
        this.acceptsSubmissions = acceptsSubmissions;
    }

    /** {@return whether a job may be submitted to it (PARTITION_SUBMIT): all_partitions and partition check this} */
    public boolean acceptsSubmissions() {
        return acceptsSubmissions;
    }
}
