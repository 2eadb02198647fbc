package io.plugstack.benchmarks;

import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.jobsubmit.PartitionState;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.testkit.jobsubmit.FakeSlurmctld;

/**
 * The slurmctld the job_submit benchmarks submit to: the test kit's {@link FakeSlurmctld} (the one in-memory
 * slurmctld the plugins' tests use too) with five partitions (four accept submissions, "gpu" has the higher
 * PriorityTier and an AllowGroups list, "maint" is drained) and no existing jobs, so a pbs "before"
 * dependency would be dropped (the benchmark's jobs use "afterok", kept as written).
 */
final class BenchSlurmctld {

    /** The uids the benchmark submits as; all of them may use "gpu". */
    static final long FIRST_UID = 1000;
    static final int USERS = 16;

    private BenchSlurmctld() {
    }

    /** A controller of cluster "bench" holding the five partitions. */
    static FakeSlurmctld create() {
        return new FakeSlurmctld().clusterName("bench")
                .add(partition("debug", PartitionState.UP, false, 1, Optional.empty(), 0, 30, 4))
                .add(partition("batch", PartitionState.UP, true, 1, Optional.empty(), 192_000, 2_880, 64))
                .add(partition("gpu", PartitionState.UP, false, 2,
                        Optional.of(LongStream.range(FIRST_UID, FIRST_UID + USERS).boxed().collect(Collectors.toSet())),
                        512_000, 1_440, 8))
                .add(partition("long", PartitionState.DOWN, false, 0, Optional.empty(), 192_000, NoVal.INFINITE, 16))
                .add(partition("maint", PartitionState.DRAIN, false, 9, Optional.empty(), 0, NoVal.INFINITE, 64));
    }

    private static Partition partition(String name, PartitionState state, boolean isDefault, int tier,
            Optional<Set<Long>> allowedUids, long maxMemPerNode, long maxTime, long nodes) {
        return Partition.named(name).state(state).isDefault(isDefault).priorityTier(tier).allowedUids(allowedUids)
                .memoryLimits(0, maxMemPerNode).times(maxTime, NoVal.NO_VAL).jobNodes(NoVal.INFINITE, 1)
                .nodes(nodes, nodes * 64, name + "[001-" + String.format("%03d", nodes) + "]").build();
    }
}
