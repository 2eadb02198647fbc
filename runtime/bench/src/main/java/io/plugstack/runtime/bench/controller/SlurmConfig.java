package io.plugstack.runtime.bench.controller;

import io.plugstack.api.slurm.SlurmLog;

/**
 * The slurm.conf parameters the bench's controller reads, from the ConfigAdmin configuration
 * "plugstack.slurm" (e.g. deploy/plugstack.slurm.cfg), changeable at run time. JobSubmitPlugins and
 * CliFilterPlugins, from the same configuration, are the job_submit and cli_filter hosts' own.
 */
public record SlurmConfig(String clusterName, int minJobAge) {

    /** slurm.conf's MinJobAge default: a finished job's record is kept 300 s. */
    public static final int MIN_JOB_AGE = 300;

    public static final SlurmConfig DEFAULT = new SlurmConfig("cluster", MIN_JOB_AGE);

    public static SlurmConfig of(java.util.Map<String, ?> p) {
        return new SlurmConfig(text(p, "ClusterName", "cluster"), minJobAge(text(p, "MinJobAge", "")));
    }

    /** MinJobAge in seconds; a bad value keeps the default and says so, as slurmctld does for a bad line. */
    private static int minJobAge(String v) {
        if (v.isEmpty()) {
            return MIN_JOB_AGE;
        }
        try {
            return Math.max(0, Integer.parseInt(v));
        } catch (NumberFormatException e) {
            SlurmLog.lines("slurmctld", System.err, 0).error("plugstack.slurm: MinJobAge=" + v + " is not a number; using " + MIN_JOB_AGE);
            return MIN_JOB_AGE;
        }
    }

    private static String text(java.util.Map<String, ?> p, String key, String def) {
        Object v = p.get(key);
        return v == null ? def : String.valueOf(v).trim();
    }
}
