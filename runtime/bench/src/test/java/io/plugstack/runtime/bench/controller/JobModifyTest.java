package io.plugstack.runtime.bench.controller;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.runtime.host.catalog.PluginPin;
import io.plugstack.runtime.jobsubmit.JobSubmitChain;

/**
 * slurmctld's _update_job and hold rules (job_mgr.c, 25.11): a finished job is refused before the
 * job_submit chain runs, partitions must exist, only the owner or an operator changes a job, holds
 * keep a job from starting until released, and a job without a time limit gets one only when it starts.
 */
class JobModifyTest {

    private static final long USER = 1000;
    private static final List<Partition> PARTITIONS = List.of(Partition.named("debug").isDefault(true).times(2 * 24 * 60, NoVal.NO_VAL).build(),
            Partition.named("long").build());

    /** Counts job_modify calls; a submission commented "plugin-hold" is held by the plugin (priority 0). */
    private final AtomicInteger modifies = new AtomicInteger();
    private final JobSubmitChain chain = new JobSubmitChain() {
        @Override
        public Result submit(JobDescriptor desc, long submitUid) {
            if ("plugin-hold".equals(desc.comment())) {
                desc.setPriority(0);
            }
            return new Result(0, Optional.empty(), "");
        }

        @Override
        public Result modify(JobDescriptor desc, JobRecord current, long uid) {
            modifies.incrementAndGet();
            return new Result(0, Optional.empty(), "");
        }

        @Override
        public List<PluginPin> configured() {
            return List.of();
        }
    };
    private final Controller c = new Controller("node1", 2, chain, () -> PARTITIONS, JobIds.inMemory());

    private Job submit(long priority, String comment) {
        JobDescriptor d = new JobDescriptor();
        d.setNumber(JobDescField.USER_ID, USER);
        d.setPriority(priority);
        d.setComment(comment);
        return c.submit(new SubmitRequest(List.of(d), "sbatch", ControllerTest.NO_STACK, Map.of())).jobs().get(0);
    }

    private int update(Job j, long uid, java.util.function.Consumer<JobDescriptor> change) {
        JobDescriptor d = new JobDescriptor();
        change.accept(d);
        return c.update(new UpdateRequest(j.id, d, uid)).rc();
    }

    @Test
    void aFinishedJobIsRefusedAsFinishedWithoutRunningJobModify() {
        Job j = submit(NoVal.NO_VAL, null);
        c.finish(j, JobState.COMPLETED, 0, "");
        assertThat(update(j, USER, d -> d.setComment("late"))).isEqualTo(SlurmErrno.ESLURM_JOB_FINISHED.code());
        assertThat(modifies).hasValue(0);
    }

    @Test
    void nameRenamesTheJob() {
        Job j = submit(NoVal.NO_VAL, null);
        assertThat(update(j, USER, d -> d.setName("renamed"))).isZero();
        assertThat(c.info(j.id).orElseThrow().name()).isEqualTo("renamed");
    }

    @Test
    void anUnknownPartitionIsRefusedAndTheJobKeepsItsOwn() {
        Job j = submit(NoVal.NO_VAL, null);
        assertThat(update(j, USER, d -> d.setPartition("nosuch"))).isEqualTo(SlurmErrno.ESLURM_INVALID_PARTITION_NAME.code());
        assertThat(c.info(j.id).orElseThrow().partition()).isEqualTo("debug");
        assertThat(update(j, USER, d -> d.setPartition("long"))).isZero();
        assertThat(c.info(j.id).orElseThrow().partition()).isEqualTo("long");
    }

    @Test
    void anotherUsersJobIsRefusedAsAnInvalidUserId() {
        Job j = submit(NoVal.NO_VAL, null);
        assertThat(update(j, USER + 1, d -> d.setComment("mine now"))).isEqualTo(SlurmErrno.ESLURM_USER_ID_MISSING.code());
        assertThat(update(j, 0, d -> d.setComment("root may"))).isZero();
    }

    @Test
    void aHeldJobDoesNotStartUntilReleased() throws Exception {
        Job j = submit(0, null);
        assertThat(c.info(j.id).orElseThrow().reason()).isEqualTo("JobHeldUser");
        CompletableFuture<Boolean> started = CompletableFuture.supplyAsync(() -> c.state(j, JobState.RUNNING));
        Thread.sleep(200);
        assertThat(started).isNotDone();
        assertThat(j.state()).isEqualTo(JobState.PENDING);
        assertThat(update(j, USER, d -> d.setPriority(NoVal.INFINITE))).isZero();
        assertThat(started.get(5, TimeUnit.SECONDS)).isTrue();
        assertThat(c.info(j.id).orElseThrow().reason()).isEmpty();
    }

    @Test
    void aHoldThePluginSetIsAnAdminHoldOnlyAnOperatorReleases() {
        Job j = submit(NoVal.NO_VAL, "plugin-hold");
        assertThat(c.info(j.id).orElseThrow().reason()).isEqualTo("JobHeldAdmin");
        assertThat(update(j, USER, d -> d.setPriority(NoVal.INFINITE))).isEqualTo(SlurmErrno.ESLURM_ACCESS_DENIED.code());
        assertThat(update(j, 0, d -> d.setPriority(NoVal.INFINITE))).isZero();
    }

    @Test
    void holdByTheUserIsAUserHoldByRootAnAdminHoldAndUholdAUserHold() {
        Job mine = submit(NoVal.NO_VAL, null);
        Job admins = submit(NoVal.NO_VAL, null);
        Job uheld = submit(NoVal.NO_VAL, null);
        JobDescriptor hold = new JobDescriptor();
        hold.setPriority(0);
        assertThat(c.update(new UpdateRequest(mine.id, hold, USER)).rc()).isZero();
        assertThat(c.update(new UpdateRequest(admins.id, hold, 0)).rc()).isZero();
        assertThat(c.update(new UpdateRequest(uheld.id, hold, 0, true)).rc()).isZero();
        assertThat(List.of(mine, admins, uheld)).extracting(j -> c.info(j.id).orElseThrow().reason())
                .containsExactly("JobHeldUser", "JobHeldAdmin", "JobHeldUser");
    }

    @Test
    void aRunningJobCannotBeHeld() {
        Job j = submit(NoVal.NO_VAL, null);
        c.state(j, JobState.RUNNING);
        assertThat(update(j, USER, d -> d.setPriority(0))).isEqualTo(SlurmErrno.ESLURM_JOB_NOT_PENDING.code());
    }

    @Test
    void aJobWithoutTimeShowsItsPartitionsMaxTimeAndTakesItOnlyWhenItStarts() {
        Job j = submit(NoVal.NO_VAL, null);
        assertThat(c.record(j.id).orElseThrow().timeLimit()).isEqualTo(NoVal.NO_VAL);
        assertThat(c.info(j.id).orElseThrow().timeLimit()).isEqualTo(2 * 24 * 60);
        c.state(j, JobState.RUNNING);
        assertThat(c.record(j.id).orElseThrow().timeLimit()).isEqualTo(2 * 24 * 60);
    }
}
