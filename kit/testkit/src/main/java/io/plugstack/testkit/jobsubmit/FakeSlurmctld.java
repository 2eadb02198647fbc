package io.plugstack.testkit.jobsubmit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.jobsubmit.PartitionState;
import io.plugstack.api.jobsubmit.Reservation;
import io.plugstack.api.jobsubmit.Slurmctld;
import io.plugstack.api.slurm.NoVal;

/**
 * An in-memory slurmctld for job_submit plugins: the {@link Slurmctld} view a plugin component takes as its
 * reference, filled by the test. Partitions keep the order they were added in (slurmctld's part_list order,
 * which all_partitions and partition rely on), jobs are found by id, and every dependency a plugin sets
 * ({@link #setDependency}) is recorded for assertions.
 *
 * <pre>{@code
 * FakeSlurmctld ctld = new FakeSlurmctld()
 *         .add(FakeSlurmctld.partition("debug", PartitionState.UP, 1))
 *         .add(Jobs.withId(42));
 * JobSubmitPlugin plugin = new MyPlugin(ctld);
 * }</pre>
 *
 * <p>It answers what it holds and nothing else: it runs no scheduling, checks no locks and keeps no job
 * states of its own. Filled before use, it may be read by several threads at once.
 */
public final class FakeSlurmctld implements Slurmctld {

    /** The partitions in order, rebuilt on every add so that reads allocate nothing (benchmarks share one). */
    private List<Partition> partitions = List.of();
    private final Map<String, Partition> partitionsByName = new HashMap<>();
    private final Map<Long, JobRecord> jobs = new LinkedHashMap<>();
    private final Map<Long, String> dependenciesSet = new LinkedHashMap<>();
    private final List<Reservation> reservations = new ArrayList<>();
    private final Map<String, Long> qos = new LinkedHashMap<>();
    private String clusterName = "test";

    /** An empty controller of cluster {@code "test"}. */
    public FakeSlurmctld() {
    }

    /**
     * Adds a partition after those already added.
     *
     * @param partition the partition ({@link #partition(String, PartitionState, int)} builds a plain one)
     * @return this controller
     */
    public FakeSlurmctld add(Partition partition) {
        List<Partition> all = new ArrayList<>(partitions);
        all.add(Objects.requireNonNull(partition, "partition"));
        partitions = List.copyOf(all);
        partitionsByName.putIfAbsent(partition.name(), partition);
        return this;
    }

    /**
     * Adds an existing job (replacing one with the same id).
     *
     * @param job the job ({@link Jobs} builds one)
     * @return this controller
     */
    public FakeSlurmctld add(JobRecord job) {
        jobs.put(job.jobId(), job);
        return this;
    }

    /**
     * Adds an advanced reservation (job_submit/lua's {@code slurm.reservations}).
     *
     * @param reservation the reservation
     * @return this controller
     */
    public FakeSlurmctld add(Reservation reservation) {
        reservations.add(Objects.requireNonNull(reservation, "reservation"));
        return this;
    }

    /**
     * Defines a QOS and its Priority ({@link #qosPriority(String)}).
     *
     * @param name     the QOS name
     * @param priority its Priority
     * @return this controller
     */
    public FakeSlurmctld qos(String name, long priority) {
        qos.put(name, priority);
        return this;
    }

    /**
     * Sets ClusterName ({@code "test"} unless set).
     *
     * @param name what {@link #clusterName()} answers
     * @return this controller
     */
    public FakeSlurmctld clusterName(String name) {
        this.clusterName = Objects.requireNonNull(name, "name");
        return this;
    }

    /**
     * The dependencies the plugin set through {@link #setDependency}, by job id, in the order they were set
     * (a later one for the same job replaces the earlier).
     *
     * @return a read-only view
     */
    public Map<Long, String> dependenciesSet() {
        return Collections.unmodifiableMap(dependenciesSet);
    }

    /**
     * A partition open to everyone, without memory limits: four nodes {@code n[1-4]} with 16 CPUs in all,
     * no node-count limit.
     *
     * @param name         PartitionName
     * @param state        State
     * @param priorityTier PriorityTier
     * @return the partition
     */
    public static Partition partition(String name, PartitionState state, int priorityTier) {
        return partition(name, state, priorityTier, false, Optional.empty(), 0, 0);
    }

    /**
     * A partition with access and memory limits, otherwise as {@link #partition(String, PartitionState, int)}.
     *
     * @param name          PartitionName
     * @param state         State
     * @param priorityTier  PriorityTier
     * @param rootOnly      RootOnly
     * @param allowedUids   the uids AllowGroups lets in; empty: everyone
     * @param maxMemPerCpu  MaxMemPerCPU in MB (0: none)
     * @param maxMemPerNode MaxMemPerNode in MB (0: none)
     * @return the partition
     */
    public static Partition partition(String name, PartitionState state, int priorityTier, boolean rootOnly,
            Optional<Set<Long>> allowedUids, long maxMemPerCpu, long maxMemPerNode) {
        return Partition.named(name).state(state).priorityTier(priorityTier).rootOnly(rootOnly).allowedUids(allowedUids)
                .memoryLimits(maxMemPerCpu, maxMemPerNode).jobNodes(NoVal.INFINITE, 1).nodes(4, 16, "n[1-4]").build();
    }

    /** @return the partitions added, in order */
    @Override
    public List<Partition> partitions() {
        return partitions;
    }

    /** @return the first partition added with that name */
    @Override
    public Optional<Partition> partition(String name) {
        return Optional.ofNullable(partitionsByName.get(name));
    }

    /** @return the job added with that id */
    @Override
    public Optional<JobRecord> job(long jobId) {
        return Optional.ofNullable(jobs.get(jobId));
    }

    /** @return the jobs added, in order */
    @Override
    public List<JobRecord> jobs() {
        return List.copyOf(jobs.values());
    }

    /** @return the reservations added, in order */
    @Override
    public List<Reservation> reservations() {
        return List.copyOf(reservations);
    }

    /** @return the Priority given with {@link #qos(String, long)}, empty for a QOS never defined */
    @Override
    public OptionalLong qosPriority(String name) {
        Long p = qos.get(name);
        return p == null ? OptionalLong.empty() : OptionalLong.of(p);
    }

    /** @return {@code "test"}, or what {@link #clusterName(String)} set */
    @Override
    public String clusterName() {
        return clusterName;
    }

    /**
     * Records the dependency ({@link #dependenciesSet()}) when the job was added; the job record itself is
     * not changed.
     *
     * @return false for a job never added, as slurmctld answers for a job it does not know
     */
    @Override
    public boolean setDependency(long jobId, String dependency) {
        if (!jobs.containsKey(jobId)) {
            return false;
        }
        dependenciesSet.put(jobId, dependency);
        return true;
    }
}
