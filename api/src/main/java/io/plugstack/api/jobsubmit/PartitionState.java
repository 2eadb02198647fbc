package io.plugstack.api.jobsubmit;

/** A partition's State= (slurm.conf): only UP accepts and runs jobs; DOWN accepts but does not run them. */
public enum PartitionState {
    UP(true), DOWN(true), DRAIN(false), INACTIVE(false);

    private final boolean acceptsSubmissions;

    PartitionState(boolean acceptsSubmissions) {
        this.acceptsSubmissions = acceptsSubmissions;
    }

    /** Whether a job may be submitted to it (PARTITION_SUBMIT): all_partitions and partition check this. */
    public boolean acceptsSubmissions() {
        return acceptsSubmissions;
    }
}
