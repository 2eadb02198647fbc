package io.plugstack.runtime.spank;

/**
 * Where the SPANK stack's messages go, at Slurm's log levels. The sink adds Slurm's prefixes
 * ("error: " for ERROR); callers pass the message as Slurm words it, e.g.
 * "spank: /etc/slurm/plugstack.conf:3: Invalid line. Ignoring.".
 */
public interface SlurmLog {

    /** PLAIN: error level without the "error: " prefix, what slurm_spank_log writes to the user. */
    enum Level { ERROR, INFO, VERBOSE, DEBUG, DEBUG2, DEBUG3, PLAIN }

    void log(Level level, String message);

    /** A sink that drops everything (probing a stack without telling anyone). */
    SlurmLog QUIET = (level, message) -> { };

    default void error(String message) { log(Level.ERROR, message); }
    default void info(String message) { log(Level.INFO, message); }
    default void verbose(String message) { log(Level.VERBOSE, message); }
    default void debug(String message) { log(Level.DEBUG, message); }
    default void debug2(String message) { log(Level.DEBUG2, message); }
}
