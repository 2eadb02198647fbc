package io.plugstack.api.spank;

import java.util.Locale;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The logging functions Slurm exports to SPANK plugins (SPANK-H-19). The host adds Slurm's prefixes:
 * "error: " for {@link #error(String)}, none for {@link #spankLog(String)}. The formatting overloads use
 * {@link String#format} (Java's format syntax, not C's printf).
 */
@ProviderType
public interface SpankLog {

    /**
     * slurm_info.
     *
     * @param message the line to log
     */
    void info(String message);

    /**
     * slurm_error: error level, printed with "error: ".
     *
     * @param message the line to log
     */
    void error(String message);

    /**
     * slurm_verbose.
     *
     * @param message the line to log
     */
    void verbose(String message);

    /**
     * slurm_debug.
     *
     * @param message the line to log
     */
    void debug(String message);

    /**
     * slurm_debug2.
     *
     * @param message the line to log
     */
    void debug2(String message);

    /**
     * slurm_debug3.
     *
     * @param message the line to log
     */
    void debug3(String message);

    /**
     * slurm_spank_log: error level without the "error: " prefix, the way to talk to the srun/sbatch user.
     *
     * @param message the line to log
     */
    void spankLog(String message);

    /**
     * {@link #info(String)} with a message made by {@link String#format} (root locale).
     *
     * @param format a {@link java.util.Formatter} format string
     * @param args   the values it refers to
     */
    default void info(String format, Object... args) {
        info(String.format(Locale.ROOT, format, args));
    }

    /**
     * {@link #error(String)} with a message made by {@link String#format} (root locale).
     *
     * @param format a {@link java.util.Formatter} format string
     * @param args   the values it refers to
     */
    default void error(String format, Object... args) {
        error(String.format(Locale.ROOT, format, args));
    }

    /**
     * {@link #verbose(String)} with a message made by {@link String#format} (root locale).
     *
     * @param format a {@link java.util.Formatter} format string
     * @param args   the values it refers to
     */
    default void verbose(String format, Object... args) {
        verbose(String.format(Locale.ROOT, format, args));
    }

    /**
     * {@link #debug(String)} with a message made by {@link String#format} (root locale).
     *
     * @param format a {@link java.util.Formatter} format string
     * @param args   the values it refers to
     */
    default void debug(String format, Object... args) {
        debug(String.format(Locale.ROOT, format, args));
    }

    /**
     * {@link #debug2(String)} with a message made by {@link String#format} (root locale).
     *
     * @param format a {@link java.util.Formatter} format string
     * @param args   the values it refers to
     */
    default void debug2(String format, Object... args) {
        debug2(String.format(Locale.ROOT, format, args));
    }

    /**
     * {@link #debug3(String)} with a message made by {@link String#format} (root locale).
     *
     * @param format a {@link java.util.Formatter} format string
     * @param args   the values it refers to
     */
    default void debug3(String format, Object... args) {
        debug3(String.format(Locale.ROOT, format, args));
    }

    /**
     * {@link #spankLog(String)} with a message made by {@link String#format} (root locale).
     *
     * @param format a {@link java.util.Formatter} format string
     * @param args   the values it refers to
     */
    default void spankLog(String format, Object... args) {
        spankLog(String.format(Locale.ROOT, format, args));
    }
}
