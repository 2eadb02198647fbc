package io.plugstack.job_submit.throttle;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.plugin.PluginLog;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.testkit.jobsubmit.Jobs;
import io.plugstack.testkit.RecordingLogger;

class ThrottlePluginTest {

    private static final long USER = 1000;

    /** A clock the test moves by hand. */
    static final class ManualClock extends Clock {
        Instant now = Instant.parse("2025-01-01T00:00:00Z");

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    private final ManualClock clock = new ManualClock();
    private final RecordingLogger logger = new RecordingLogger(ThrottlePlugin.PLUGIN_TYPE);

    /** The configuration as ConfigAdmin hands it over: a feature gives a number, a .cfg file a string. */
    static Map<String, Object> config(Object jobsPerUserPerHour) {
        return Map.of("jobs_per_user_per_hour", jobsPerUserPerHour);
    }

    private ThrottlePlugin plugin(Object limit) {
        return plugin(config(limit));
    }

    private ThrottlePlugin plugin(Map<String, ?> config) {
        return new ThrottlePlugin(config, clock, PluginLog.of(ThrottlePlugin.PLUGIN_TYPE, logger));
    }

    private static int submit(ThrottlePlugin plugin, long uid, UserMessage message) {
        JobDescriptor job = new JobDescriptor();
        job.setNumber(JobDescField.USER_ID, uid);
        return plugin.jobSubmit(job, uid, message);
    }

    private static int submit(ThrottlePlugin plugin, long uid) {
        return submit(plugin, uid, new UserMessage());
    }

    private static void submitTimes(ThrottlePlugin plugin, long uid, int n) {
        for (int i = 0; i < n; i++) {
            assertThat(submit(plugin, uid)).as("submission %d", i + 1).isZero();
        }
    }

    @Test
    void throttleRejectsOverLimitWithMessage() {
        ThrottlePlugin plugin = plugin(2);
        submitTimes(plugin, USER, 2);
        UserMessage message = new UserMessage();

        int rc = submit(plugin, USER, message);

        assertThat(rc).isEqualTo(2050).isEqualTo(SlurmErrno.ESLURM_ACCOUNTING_POLICY.code());
        assertThat(message.get()).contains("Reached jobs per hour limit");
        assertThat(submit(plugin, 2000)).as("another user has a count of their own").isZero();
    }

    @Test
    void throttleCountsByTheJobsUserNotTheSubmitter() {
        ThrottlePlugin plugin = plugin(1);
        JobDescriptor forUser = new JobDescriptor();
        forUser.setNumber(JobDescField.USER_ID, USER);

        assertThat(plugin.jobSubmit(forUser, 0, new UserMessage())).isZero();

        assertThat(plugin.count(USER)).isEqualTo(1);
        assertThat(plugin.count(0)).isZero();
        assertThat(submit(plugin, USER)).isEqualTo(2050);
    }

    @Test
    void throttleDecaysEvery6MinutesByTenth() {
        ThrottlePlugin plugin = plugin(20);
        submitTimes(plugin, USER, 20);
        assertThat(submit(plugin, USER)).isEqualTo(2050);

        clock.advance(Duration.ofMinutes(6).minusSeconds(1));
        assertThat(submit(plugin, USER)).as("no decay before 6 whole minutes").isEqualTo(2050);

        clock.advance(Duration.ofSeconds(1));
        assertThat(submit(plugin, USER)).isZero();
        assertThat(plugin.count(USER)).as("20 - 20/10, then one more").isEqualTo(19);

        clock.advance(Duration.ofMinutes(17));
        assertThat(submit(plugin, USER)).isZero();
        assertThat(plugin.count(USER)).as("two intervals: 19 - 20*2/10, then one more").isEqualTo(16);

        clock.advance(Duration.ofMinutes(1));
        assertThat(submit(plugin, USER)).isZero();
        assertThat(plugin.count(USER)).as("the leftover 5 minutes count toward the next interval").isEqualTo(15);
        assertThat(logger.lines()).contains(
                "TRACE job_submit/throttle: _reset_counters: count for user 1000 reset from 16 to 14");
    }

