package io.plugstack.job_submit.defaults;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.testkit.jobsubmit.Jobs;

class DefaultsPluginTest {

    private final DefaultsPlugin plugin = new DefaultsPlugin();

    /** A request Slurm's compiled-out example would have changed: low acctg_freq and a QOS. */
    private static JobDescriptor request() {
        JobDescriptor job = new JobDescriptor();
        job.setString(io.plugstack.api.jobsubmit.JobDescField.ACCTG_FREQ, "1");
        job.setQos("high");
        return job;
    }

    @Test
    void defaultsAcceptsEverything() {
        JobDescriptor job = request();
        String before = job.toString();
        UserMessage message = new UserMessage();

        assertThat(plugin.jobSubmit(job, 1000, message)).isZero();

        assertThat(job.toString()).isEqualTo(before);
        assertThat(message.get()).isEmpty();
    }

    @Test
    void defaultsModifyAcceptsEverything() {
        JobDescriptor job = request();
        String before = job.toString();
        UserMessage message = new UserMessage();

        assertThat(plugin.jobModify(job, Jobs.withId(7), 1000, message)).isZero();

        assertThat(job.toString()).isEqualTo(before);
        assertThat(message.get()).isEmpty();
    }
}
