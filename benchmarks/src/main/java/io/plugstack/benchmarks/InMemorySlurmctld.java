package io.plugstack.benchmarks;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.jobsubmit.PartitionState;
import io.plugstack.api.jobsubmit.Slurmctld;
import io.plugstack.api.slurm.NoVal;

/**
 * A small slurmctld for the job_submit plugins: five partitions (four accept submissions, "gpu" has the
 * higher PriorityTier and an AllowGroups list, "maint" is drained) and no existing jobs, so a pbs
 * "before" dependency would be dropped (the benchmark's jobs use "afterok", kept as written).
 */
final class InMemorySlurmctld implements Slurmctld {

    /** The uids the benchmark submits as; all of them may use "gpu". */
    static final long FIRST_UID = 1000;
    static final int USERS = 16;

    private final List<Partition> partitions = List.of(
            partition("debug", PartitionState.UP, false, 1, Optional.empty(), 0, 30, 4),
            partition("batch", PartitionState.UP, true, 1, Optional.empty(), 192_000, 2_880, 64),
            partition("gpu", PartitionState.UP, false, 2,
                    Optional.of(LongStream.range(FIRST_UID, FIRST_UID + USERS).boxed().collect(Collectors.toSet())),
                    512_000, 1_440, 8),
            partition("long", PartitionState.DOWN, false, 0, Optional.empty(), 192_000, NoVal.INFINITE, 16),
            partition("maint", PartitionState.DRAIN, false, 9, Optional.empty(), 0, NoVal.INFINITE, 64));
    private final Map<String, Partition> byName = partitions.stream()
            .collect(Collectors.toUnmodifiableMap(Partition::name, Function.identity()));
    private final Map<Long, JobRecord> jobs = new ConcurrentHashMap<>();

    private static Partition partition(String name, PartitionState state, boolean isDefault, int tier,
            Optional<Set<Long>> allowedUids, long maxMemPerNode, long maxTime, long nodes) {
        return Partition.named(name).state(state).isDefault(isDefault).priorityTier(tier).allowedUids(allowedUids)
                .memoryLimits(0, maxMemPerNode).times(maxTime, NoVal.NO_VAL).jobNodes(NoVal.INFINITE, 1)
                .nodes(nodes, nodes * 64, name + "[001-" + String.format("%03d", nodes) + "]").build();
    }

    @Override
    public List<Partition> partitions() {
        return partitions;
    }

    @Override
    public Optional<Partition> partition(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    @Override
    public Optional<JobRecord> job(long jobId) {
        return Optional.ofNullable(jobs.get(jobId));
    }

    @Override
    public String clusterName() {
        return "bench";
    }

    @Override
    public boolean setDependency(long jobId, String dependency) {
        return false; // no job exists
    }
}
