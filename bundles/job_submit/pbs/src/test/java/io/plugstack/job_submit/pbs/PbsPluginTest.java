package io.plugstack.job_submit.pbs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.plugin.PluginLog;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.testkit.jobsubmit.FakeSlurmctld;
import io.plugstack.testkit.jobsubmit.Jobs;
import io.plugstack.testkit.RecordingLogger;

class PbsPluginTest {

    private static final long USER = 1000;
    private static final long NEXT_ID = 42;
    private static final long PENDING = 0;
    private static final long RUNNING = 1;

    private final FakeSlurmctld ctld = new FakeSlurmctld();
    private final RecordingLogger logger = new RecordingLogger(PbsPlugin.PLUGIN_TYPE);
    private final PbsPlugin plugin = new PbsPlugin(ctld, () -> NEXT_ID, PluginLog.of(PbsPlugin.PLUGIN_TYPE, logger));
    private final UserMessage message = new UserMessage();

    private static JobDescriptor request(String dependency) {
        JobDescriptor job = new JobDescriptor();
        job.setNumber(JobDescField.USER_ID, USER);
        job.setDependency(dependency);
        return job;
    }

    private static JobRecord job(long id, long uid, long state, String comment) {
        return Jobs.record(Map.of("jobId", id, "userId", uid, "jobState", state, "comment", comment));
    }

    private JobDescriptor submit(JobDescriptor job, long submitUid) {
        assertThat(plugin.jobSubmit(job, submitUid, message)).isZero();
        assertThat(message.get()).isEmpty();
        return job;
    }

    @Test
    void pbsKeepsAfterExpandAndSingletonDependencies() {
        JobDescriptor job = submit(request("afterok:1,,expand:2,singleton,afterany:3:4"), USER);

        assertThat(job.dependency()).isEqualTo("afterok:1,expand:2,singleton,afterany:3:4");
        assertThat(logger.lines()).isEmpty();
    }

    @Test
    void pbsDiscardsUnknownDependencyWithLogLine() {
        JobDescriptor job = submit(request("synccount:2,afterany:1"), USER);

        assertThat(job.dependency()).isEqualTo("afterany:1");
        assertThat(logger.lines()).containsExactly("INFO job_submit/pbs: _xlate_dependency: job_submit/pbs:"
                + " discarding unknown job dependency option synccount:2");
    }

    @Test
    void pbsOnHoldsJobAndRecordsItInComment() {
        JobDescriptor job = request("on:2");
        job.setComment("mine");

        submit(job, USER);

        assertThat(job.priority()).isZero();
        assertThat(job.dependency()).isNull();
        assertThat(job.comment()).isEqualTo("mine,on:2,stdout=slurm-42.out");
    }

    @Test
    void pbsBeforeSetsAfterDependencyOnOtherJob() {
        ctld.add(job(7, USER, PENDING, "on:1")).add(job(8, USER, PENDING, "on:1"));

        JobDescriptor job = submit(request("beforeok:7:8,afterany:3"), USER);

        assertThat(ctld.dependenciesSet()).containsExactly(Map.entry(7L, "afterok:42"), Map.entry(8L, "afterok:42"));
        assertThat(job.dependency()).isEqualTo("afterany:3");
        assertThat(logger.lines()).isEmpty();
    }

    @Test
    void pbsBeforeMapsEachBeforeTypeToItsAfterType() {
        for (long id = 1; id <= 4; id++) {
            ctld.add(job(id, USER, PENDING, "on:1"));
        }

        submit(request("before:1,beforeany:2,beforenotok:3,beforeok:4"), USER);

        assertThat(ctld.dependenciesSet()).containsExactly(Map.entry(1L, "after:42"), Map.entry(2L, "afterany:42"),
                Map.entry(3L, "afternotok:42"), Map.entry(4L, "afterok:42"));
        assertThat(logger.lines()).isEmpty();
    }

    @Test
    void pbsBeforeRefusesOtherUsersJobs() {
        ctld.add(job(7, 2000, PENDING, "on:1"));

        submit(request("before:7"), USER);

        assertThat(ctld.dependenciesSet()).isEmpty();
        assertThat(logger.lines()).containsExactly("ERROR job_submit/pbs: _xlate_before: job_submit/pbs:"
                + " Security violation: uid 1000 trying to alter job 7 belonging to uid 2000");
    }

    @Test
    void pbsBeforeAllowsRootOnAnyJob() {
        ctld.add(job(7, 2000, PENDING, "on:1"));

        submit(request("before:7"), 0);

        assertThat(ctld.dependenciesSet()).containsExactly(Map.entry(7L, "after:42"));
    }

    @Test
    void pbsBeforeDiscardsNonPendingAndUnknownJobs() {
        ctld.add(job(7, USER, RUNNING, "on:1"));

        submit(request("before:7:99"), USER);

        assertThat(ctld.dependenciesSet()).isEmpty();
        assertThat(logger.lines()).containsExactly(
                "INFO job_submit/pbs: _xlate_before: job_submit/pbs: discarding job before dependency on non-pending job 7",
                "INFO job_submit/pbs: _xlate_before: job_submit/pbs: discarding invalid job dependency before 99");
    }

