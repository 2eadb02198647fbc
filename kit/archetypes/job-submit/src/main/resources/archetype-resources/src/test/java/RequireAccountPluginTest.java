package ${package};

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.testkit.jobsubmit.JobSubmission;
import io.plugstack.testkit.jobsubmit.JobSubmitRunner;
import io.plugstack.testkit.jobsubmit.Jobs;

/**
 * Jobs submitted and changed through slurmctld's job_submit chain with the plugin in it (the test kit runs
 * the runtime's own chain), and what sbatch and scontrol print about them.
 */
class RequireAccountPluginTest {

    private final JobSubmitRunner slurmctld = JobSubmitRunner.of(new RequireAccountPlugin()).name("${pluginName}");

    private static JobDescriptor charging(String account) {
        JobDescriptor job = new JobDescriptor();
        job.setAccount(account);
        return job;
    }

    @Test
    void aJobThatNamesNoAccountIsRefusedSayingHowToNameOne() {
        JobSubmission sbatch = slurmctld.submit(new JobDescriptor(), 1000);

        assertThat(sbatch.ok()).isFalse();
        assertThat(sbatch.printed()).containsExactly(
                "sbatch: error: ${pluginName}: name the account to charge with -A/--account",
                "sbatch: error: Batch job submission failed: Invalid account or account/partition combination specified");
    }

    @Test
    void aJobThatNamesAnAccountPasses() {
        JobSubmission sbatch = slurmctld.submit(charging("physics"), 1000);

        assertThat(sbatch.ok()).as(sbatch.toString()).isTrue();
        assertThat(sbatch.printed()).isEmpty();
    }

    @Test
    void aChangeMayLeaveTheAccountAloneButNotEmptyIt() {
        assertThat(slurmctld.modify(new JobDescriptor(), Jobs.withId(7), 1000).ok()).isTrue();

        JobSubmission update = slurmctld.modify(charging(""), Jobs.withId(7), 1000);
        assertThat(update.printed()).containsExactly(
                "scontrol: error: ${pluginName}: name the account to charge with -A/--account",
                "Invalid account or account/partition combination specified for job 7");
    }
}
