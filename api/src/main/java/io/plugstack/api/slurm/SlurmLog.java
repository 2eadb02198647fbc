package io.plugstack.api.slurm;

import java.io.PrintStream;

/**
 * Slurm's log (log.h), the one home of its levels and line format for the whole runtime: the SPANK
 * handle, the job_submit and cli_filter hosts, the bench's simulated commands and daemons, and
 * plugins' {@link io.plugstack.api.plugin.PluginLog}. Callers pass the message as Slurm words it, e.g.
 * "spank: /etc/slurm/plugstack.conf:3: Invalid line. Ignoring."; the sink adds the prefixes.
 */
@FunctionalInterface
public interface SlurmLog {

    /** log.h's levels, most severe first; PLAIN is error level without "error: " (slurm_spank_log, what a user reads). */
    enum Level {
        /** error(): always shown, with "error: ". */
        ERROR,
        /** info(): always shown. */
        INFO,
        /** verbose(): from -v. */
        VERBOSE,
        /** debug(): from -vv. */
        DEBUG,
        /** debug2(): from -vvv. */
        DEBUG2,
        /** debug3(): from -vvvv. */
        DEBUG3,
        /** slurm_spank_log: error level without the "error: " prefix. */
        PLAIN;

        /** {@return the {@link System.Logger} level a Slurm level is written at when a logger is the sink} */
        public System.Logger.Level systemLevel() {
            return switch (this) {
                case ERROR, PLAIN -> System.Logger.Level.ERROR;
                case INFO -> System.Logger.Level.INFO;
                case VERBOSE, DEBUG -> System.Logger.Level.DEBUG;
                case DEBUG2, DEBUG3 -> System.Logger.Level.TRACE;
            };
        }

        /** The -v count from which a command shows this level (0: always). */
        int verbosity() {
            return switch (this) {
                case ERROR, INFO, PLAIN -> 0;
                case VERBOSE -> 1;
                case DEBUG -> 2;
                case DEBUG2 -> 3;
                case DEBUG3 -> 4;
            };
        }
    }

    /**
     * Logs one message.
     *
     * @param level   its level
     * @param message the message as Slurm words it, without prefixes
     */
    void log(Level level, String message);

    /** A sink that drops everything (probing a stack without telling anyone). */
    SlurmLog QUIET = (level, message) -> { };

    /**
     * Logs at {@link Level#ERROR}.
     *
     * @param message the message
     */
    default void error(String message) {
        log(Level.ERROR, message);
    }

    /**
     * Logs at {@link Level#INFO}.
     *
     * @param message the message
     */
    default void info(String message) {
        log(Level.INFO, message);
    }

    /**
     * Logs at {@link Level#VERBOSE}.
     *
     * @param message the message
     */
    default void verbose(String message) {
        log(Level.VERBOSE, message);
    }

    /**
     * Logs at {@link Level#DEBUG}.
     *
     * @param message the message
     */
    default void debug(String message) {
        log(Level.DEBUG, message);
    }

    /**
     * Logs at {@link Level#DEBUG2}.
     *
     * @param message the message
     */
    default void debug2(String message) {
        log(Level.DEBUG2, message);
    }

    /**
     * Slurm's line format for a command or daemon named {@code prefix}: "srun: error: msg", "srun: msg"
     * for info and verbose, "srun: debug:  msg" and "srun: debug2: msg" below, the message alone for
     * PLAIN; levels above {@code verbosity} (the -v count) are dropped.
     *
     * @param prefix    the command or daemon, e.g. "srun"
     * @param verbosity the -v count
     * @param level     the message's level
     * @param message   the message
     * @return the line, or null when the level is not shown at this verbosity
     */
    static String line(String prefix, int verbosity, Level level, String message) {
        if (level.verbosity() > verbosity) {
            return null;
        }
        return switch (level) {
            case PLAIN -> message;
            case ERROR -> prefix + ": error: " + message;
            case INFO, VERBOSE -> prefix + ": " + message;
            case DEBUG -> prefix + ": debug:  " + message;
            case DEBUG2 -> prefix + ": debug2: " + message;
            case DEBUG3 -> prefix + ": debug3: " + message;
        };
    }

    /**
     * Lines in Slurm's format ({@link #line}) printed to {@code stream}.
     *
     * @param prefix    the command or daemon, e.g. "srun"
     * @param stream    where the lines go
     * @param verbosity the -v count
     * @return the sink
     */
    static SlurmLog lines(String prefix, PrintStream stream, int verbosity) {
        return (level, message) -> {
            String line = line(prefix, verbosity, level, message);
            if (line != null) {
                stream.println(line);
            }
        };
    }

    /**
     * Messages written to {@code logger} at each level's {@link Level#systemLevel()}, checked before formatting.
     *
     * @param logger where the messages go
     * @return the sink
     */
    static SlurmLog logger(System.Logger logger) {
        return (level, message) -> {
            if (logger.isLoggable(level.systemLevel())) {
                logger.log(level.systemLevel(), message);
            }
        };
    }
}
