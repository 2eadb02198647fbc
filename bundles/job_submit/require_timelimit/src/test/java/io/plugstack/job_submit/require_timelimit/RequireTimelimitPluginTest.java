package io.plugstack.job_submit.require_timelimit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.plugin.PluginLog;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.testkit.jobsubmit.Jobs;
import io.plugstack.testkit.RecordingLogger;

class RequireTimelimitPluginTest {

    private final RecordingLogger logger = new RecordingLogger(RequireTimelimitPlugin.PLUGIN_TYPE);
    private final RequireTimelimitPlugin plugin =
            new RequireTimelimitPlugin(PluginLog.of(RequireTimelimitPlugin.PLUGIN_TYPE, logger));
    private final UserMessage message = new UserMessage();

    private static JobDescriptor withLimit(long minutes) {
        JobDescriptor job = new JobDescriptor();
        job.setTimeLimit(minutes);
        return job;
    }

    @Test
    void requireTimelimitRejectsMissingTimeWith8000AndLogsUid() {
        int rc = plugin.jobSubmit(new JobDescriptor(), 1000, message);

        assertThat(rc).isEqualTo(8000).isEqualTo(SlurmErrno.ESLURM_MISSING_TIME_LIMIT.code());
        assertThat(SlurmErrno.strerror(rc)).isEqualTo("Time limit specification required, but not provided");
        assertThat(logger.lines()).containsExactly(
                "INFO job_submit/require_timelimit: job_submit: Missing time limit for job by uid:1000");
        assertThat(message.get()).isEmpty();
    }

    @Test
    void requireTimelimitRejectsInfinite() {
        int rc = plugin.jobSubmit(withLimit(NoVal.INFINITE), 1000, message);

        assertThat(rc).isEqualTo(2051);
        assertThat(SlurmErrno.strerror(rc)).isEqualTo("Requested time limit is invalid (missing or exceeds some limit)");
        assertThat(logger.lines()).containsExactly(
                "INFO job_submit/require_timelimit: job_submit: Bad time limit for job by uid:1000");
    }

    @Test
    void requireTimelimitAcceptsFiniteLimit() {
        assertThat(plugin.jobSubmit(withLimit(0), 1000, message)).isZero();
        assertThat(plugin.jobSubmit(withLimit(90), 1000, message)).isZero();
        assertThat(logger.lines()).isEmpty();
    }

    @Test
    void requireTimelimitModifyRejectsInfinite() {
        int rc = plugin.jobModify(withLimit(NoVal.INFINITE), Jobs.withId(77), 1000, message);

        assertThat(rc).isEqualTo(SlurmErrno.ESLURM_INVALID_TIME_LIMIT.code());
        assertThat(logger.lines()).containsExactly(
                "INFO job_submit/require_timelimit: job_modify: Bad replacement time limit for 77");
    }

    @Test
    void requireTimelimitModifyAcceptsUnchangedOrFiniteLimit() {
        assertThat(plugin.jobModify(new JobDescriptor(), Jobs.withId(77), 1000, message)).isZero();
        assertThat(plugin.jobModify(withLimit(10), Jobs.withId(77), 1000, message)).isZero();
        assertThat(logger.lines()).isEmpty();
    }
}
