package io.plugstack.api.jobsubmit;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import org.osgi.annotation.versioning.ProviderType;

/**
 * What a job_submit plugin may look up in slurmctld, as Slurm's C plugins read its globals
 * (part_list, job_list, slurm_conf). An OSGi service: a plugin component takes it as a reference.
 * Calls happen while the controller holds its read locks (JS-4): do not call back into submission.
 */
@ProviderType
public interface Slurmctld {

    /** {@return every partition, in slurmctld's partition list order (all_partitions and partition rely on it)} */
    List<Partition> partitions();

    /**
     * One partition by name.
     *
     * @param name PartitionName
     * @return the partition, or empty when there is none of that name
     */
    Optional<Partition> partition(String name);

    /**
     * An existing job.
     *
     * @param jobId the job's id
     * @return the job, or empty when slurmctld does not know it
     */
    Optional<JobRecord> job(long jobId);

    /** {@return every job slurmctld knows (its job_list), oldest first: job_submit/lua's {@code slurm.jobs}} */
    default List<JobRecord> jobs() {
        return List.of();
    }

    /**
     * {@return the advanced reservations not yet ended (its resv_list): job_submit/lua's {@code slurm.reservations}}
     */
    default List<Reservation> reservations() {
        return List.of();
    }

    /**
     * A QOS's Priority by name (job_submit/lua's slurm.get_qos_priority).
     *
     * @param qos the QOS's name
     * @return its Priority, empty for a QOS it does not know
     */
    default OptionalLong qosPriority(String qos) {
        return OptionalLong.empty();
    }

    /** {@return ClusterName of slurm.conf} */
    String clusterName();

    /**
     * Replaces an existing job's dependency (the pbs plugin rewrites a "before" dependency into an
     * "after" one on the other job).
     *
     * @param jobId      the job whose dependency changes
     * @param dependency the new dependency, in --dependency syntax
     * @return false when the job does not exist or has finished
     */
    boolean setDependency(long jobId, String dependency);
}