    @Test
    void pbsBeforeDiscardsInvalidBeforeType() {
        ctld.add(job(7, USER, PENDING, "on:1"));

        JobDescriptor job = submit(request("beforesoon:7"), USER);

        assertThat(ctld.dependenciesSet()).isEmpty();
        assertThat(job.dependency()).isNull();
        assertThat(logger.lines()).containsExactly(
                "INFO job_submit/pbs: _xlate_before: job_submit/pbs: discarding invalid job dependency option beforesoon");
    }

    @Test
    void pbsBeforeLogsWhenOtherJobWasNotHeldWithOn() {
        ctld.add(job(7, USER, PENDING, "plain"));

        submit(request("before:7"), USER);

        assertThat(ctld.dependenciesSet()).containsExactly(Map.entry(7L, "after:42"));
        assertThat(logger.lines()).containsExactly(
                "INFO job_submit/pbs: _decr_depend_cnt: job_submit/pbs: invalid job depend before option on job 7");
    }

    @Test
    void pbsBeforeIsDroppedWhenTheNewJobsIdIsUnknown() {
        PbsPlugin unknownIds = new PbsPlugin(ctld, () -> NoVal.NO_VAL, PluginLog.of(PbsPlugin.PLUGIN_TYPE, logger));
        ctld.add(job(7, USER, PENDING, "on:1"));
        JobDescriptor job = request("before:7");

        assertThat(unknownIds.jobSubmit(job, USER, message)).isZero();

        assertThat(ctld.dependenciesSet()).isEmpty();
        assertThat(job.comment()).isEqualTo("stdout=slurm-%j.out");
    }

    @Test
    void pbsAddsAccountAndQueueToBatchEnvironment() {
        JobDescriptor job = request(null);
        job.setList(JobDescField.ENVIRONMENT, List.of("HOME=/home/u", "PBS_QUEUE=old"));
        job.setAccount("physics");
        job.setPartition("batch");

        submit(job, USER);

        assertThat(job.environment()).contains(
                List.of("HOME=/home/u", "PBS_QUEUE=old", "PBS_ACCOUNT=physics", "PBS_QUEUE=batch"));
    }

    @Test
    void pbsLeavesInteractiveJobWithoutEnvironment() {
        JobDescriptor job = request(null);
        job.setAccount("physics");
        job.setPartition("batch");

        submit(job, USER);

        assertThat(job.environment()).isEmpty();
    }

    @Test
    void pbsRecordsDefaultStdoutUnderWorkDirWithJobIdInComment() {
        JobDescriptor job = request(null);
        job.setWorkDir("/home/u/run");

        submit(job, USER);

        assertThat(job.comment()).isEqualTo("stdout=/home/u/run/slurm-42.out");
        assertThat(job.stdOut()).isNull();
    }

    @Test
    void pbsRecordsAbsoluteStdoutExpandingFirstPercentJOnly() {
        JobDescriptor job = request(null);
        job.setWorkDir("/home/u/run");
        job.setStdOut("/scratch/%j-%j.log");
        job.setComment("note");

        submit(job, USER);

        assertThat(job.comment()).isEqualTo("note,stdout=/scratch/42-%j.log");
        assertThat(job.stdOut()).isEqualTo("/scratch/%j-%j.log");
    }

    @Test
    void pbsModifyRecordsNewStdoutInJobCommentAndDropsIt() {
        JobRecord current = Jobs.record(Map.of("jobId", 55L, "comment", "old", "workDir", "/w"));
        JobDescriptor job = new JobDescriptor();
        job.setStdOut("out-%j.txt");

        assertThat(plugin.jobModify(job, current, USER, message)).isZero();

        assertThat(job.comment()).isEqualTo("old,stdout=/w/out-55.txt");
        assertThat(job.stdOut()).isNull();
    }

    @Test
    void pbsModifyLeavesCommentAloneWithoutNewStdout() {
        JobRecord current = Jobs.record(Map.of("jobId", 55L, "comment", "old"));
        JobDescriptor job = new JobDescriptor();

        assertThat(plugin.jobModify(job, current, USER, message)).isZero();

        assertThat(job.comment()).isNull();
    }

    @Test
    void pbsModifyTranslatesBeforeWithTheModifiedJobsId() {
        ctld.add(job(7, USER, PENDING, "on:1"));
        JobRecord current = Jobs.record(Map.of("jobId", 55L, "userId", USER));
        JobDescriptor job = request("beforeany:7,afterok:3");

        assertThat(plugin.jobModify(job, current, USER, message)).isZero();

        assertThat(ctld.dependenciesSet()).containsExactly(Map.entry(7L, "afterany:55"));
        assertThat(job.dependency()).isEqualTo("afterok:3");
    }

    @Test
    void pbsJobIdsAreParsedLikeAtoi() {
        assertThat(Dependencies.atoi("12abc")).isEqualTo(12);
        assertThat(Dependencies.atoi("x")).isZero();
        assertThat(Dependencies.atoi(" +7")).isEqualTo(7);
        assertThat(Dependencies.atoi("-1")).isEqualTo(4294967295L);
    }
}
