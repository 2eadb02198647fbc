package io.plugstack.job_submit.partition;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;

/**
 * slurmctld's log as this plugin writes it. Slurm compiles its plugins with SLURM_PLUGIN_DEBUG, which
 * starts every info()/debug() line with "&lt;plugin_type&gt;: &lt;C function&gt;: ", so the lines here carry the
 * same prefix and read exactly as Slurm 25.11's.
 */
final class SlurmLog {

    static final String PLUGIN_TYPE = "job_submit/partition";

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

    /** Slurm's debug(). */
    void debug(String function, String message) {
        log(Level.DEBUG, function, message);
    }

    private void log(Level level, String function, String message) {
        if (logger.isLoggable(level)) {
            logger.log(level, PLUGIN_TYPE + ": " + function + ": " + message);
        }
    }
}
