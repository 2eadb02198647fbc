package io.plugstack.job_submit.logging;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;

/**
 * slurmctld's log as this plugin writes it. Slurm compiles its plugins with SLURM_PLUGIN_DEBUG, which
 * starts every info()/debug() line with "&lt;plugin_type&gt;: &lt;C function&gt;: ", so the lines here carry the
 * same prefix and read exactly as Slurm 25.11's.
 */
final class SlurmLog {

    static final String PLUGIN_TYPE = "job_submit/logging";

    private final Logger logger;

    SlurmLog() {
        this(System.getLogger(PLUGIN_TYPE));
    }

    SlurmLog(Logger logger) {
        this.logger = logger;
    }

    /** Slurm's info(). */
    void info(String function, String message) {
        log(Level.INFO, function, message);
    }

    private void log(Level level, String function, String message) {
        if (logger.isLoggable(level)) {
            logger.log(level, PLUGIN_TYPE + ": " + function + ": " + message);
        }
    }

    /** A C string as printf's %s shows it (glibc prints NULL as "(null)"). */
    static String str(String s) {
        return s == null ? "(null)" : s;
    }

    /** A uint32_t as printf's %u shows it. */
    static String u32(long v) {
        return Long.toString(v & 0xffffffffL);
    }
}
