package io.plugstack.runtime.bench.controller;

import io.plugstack.api.plugin.ConfigurationSource;

import java.util.Map;

import io.plugstack.api.slurm.SlurmLog;

/**
 * The slurm.conf parameters the bench's controller reads, from the ConfigAdmin configuration
 * "plugstack.slurm" (e.g. deploy/plugstack.slurm.cfg), changeable at run time. JobSubmitPlugins and
 * CliFilterPlugins, from the same configuration, are the job_submit and cli_filter hosts' own.
 */
public record SlurmConfig(String clusterName, int minJobAge, String jobSubmitPlugins, String cliFilterPlugins) {

    /** slurm.conf's MinJobAge default: a finished job's record is kept 300 s. */
    public static final int MIN_JOB_AGE = 300;

    public static final SlurmConfig DEFAULT = new SlurmConfig("cluster", MIN_JOB_AGE, "", "");

    static final String PID = "plugstack.slurm";

    /**
     * The controller's log, as slurmctld's: "slurmctld: error: ..." in the runtime's log. The stream is
     * looked up at each line, so a test that catches System.err (the log without a launcher) sees the lines.
     */
    static final SlurmLog LOG = (level, message) -> SlurmLog.lines("slurmctld", io.plugstack.runtime.spi.log.RuntimeLog.stream(), 0).log(level, message);

    public static SlurmConfig of(Map<String, ?> p) {
        return of(p, LOG);
    }

    static SlurmConfig of(Map<String, ?> p, SlurmLog log) {
        return new SlurmConfig(text(p, "ClusterName", "cluster"), minJobAge(p, log), text(p, "JobSubmitPlugins", ""),
                text(p, "CliFilterPlugins", ""));
    }

    /** MinJobAge in seconds; a bad value keeps the default and says so, as slurmctld does for a bad line. */
    private static int minJobAge(Map<String, ?> p, SlurmLog log) {
        String v = text(p, "MinJobAge", "");
        if (v.isEmpty()) {
            return MIN_JOB_AGE;
        }
        try {
            return Math.max(0, Integer.parseInt(v));
        } catch (NumberFormatException e) {
            log.error(source(p, PID) + ": MinJobAge=" + v + " is not a number; using " + MIN_JOB_AGE);
            return MIN_JOB_AGE;
        }
    }

    /** Where a configuration came from, for a line about one of its values. */
    static String source(Map<String, ?> config, String pid) {
        return ConfigurationSource.of(config, pid);
    }

    static String text(Map<String, ?> p, String key, String def) {
        Object v = p.get(key);
        return v == null ? def : String.valueOf(v).trim();
    }
}