    @Test
    void throttleDecayIsFlooredAtZeroAndUsesIntegerTenths() {
        ThrottlePlugin plugin = plugin(15);
        submitTimes(plugin, USER, 2);

        clock.advance(Duration.ofMinutes(6));
        submit(plugin, 2000);
        assertThat(plugin.count(USER)).as("2 - 15/10 = 1").isEqualTo(1);

        clock.advance(Duration.ofMinutes(12));
        submit(plugin, 2000);
        assertThat(plugin.count(USER)).as("1 - 30/10 floors at 0").isZero();
    }

    @Test
    void throttleDisabledWhenUnset() {
        ThrottlePlugin plugin = plugin(0);

        submitTimes(plugin, USER, 500);

        assertThat(plugin.count(USER)).isZero();
        assertThat(logger.lines()).containsExactly(
                "INFO job_submit/throttle: _get_config: job_submit/throttle: jobs_per_user_per_hour=0");
    }

    @Test
    void throttleReconfiguredAtRunTime() {
        ThrottlePlugin plugin = plugin(1);
        submitTimes(plugin, USER, 1);
        assertThat(submit(plugin, USER)).isEqualTo(2050);

        plugin.modified(config(3));
        submitTimes(plugin, USER, 2);
        assertThat(submit(plugin, USER)).as("counts carry over to the new limit").isEqualTo(2050);

        plugin.modified(config(0));
        submitTimes(plugin, USER, 10);
        assertThat(logger.lines()).endsWith(
                "INFO job_submit/throttle: _get_config: job_submit/throttle: jobs_per_user_per_hour=3",
                "INFO job_submit/throttle: _get_config: job_submit/throttle: jobs_per_user_per_hour=0");
    }

    @Test
    void nonNumericLimitNamesFileAndKeyAndKeepsTheLimitInForce() {
        ThrottlePlugin plugin = plugin("1");
        submitTimes(plugin, USER, 1);

        plugin.modified(Map.of("jobs_per_user_per_hour", "many",
                "felix.fileinstall.filename", "file:/opt/plugstack/deploy/job_submit.throttle.cfg"));

        assertThat(logger.lines()).endsWith("ERROR job_submit/throttle: _get_config: /opt/plugstack/deploy/job_submit.throttle.cfg:"
                + " jobs_per_user_per_hour=many is not a whole number; keeping jobs_per_user_per_hour=1");
        assertThat(submit(plugin, USER)).as("the limit of 1 still holds").isEqualTo(2050);
    }

    @Test
    void nonNumericLimitAtStartLeavesTheThrottleOffAndSaysSo() {
        ThrottlePlugin plugin = plugin("10/h");

        assertThat(logger.lines()).containsExactly("ERROR job_submit/throttle: _get_config: configuration job_submit.throttle:"
                + " jobs_per_user_per_hour=10/h is not a whole number; keeping jobs_per_user_per_hour=0 (no throttle)");
        submitTimes(plugin, USER, 20);
    }

    @Test
    void throttleFiniForgetsCounts() {
        ThrottlePlugin plugin = plugin(1);
        submitTimes(plugin, USER, 1);

        plugin.fini();

        assertThat(plugin.count(USER)).isZero();
        assertThat(submit(plugin, USER)).isZero();
    }

    @Test
    void throttleModifyIsNoOp() {
        ThrottlePlugin plugin = plugin(1);
        submitTimes(plugin, USER, 1);
        JobDescriptor job = new JobDescriptor();
        job.setNumber(JobDescField.USER_ID, USER);

        assertThat(plugin.jobModify(job, Jobs.withId(1), USER, new UserMessage())).isZero();
        assertThat(plugin.count(USER)).isEqualTo(1);
    }
}
