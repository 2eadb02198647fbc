package io.plugstack.testkit.jobsubmit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.JobSubmitPlugin;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmErrno;

class JobSubmitRunnerTest {

    /** Refuses a job without an account, with a message; tells the user the account otherwise. */
    static final class RequireAccountPlugin implements JobSubmitPlugin {
        JobDescriptor seen;

        @Override
        public int jobSubmit(JobDescriptor job, long submitUid, UserMessage message) {
            seen = job;
            if (job.account() == null) {
                message.set("set --account\n");
                return SlurmErrno.ESLURM_INVALID_ACCOUNT.code();
            }
            message.set("charged to " + job.account());
            return 0;
        }

        @Override
        public int jobModify(JobDescriptor job, JobRecord current, long modifyUid, UserMessage message) {
            message.set("no changes to job " + current.jobId());
            return SlurmErrno.ESLURM_INVALID_ACCOUNT.code();
        }
    }

    private static JobDescriptor job() {
        JobDescriptor d = new JobDescriptor();
        d.setNumber(JobDescField.USER_ID, 1000);
        return d;
    }

    @Test
    void aRefusedJobPrintsThePluginsMessageAsErrorsThenSbatchsFailureLine() {
        JobSubmission s = JobSubmitRunner.of(new RequireAccountPlugin()).submit(job());
        assertThat(s.ok()).isFalse();
        assertThat(s.decidedBy()).isEqualTo("job_submit/requireaccount");
        assertThat(s.printed()).containsExactly("sbatch: error: set --account",
                "sbatch: error: Batch job submission failed: " + SlurmErrno.ESLURM_INVALID_ACCOUNT.message());
    }

    @Test
    void anAcceptedJobPrintsThePluginsMessageAtInfoLevel() {
        JobDescriptor d = job();
        d.setString(JobDescField.ACCOUNT, "chem");
        assertThat(JobSubmitRunner.of(new RequireAccountPlugin()).submit(d).printed()).containsExactly("sbatch: charged to chem");
    }

    @Test
    void thePluginSeesTheRequestAsSlurmctldHandsItOver() {
        RequireAccountPlugin plugin = new RequireAccountPlugin();
        JobDescriptor d = job();
        d.setNumber(JobDescField.SITE_FACTOR, 5);
        JobSubmitRunner.of(plugin).submit(d);
        assertThat(plugin.seen.siteFactor()).as("only a plugin may set site_factor").isEqualTo(NoVal.NO_VAL);
        assertThat(plugin.seen.getNumber(JobDescField.BITFLAGS) & (1L << 25)).as("USE_DEFAULT_ACCT").isNotZero();
    }

    @Test
    void aPluginThatThrowsRefusesTheJobNamingItAndSlurmctldLogsIt() {
        JobSubmitPlugin throwing = new JobSubmitPlugin() {
            @Override
            public int jobSubmit(JobDescriptor job, long submitUid, UserMessage message) {
                throw new IllegalStateException("bug");
            }

            @Override
            public int jobModify(JobDescriptor job, JobRecord current, long modifyUid, UserMessage message) {
                return 0;
            }
        };
        JobSubmission s = JobSubmitRunner.of(throwing).name("buggy").submit(job());
        assertThat(s.rc()).isEqualTo(SlurmErrno.SLURM_ERROR.code());
        assertThat(s.message()).singleElement().asString().startsWith("job_submit/buggy: internal error: java.lang.IllegalStateException: bug");
        assertThat(s.slurmctldLog()).anyMatch(l -> l.startsWith("slurmctld: error: job_submit/buggy: job_submit() threw"));
    }

    @Test
    void aRefusedModificationPrintsAsScontrolUpdateDoes() {
        JobSubmission s = JobSubmitRunner.of(new RequireAccountPlugin()).modify(new JobDescriptor(), Jobs.record(Map.of("jobId", 7L)), 0);
        assertThat(s.printed()).containsExactly("scontrol: error: no changes to job 7",
                SlurmErrno.ESLURM_INVALID_ACCOUNT.message() + " for job 7");
    }

    @Test
    void aPluginWhoseInitFailsIsRefusedAsSlurmctldWouldNotStart() {
        JobSubmitPlugin failing = new RequireAccountPlugin();
        JobSubmitPlugin initFails = new JobSubmitPlugin() {
            @Override
            public int init() {
                return 1;
            }

            @Override
            public int jobSubmit(JobDescriptor job, long submitUid, UserMessage message) {
                return failing.jobSubmit(job, submitUid, message);
            }

            @Override
            public int jobModify(JobDescriptor job, JobRecord current, long modifyUid, UserMessage message) {
                return 0;
            }
        };
        assertThatThrownBy(() -> JobSubmitRunner.of(initFails).name("x").submit(job()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("job_submit/x: init() returned 1");
    }
}
