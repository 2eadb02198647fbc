package io.plugstack.job_submit.throttle;

import io.plugstack.api.plugin.ConfigurationSource;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Modified;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.JobSubmitPlugin;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.plugin.PluginLog;
import io.plugstack.api.slurm.SlurmErrno;

/**
 * job_submit/throttle (JS-15): at most {@code jobs_per_user_per_hour} submissions per user (the job's
 * user_id), counted per user and forgiven gradually: every full 6 minutes each count drops by N/10
 * per elapsed interval (integer arithmetic, floored at 0). 0 or unset disables the throttle.
 *
 * <p>Slurm reads the limit from SchedulerParameters; here it comes from ConfigAdmin (PID
 * {@value #PID}) and a change applies at once, keeping the counts already made. A value that is not a
 * whole number is one error line naming the file (or configuration), the key and the value; the limit
 * in force stays (the default 0 at first).
 */
@Component(service = JobSubmitPlugin.class, configurationPid = ThrottlePlugin.PID)
public class ThrottlePlugin implements JobSubmitPlugin {

    static final String PID = "job_submit.throttle";
    static final String PLUGIN_TYPE = "job_submit/throttle";

    /** The configuration key, slurm.conf's spelling of the SchedulerParameters option. */
    static final String KEY = "jobs_per_user_per_hour";

    private static final long INTERVAL_SECONDS = 360;

    private final Clock clock;
    private final PluginLog log;
    /** uid to submissions counted (Slurm's thru_put_array). */
    private final Map<Long, Long> counts = new LinkedHashMap<>();
    private int jobsPerUserPerHour;
    /** Epoch seconds the decay is counted from; 0 until the first throttled submission. */
    private long lastReset;

    @Activate
    public ThrottlePlugin(Map<String, Object> config) {
        this(config, Clock.systemUTC(), PluginLog.of(PLUGIN_TYPE));
    }

    ThrottlePlugin(Map<String, ?> config, Clock clock, PluginLog log) {
        this.clock = clock;
        this.log = log;
        modified(config);
    }

    /**
     * A new limit from ConfigAdmin; the counts and the decay clock carry on. Read here rather than
     * through a typed configuration: SCR's conversion of "many" to int fails with a stack trace that
     * names neither the file nor the key.
     */
    @Modified
    synchronized void modified(Map<String, ?> config) {
        Object value = config.get(KEY);
        String text = value == null ? "0" : String.valueOf(value).trim();
        try {
            jobsPerUserPerHour = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            log.error("_get_config", ConfigurationSource.of(config, PID) + ": " + KEY + "=" + text + " is not a whole number; keeping "
                    + KEY + "=" + jobsPerUserPerHour + (jobsPerUserPerHour == 0 ? " (no throttle)" : ""));
            return;
        }
        log.info("_get_config", log.pluginType() + ": " + KEY + "=" + jobsPerUserPerHour);
    }

    @Override
    public synchronized int jobSubmit(JobDescriptor job, long submitUid, UserMessage message) {
        if (jobsPerUserPerHour == 0) {
            return SlurmErrno.SLURM_SUCCESS.code();
        }
        resetCounters();
        long uid = job.userId();
        Long count = counts.get(uid);
        if (count == null) {
            counts.put(uid, 1L);
            return SlurmErrno.SLURM_SUCCESS.code();
        }
        // Unsigned as in C (uint32_t count against int limit): a negative limit never throttles.
        if (Long.compareUnsigned(count, jobsPerUserPerHour & 0xffffffffL) < 0) {
            counts.put(uid, count + 1);
            return SlurmErrno.SLURM_SUCCESS.code();
        }
        message.set("Reached jobs per hour limit");
        return SlurmErrno.ESLURM_ACCOUNTING_POLICY.code();
    }

    /** Slurm's _reset_counters: the first call starts the clock; then whole 6-minute intervals decay. */
    private void resetCounters() {
        long now = clock.instant().getEpochSecond();
        if (lastReset == 0) {
            lastReset = now;
            return;
        }
        long minutes = (now - lastReset) / 60;
        if (minutes < 6) {
            return;
        }
        long intervals = minutes / 6;
        lastReset += intervals * INTERVAL_SECONDS;
        long decay = (long) jobsPerUserPerHour * intervals / 10;
        for (Map.Entry<Long, Long> e : counts.entrySet()) {
            long orig = e.getValue();
            long next = orig - decay;
            e.setValue(next > 0 ? next : 0);
            log.debug2("_reset_counters", "count for user " + PluginLog.u32(e.getKey()) + " reset from " + orig
                    + " to " + e.getValue());
        }
    }

    @Override
    public int jobModify(JobDescriptor job, JobRecord current, long modifyUid, UserMessage message) {
        return SlurmErrno.SLURM_SUCCESS.code();
    }

    /** Slurm frees the counters on unload. */
    @Override
    public synchronized void fini() {
        counts.clear();
        lastReset = 0;
    }

    /** The count kept for {@code uid} (tests). */
    synchronized long count(long uid) {
        return counts.getOrDefault(uid, 0L);
    }
}
