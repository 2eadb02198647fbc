package io.plugstack.bundles.testing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.jobsubmit.PartitionState;
import io.plugstack.api.jobsubmit.Reservation;
import io.plugstack.api.jobsubmit.Slurmctld;
import io.plugstack.api.slurm.NoVal;

/** An in-memory slurmctld: partitions in list order, jobs by id, and the dependencies set on them. */
public final class FakeSlurmctld implements Slurmctld {

    public final List<Partition> partitions = new ArrayList<>();
    public final Map<Long, JobRecord> jobs = new LinkedHashMap<>();
    public final Map<Long, String> dependenciesSet = new LinkedHashMap<>();
    public final List<Reservation> reservations = new ArrayList<>();
    /** QOS priorities by name. */
    public final Map<String, Long> qos = new LinkedHashMap<>();

    public FakeSlurmctld add(Partition p) {
        partitions.add(p);
        return this;
    }

    public FakeSlurmctld add(JobRecord job) {
        jobs.put(job.jobId(), job);
        return this;
    }

    /** A partition open to everyone, without memory limits. */
    public static Partition partition(String name, PartitionState state, int priorityTier) {
        return partition(name, state, priorityTier, false, Optional.empty(), 0, 0);
    }

    public static Partition partition(String name, PartitionState state, int priorityTier, boolean rootOnly,
            Optional<Set<Long>> allowedUids, long maxMemPerCpu, long maxMemPerNode) {
        return Partition.named(name).state(state).priorityTier(priorityTier).rootOnly(rootOnly).allowedUids(allowedUids)
                .memoryLimits(maxMemPerCpu, maxMemPerNode).jobNodes(NoVal.INFINITE, 1).nodes(4, 16, "n[1-4]").build();
    }

    @Override
    public List<Partition> partitions() {
        return List.copyOf(partitions);
    }

    @Override
    public Optional<Partition> partition(String name) {
        return partitions.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    @Override
    public Optional<JobRecord> job(long jobId) {
        return Optional.ofNullable(jobs.get(jobId));
    }

    @Override
    public List<JobRecord> jobs() {
        return List.copyOf(jobs.values());
    }

    @Override
    public List<Reservation> reservations() {
        return List.copyOf(reservations);
    }

    @Override
    public OptionalLong qosPriority(String name) {
        Long p = qos.get(name);
        return p == null ? OptionalLong.empty() : OptionalLong.of(p);
    }

    @Override
    public String clusterName() {
        return "test";
    }

    @Override
    public boolean setDependency(long jobId, String dependency) {
        if (!jobs.containsKey(jobId)) {
            return false;
        }
        dependenciesSet.put(jobId, dependency);
        return true;
    }
}
