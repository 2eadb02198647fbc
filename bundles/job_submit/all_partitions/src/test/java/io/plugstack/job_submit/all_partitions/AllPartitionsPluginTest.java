package io.plugstack.job_submit.all_partitions;

import static io.plugstack.testkit.jobsubmit.FakeSlurmctld.partition;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.PartitionState;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.testkit.jobsubmit.FakeSlurmctld;
import io.plugstack.testkit.jobsubmit.Jobs;

class AllPartitionsPluginTest {

    private final FakeSlurmctld ctld = new FakeSlurmctld();
    private final AllPartitionsPlugin plugin = new AllPartitionsPlugin(ctld);
    private final UserMessage message = new UserMessage();

    @Test
    void allPartitionsSetsEveryPartitionThatAcceptsSubmissionsInListOrder() {
        ctld.add(partition("zeta", PartitionState.UP, 1))
                .add(partition("alpha", PartitionState.DOWN, 9))
                .add(partition("drained", PartitionState.DRAIN, 5))
                .add(partition("off", PartitionState.INACTIVE, 5))
                .add(partition("beta", PartitionState.UP, 3));
        JobDescriptor job = new JobDescriptor();

        assertThat(plugin.jobSubmit(job, 1000, message)).isZero();

        assertThat(job.partition()).isEqualTo("zeta,alpha,beta");
        assertThat(message.get()).isEmpty();
    }

    @Test
    void allPartitionsKeepsRequestedPartition() {
        ctld.add(partition("a", PartitionState.UP, 1)).add(partition("b", PartitionState.UP, 1));
        JobDescriptor job = new JobDescriptor();
        job.setPartition("mine");

        assertThat(plugin.jobSubmit(job, 1000, message)).isZero();

        assertThat(job.partition()).isEqualTo("mine");
    }

    @Test
    void allPartitionsLeavesPartitionUnsetWhenNoneAcceptsSubmissions() {
        ctld.add(partition("drained", PartitionState.DRAIN, 1));
        JobDescriptor job = new JobDescriptor();

        assertThat(plugin.jobSubmit(job, 1000, message)).isZero();

        assertThat(job.partition()).isNull();
    }

    @Test
    void allPartitionsModifyIsNoOp() {
        ctld.add(partition("a", PartitionState.UP, 1));
        JobDescriptor job = new JobDescriptor();
        String before = job.toString();

        assertThat(plugin.jobModify(job, Jobs.withId(42), 1000, message)).isZero();

        assertThat(job.toString()).isEqualTo(before);
        assertThat(job.partition()).isNull();
    }
}
