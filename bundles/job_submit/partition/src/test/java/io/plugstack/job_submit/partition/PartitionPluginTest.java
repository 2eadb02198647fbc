package io.plugstack.job_submit.partition;

import static io.plugstack.testkit.jobsubmit.FakeSlurmctld.partition;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.PartitionState;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.plugin.PluginLog;
import io.plugstack.testkit.jobsubmit.FakeSlurmctld;
import io.plugstack.testkit.jobsubmit.Jobs;
import io.plugstack.testkit.RecordingLogger;

class PartitionPluginTest {

    private static final long USER = 1000;

    private final FakeSlurmctld ctld = new FakeSlurmctld();
    private final RecordingLogger logger = new RecordingLogger(PartitionPlugin.PLUGIN_TYPE);
    private final PartitionPlugin plugin = new PartitionPlugin(ctld, PluginLog.of(PartitionPlugin.PLUGIN_TYPE, logger));
    private final UserMessage message = new UserMessage();

    private static JobDescriptor jobOf(long uid) {
        JobDescriptor job = new JobDescriptor();
        job.setNumber(JobDescField.USER_ID, uid);
        return job;
    }

    private String submit(JobDescriptor job, long submitUid) {
        assertThat(plugin.jobSubmit(job, submitUid, message)).isZero();
        return job.partition();
    }

    private static io.plugstack.api.jobsubmit.Partition memLimited(String name, int tier, long perCpu, long perNode) {
        return partition(name, PartitionState.UP, tier, false, Optional.empty(), perCpu, perNode);
    }

    @Test
    void partitionPicksHighestPriorityTierAllowedToTheUser() {
        ctld.add(partition("low", PartitionState.UP, 1))
                .add(partition("others", PartitionState.UP, 9, false, Optional.of(Set.of(2000L)), 0, 0))
                .add(partition("mid", PartitionState.UP, 5, false, Optional.of(Set.of(USER)), 0, 0));

        assertThat(submit(jobOf(USER), USER)).isEqualTo("mid");
        assertThat(logger.lines()).containsExactly(
                "INFO job_submit/partition: job_submit: Setting partition of submitted job to mid");
    }

    @Test
    void partitionTieKeepsFirstInListOrder() {
        ctld.add(partition("first", PartitionState.UP, 3)).add(partition("second", PartitionState.UP, 3));

        assertThat(submit(jobOf(USER), USER)).isEqualTo("first");
    }

    @Test
    void partitionSkipsPartitionsThatDoNotAcceptSubmissions() {
        ctld.add(partition("up", PartitionState.UP, 1))
                .add(partition("drained", PartitionState.DRAIN, 8))
                .add(partition("inactive", PartitionState.INACTIVE, 9));

        assertThat(submit(jobOf(USER), USER)).isEqualTo("up");
    }

    @Test
    void partitionSkipsRootOnlyForNonRoot() {
        ctld.add(partition("open", PartitionState.UP, 1))
                .add(partition("rootonly", PartitionState.UP, 9, true, Optional.empty(), 0, 0));

        assertThat(submit(jobOf(USER), USER)).isEqualTo("open");
        // RootOnly looks at the submitter: root submitting for a user may use it.
        assertThat(submit(jobOf(USER), 0)).isEqualTo("rootonly");
    }

    @Test
    void partitionAllowsEveryPartitionToJobsRunningAsRoot() {
        ctld.add(partition("open", PartitionState.UP, 1))
                .add(partition("nobody", PartitionState.UP, 9, false, Optional.of(Set.of()), 0, 0));

        assertThat(submit(jobOf(0), 0)).isEqualTo("nobody");
        assertThat(submit(jobOf(USER), USER)).isEqualTo("open");
    }

    @Test
    void partitionMemoryLimitPerCpuTimesCpus() {
        ctld.add(memLimited("big", 1, 0, 0)).add(memLimited("small", 9, 1000, 0));
        JobDescriptor job = jobOf(USER);
        job.setMinMemPerCpu(1500);
        job.setNumber(JobDescField.PN_MIN_CPUS, 4);

        assertThat(submit(job, USER)).isEqualTo("big");
        assertThat(logger.lines()).contains("DEBUG job_submit/partition: _valid_memory: job_submit/partition:"
                + " skipping partition small due to memory limit (6000 > 4000)");

        JobDescriptor fits = jobOf(USER);
        fits.setMinMemPerCpu(1000);
        fits.setNumber(JobDescField.PN_MIN_CPUS, 4);
        assertThat(submit(fits, USER)).isEqualTo("small");
    }

    @Test
    void partitionMemoryLimitPerNode() {
        ctld.add(memLimited("big", 1, 0, 0)).add(memLimited("small", 9, 0, 4000));
        JobDescriptor job = jobOf(USER);
        job.setMinMemPerNode(8000);

        assertThat(submit(job, USER)).isEqualTo("big");
        assertThat(logger.lines()).contains("DEBUG job_submit/partition: _valid_memory: job_submit/partition:"
                + " skipping partition small due to memory limit (8000 > 4000)");
    }

    @Test
    void partitionDoesNotCompareMemoryPerNodeWithPerCpu() {
        ctld.add(memLimited("big", 1, 0, 0)).add(memLimited("percpu", 9, 100, 0));
        JobDescriptor job = jobOf(USER);
        job.setMinMemPerNode(99999);

        assertThat(submit(job, USER)).isEqualTo("percpu");
    }

    @Test
    void partitionTestsMemoryOnlyOfPartitionsThatWouldWin() {
        ctld.add(memLimited("top", 9, 0, 0)).add(memLimited("tiny", 1, 0, 10));
        JobDescriptor job = jobOf(USER);
        job.setMinMemPerNode(8000);

        assertThat(submit(job, USER)).isEqualTo("top");
        assertThat(logger.lines()).noneMatch(l -> l.contains("skipping partition"));
    }

    @Test
    void partitionLeavesExplicitPartition() {
        ctld.add(partition("best", PartitionState.UP, 9));
        JobDescriptor job = jobOf(USER);
        job.setPartition("chosen");

        assertThat(submit(job, USER)).isEqualTo("chosen");
        assertThat(logger.lines()).isEmpty();
    }

    @Test
    void partitionLeavesPartitionUnsetWhenNoneIsUsable() {
        ctld.add(partition("nobody", PartitionState.UP, 9, false, Optional.of(Set.of()), 0, 0));

        assertThat(submit(jobOf(USER), USER)).isNull();
        assertThat(logger.lines()).isEmpty();
    }

    @Test
    void partitionModifyIsNoOp() {
        ctld.add(partition("best", PartitionState.UP, 9));
        JobDescriptor job = jobOf(USER);

        assertThat(plugin.jobModify(job, Jobs.withId(5), USER, message)).isZero();
        assertThat(job.partition()).isNull();
    }
}
