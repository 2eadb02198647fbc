package io.plugstack.benchmarks;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

import io.plugstack.api.jobsubmit.JobSubmitPlugin;
import io.plugstack.api.jobsubmit.Slurmctld;
import io.plugstack.job_submit.all_partitions.AllPartitionsPlugin;
import io.plugstack.job_submit.defaults.DefaultsPlugin;
import io.plugstack.job_submit.logging.LoggingPlugin;
import io.plugstack.job_submit.partition.PartitionPlugin;
import io.plugstack.job_submit.pbs.PbsPlugin;
import io.plugstack.job_submit.require_timelimit.RequireTimelimitPlugin;
import io.plugstack.job_submit.throttle.ThrottlePlugin;

/**
 * Slurm's seven sample job_submit plugins as the shipped bundles build them, outside OSGi: the same
 * public constructors Declarative Services calls (the Slurmctld reference, throttle's configuration),
 * so each plugin logs through {@code System.getLogger("job_submit/<name>")} as it does in the runtime.
 */
final class SamplePlugins {

    /** JobSubmitPlugins= for the whole set, in the order the chain calls them. */
    static final String LIST = "all_partitions,defaults,logging,partition,pbs,require_timelimit,throttle";

    private SamplePlugins() {
    }

    /**
     * The seven, in {@link #LIST} order. {@code throttleLimit} is jobs_per_user_per_hour (0 disables
     * the throttle; the benchmark uses a limit no run reaches, so its counting code runs every time).
     */
    static List<JobSubmitPlugin> chain(Slurmctld slurmctld, int throttleLimit) {
        List<JobSubmitPlugin> plugins = List.of(
                new AllPartitionsPlugin(slurmctld),
                new DefaultsPlugin(),
                new LoggingPlugin(),
                new PartitionPlugin(slurmctld),
                new PbsPlugin(slurmctld),
                new RequireTimelimitPlugin(),
                new ThrottlePlugin(throttleConfig(throttleLimit)));
        for (JobSubmitPlugin p : plugins) {
            int rc = p.init(); // the host's PluginCatalog calls init() once before handing a plugin out
            if (rc != 0) {
                throw new IllegalStateException(p.getClass().getSimpleName() + ".init() returned " + rc);
            }
        }
        return plugins;
    }

    /** What ConfigAdmin would hand DS for PID job_submit.throttle with jobs_per_user_per_hour set. */
    static Map<String, Object> throttleConfig(int jobsPerUserPerHour) {
        return Map.of("jobs_per_user_per_hour", jobsPerUserPerHour);
    }

    /**
     * java.util.logging, which backs System.Logger here as in the runtime (it sets no LoggerFinder and
     * no logging.properties, so the JDK's defaults apply: root at INFO, a ConsoleHandler with
     * SimpleFormatter). The console handler is replaced by {@link FormattingSink}; {@code info} keeps
     * the root at INFO (every info line is formatted by SimpleFormatter, as on the console, then
     * dropped), {@code off} sets it to OFF (the plugins' isLoggable is false: no record, no formatting
     * of the line, but job_submit/logging still builds its message before asking; see the report).
     * Call before building the plugins.
     */
    static FormattingSink configureLogging(String mode) {
        Logger root = Logger.getLogger("");
        for (Handler h : root.getHandlers()) {
            root.removeHandler(h);
        }
        FormattingSink sink = new FormattingSink();
        sink.setFormatter(new SimpleFormatter());
        root.addHandler(sink);
        switch (mode) {
            case "off" -> root.setLevel(Level.OFF);
            case "info" -> root.setLevel(Level.INFO);
            default -> throw new IllegalArgumentException("logging must be off or info, not " + mode);
        }
        return sink;
    }

    /**
     * A handler that formats every record it gets, as ConsoleHandler would, and throws the text away
     * (counting records and characters, so the work cannot be dropped and can be checked).
     */
    static final class FormattingSink extends Handler {
        final LongAdder records = new LongAdder();
        final LongAdder chars = new LongAdder();

        @Override
        public void publish(LogRecord record) {
            if (!isLoggable(record)) {
                return;
            }
            Formatter f = getFormatter();
            records.increment();
            chars.add(f.format(record).length());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
