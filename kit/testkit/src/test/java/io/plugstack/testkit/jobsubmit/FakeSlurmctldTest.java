package io.plugstack.testkit.jobsubmit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.jobsubmit.PartitionState;

class FakeSlurmctldTest {

    @Test
    void partitionsKeepTheOrderTheyWereAddedInAndAreFoundByName() {
        FakeSlurmctld ctld = new FakeSlurmctld().add(FakeSlurmctld.partition("b", PartitionState.UP, 1))
                .add(FakeSlurmctld.partition("a", PartitionState.DRAIN, 2));
        assertThat(ctld.partitions()).extracting(Partition::name).containsExactly("b", "a");
        assertThat(ctld.partition("a")).map(Partition::state).contains(PartitionState.DRAIN);
        assertThat(ctld.partition("c")).isEmpty();
    }

    @Test
    void aDependencyIsRecordedOnlyForAJobItKnows() {
        FakeSlurmctld ctld = new FakeSlurmctld().add(Jobs.withId(7));
        assertThat(ctld.setDependency(7, "afterok:1")).isTrue();
        assertThat(ctld.setDependency(8, "afterok:1")).isFalse();
        assertThat(ctld.dependenciesSet()).containsExactly(Map.entry(7L, "afterok:1"));
    }

    @Test
    void aQosPriorityIsKnownOnlyOnceDefined() {
        FakeSlurmctld ctld = new FakeSlurmctld().qos("high", 100);
        assertThat(ctld.qosPriority("high")).hasValue(100);
        assertThat(ctld.qosPriority("low")).isEmpty();
    }
}
