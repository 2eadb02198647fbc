package io.plugstack.job_submit.logging;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.plugin.PluginLog;
import io.plugstack.testkit.jobsubmit.Jobs;
import io.plugstack.testkit.RecordingLogger;

class LoggingPluginTest {

    private final RecordingLogger logger = new RecordingLogger(LoggingPlugin.PLUGIN_TYPE);
    private final LoggingPlugin plugin = new LoggingPlugin(PluginLog.of(LoggingPlugin.PLUGIN_TYPE, logger));
    private final UserMessage message = new UserMessage();

    private static JobDescriptor fullRequest() {
        JobDescriptor job = new JobDescriptor();
        job.setAccount("physics");
        job.setBeginTime(1700000000L);
        job.setDependency("afterok:12");
        job.setName("sim");
        job.setPartition("batch");
        job.setQos("normal");
        job.setTimeLimit(30);
        job.setNumber(JobDescField.USER_ID, 1001);
        return job;
    }

    @Test
    void loggingFormatsSubmitRequestLikeSlurm() {
        assertThat(plugin.jobSubmit(fullRequest(), 1000, message)).isZero();

        assertThat(logger.lines()).containsExactly("INFO job_submit/logging: job_submit: Job submit request:"
                + " account:physics begin_time:1700000000 dependency:afterok:12 name:sim partition:batch"
                + " qos:normal submit_uid:1000 time_limit:30 user_id:1001");
        assertThat(message.get()).isEmpty();
    }

    @Test
    void loggingPrintsUnsetFieldsAsPrintfDoes() {
        assertThat(plugin.jobSubmit(new JobDescriptor(), 0, message)).isZero();

        assertThat(logger.lines()).containsExactly("INFO job_submit/logging: job_submit: Job submit request:"
                + " account:(null) begin_time:0 dependency:(null) name:(null) partition:(null)"
                + " qos:(null) submit_uid:0 time_limit:4294967294 user_id:4294967294");
    }

    @Test
    void loggingFormatsModifyRequestLikeSlurm() {
        JobDescriptor job = new JobDescriptor();
        job.setTimeLimit(60);
        job.setName("renamed");

        assertThat(plugin.jobModify(job, Jobs.withId(4242), 1000, message)).isZero();

        assertThat(logger.lines()).containsExactly("INFO job_submit/logging: job_modify: Job modify request:"
                + " account:(null) begin_time:0 dependency:(null) job_id:4242 name:renamed partition:(null)"
                + " qos:(null) submit_uid:1000 time_limit:60");
    }
}
